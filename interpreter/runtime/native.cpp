// The machine's side of a native build (native_abi.hpp): the operations its code calls out of line.
#include "runtime/native_abi.hpp"

namespace ri {

const NativeHost Native::host = {
    [](Machine& m, int n) { m.out_of_steps(m.P_->code[static_cast<size_t>(n)]); },
};

}  // namespace ri
