#!/usr/bin/env python3
# validate_schema.py SCHEMA FILE...             every file must validate
# validate_schema.py SCHEMA --invalid FILE=KEY...  every file must NOT validate, KEY being the unknown key found
# Validates each rule file (YAML) against the JSON Schema spec/rule-file.schema.json, as an editor's YAML plugin
# does. Prints one line per file that breaks the expectation, and exits 1 when there is any.
import json
import sys

import jsonschema
import yaml


# a variant's '!append' tag (language.md, section 2) marks a list that is appended to the base's: its value is the
# list, as an editor's plugin that knows the tag sees it
yaml.SafeLoader.add_constructor("!append", lambda loader, node: loader.construct_sequence(node, deep=True))


def as_json(data):
    # JSON keys are strings: a YAML key like `1:` (an outcome) becomes "1", as an editor's plugin sees it
    return json.loads(json.dumps(data, default=str))


def _unexpected(error, key):
    # the key is reported by additionalProperties, or (at the top level, in a choice) in a context of the error
    if f"'{key}'" in error.message and ("unexpected" in error.message or "is not one of" in error.message):
        return True
    return any(_unexpected(e, key) for e in error.context or [])


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        print("usage: validate_schema.py SCHEMA [--invalid] FILE...", file=sys.stderr)
        return 2
    with open(args[0], encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft7Validator.check_schema(schema)
    validator = jsonschema.Draft7Validator(schema)
    invalid = args[1] == "--invalid"
    files = args[2:] if invalid else args[1:]
    bad = 0
    for path in files:
        key = None
        if invalid:
            path, _, key = path.partition("=")
        with open(path, encoding="utf-8") as f:
            data = as_json(yaml.safe_load(f))
        errors = list(validator.iter_errors(data))
        if invalid and not errors:
            print(f"{path}: validates, but should not")
            bad += 1
        elif invalid and not any(_unexpected(e, key) for e in errors):
            print(f"{path}: does not validate, but not for the unknown key '{key}'")
            bad += 1
        elif not invalid and errors:
            best = jsonschema.exceptions.best_match(errors)
            where = "/".join(str(p) for p in best.absolute_path)
            print(f"{path}: /{where}: {best.message[:300]}")
            bad += 1
    print(f"{len(files) - bad} of {len(files)} files as expected")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
