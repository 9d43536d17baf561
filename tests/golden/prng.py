"""The project's PRNG (spec/prng.md), transcribed from the spec for the independent models of the golden tests
(tests/golden/*/generate.py): a model that draws as the interpreter does must draw from the same generator."""

M = (1 << 64) - 1


class Prng:  # spec/prng.md: SplitMix64 seeding, xoshiro256**, below(n) and shuffle
    def __init__(self, seed):
        x = seed & M
        self.s = []
        for _ in range(4):
            x = (x + 0x9E3779B97F4A7C15) & M
            z = x
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M
            self.s.append(z ^ (z >> 31))

    def next(self):
        s = self.s
        rotl = lambda x, k: ((x << k) | (x >> (64 - k))) & M
        result = (rotl((s[1] * 5) & M, 7) * 9) & M
        t = (s[1] << 17) & M
        s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t
        s[3] = rotl(s[3], 45)
        return result

    def below(self, n):
        threshold = (2**64 - n) % n
        while True:
            x = self.next()
            if x >= threshold:
                return x % n

    def shuffle(self, a):
        for i in range(len(a) - 1):
            j = i + self.below(len(a) - i)
            a[i], a[j] = a[j], a[i]
