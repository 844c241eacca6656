"""JSON Schema validators for the files in schemas/ (card data, game records, states).

One place builds them: 2020-12, `$ref` between files of a folder resolved by file name, and
integers that are integers (JSON Schema would accept 1.0).
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match
from jsonschema.validators import extend
from referencing import Registry, Resource

from generator.paths import SCHEMAS


def _is_strict_integer(checker: object, instance: object) -> bool:
    # JSON Schema counts 1.0 as an integer; card data must not, or `vp: 1.0` would slip
    # through as a float into the engines.
    return isinstance(instance, int) and not isinstance(instance, bool)


StrictValidator = extend(
    Draft202012Validator,
    type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_strict_integer),
)


# Schemas any game's schemas may refer to by file name: what a TTS table keeps with a game
# record in its save is the table framework's, the same for every game; so is how a game's
# card data words its counts (its unit words).
SHARED = ("tts/table.schema.json", "words/units.schema.json")


@cache
def _registry(schema_dir: Path) -> Registry:
    # Every schema is registered under its file name, so `"$ref": "common.schema.json#/..."`
    # resolves here exactly as it does for editors that follow the file path; the shared
    # ones too.
    paths = sorted(schema_dir.glob("*.schema.json"))
    paths += [SCHEMAS / name for name in SHARED if (SCHEMAS / name).parent != schema_dir]
    resources = [
        (path.name, Resource.from_contents(json.loads(path.read_text(encoding="utf-8"))))
        for path in paths
    ]
    return Registry().with_resources(resources)


@cache
def validator(schema_path: Path) -> Any:
    """Return a validator for one schema file (cached: schemas do not change during a run)."""
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    return StrictValidator(schema, registry=_registry(schema_path.parent))


@cache
def _subschema_validator(schema_file: Path, fragment: str) -> Any:
    schema = {"$ref": f"{schema_file.name}#{fragment}"}
    return StrictValidator(schema, registry=_registry(schema_file.parent))


def subschema_errors(instance: Any, schema_file: Path, fragment: str) -> Iterator[ValidationError]:
    """Every error of `instance` against one part of a schema file (a JSON pointer into it)."""
    found = _subschema_validator(schema_file, fragment).iter_errors(instance)
    yield from sorted(found, key=lambda e: list(map(str, e.absolute_path)))


def schema_path(game: str, name: str) -> Path:
    """The schema file schemas/<game>/<name>.schema.json."""
    return SCHEMAS / game / f"{name}.schema.json"


def errors(instance: Any, schema_file: Path) -> Iterator[ValidationError]:
    """Every error of `instance` against a schema file, in document order."""
    yield from sorted(
        validator(schema_file).iter_errors(instance), key=lambda e: list(map(str, e.absolute_path))
    )


_KINDS = {
    "integer": "a whole number",
    "number": "a number",
    "string": "text",
    "boolean": "true or false",
    "object": "a mapping of keys to values",
    "array": "a list",
    "null": "null",
}


def _found(value: Any) -> str:
    """A value as a designer would name it: text 'x', the number 2.0, a list, ..."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return f"the number {value}"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return f"the text {shown!r}"
    return "a list" if isinstance(value, list) else "a mapping"


def _subject(error: ValidationError, root: str) -> str:
    path = list(error.absolute_path)
    if not path:
        return root
    if isinstance(path[-1], int):
        names = [p for p in path if isinstance(p, str)]
        return f"entry {path[-1]} of {names[-1]}" if names else f"entry {path[-1]}"
    return str(path[-1])


def describe(error: ValidationError, root: str = "this document") -> str:
    """A schema error in the game's words: what was expected where, and what was found.

    "vp must be a whole number (found the text 'one')" instead of jsonschema's
    "'one' is not of type 'integer'". Validators without a wording here keep jsonschema's.
    """
    what, value, schema = _subject(error, root), error.instance, error.schema
    kind = error.validator
    if kind == "type":
        types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        expected = " or ".join(_KINDS.get(t, t) for t in types)
        return f"{what} must be {expected} (found {_found(value)})"
    if kind == "required" and isinstance(value, dict):
        # jsonschema reports each missing key as its own error ("'x' is a required property"):
        # name the key this one is about, so every missing key is said once.
        missing = [k for k in schema["required"] if k not in value]
        for key in missing:
            if error.message.startswith(repr(key)):
                return f"'{key}' is required here"
        return f"'{missing[0]}' is required here" if missing else error.message
    if kind == "enum":
        allowed = ", ".join(str(v) for v in schema["enum"])
        return f"{what} must be one of: {allowed} (found {_found(value)})"
    if kind == "const":
        return f"{what} must be {schema['const']!r} (found {_found(value)})"
    bounds = {
        "minimum": "at least",
        "maximum": "at most",
        "exclusiveMinimum": "more than",
        "exclusiveMaximum": "less than",
    }
    if kind in bounds:
        return f"{what} must be {bounds[kind]} {schema[kind]} (found {_found(value)})"
    if kind in ("minLength", "maxLength") and isinstance(value, str):
        limit = "at least" if kind == "minLength" else "at most"
        return f"{what} must be {limit} {schema[kind]} characters long (it has {len(value)})"
    if kind in ("minItems", "maxItems") and isinstance(value, list):
        limit = "at least" if kind == "minItems" else "at most"
        return f"{what} must list {limit} {schema[kind]} entries (it has {len(value)})"
    if kind == "uniqueItems" and isinstance(value, list):
        seen: list[Any] = []
        for item in value:
            if item in seen:
                return f"{what} lists {_found(item)} more than once"
            seen.append(item)
    if kind == "pattern":
        return f"{what} must match the pattern {schema['pattern']} (found {_found(value)})"
    return error.message


def explain(
    error: ValidationError, root: str = "this document"
) -> list[tuple[list[Any], str, bool]]:
    """What a schema error means: (path, message, is_key) for each thing to fix.

    For anyOf/oneOf the error jsonschema ranks best inside is explained; an object with
    unknown keys gives one entry per key, located at the key (is_key), with a hint for a
    typo ("did you mean 'steps'?"); everything else one entry in the game's words.
    """
    while error.context:
        error = best_match(error.context)
    path = list(error.absolute_path)
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        known = list(error.schema.get("properties", {}))
        unknown = [k for k in error.instance if k not in known]
        out = []
        for key in unknown:
            close = difflib.get_close_matches(key, known, n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            out.append(([*path, key], f"unknown key '{key}'{hint}", True))
        if out:
            return out
    return [(path, describe(error, root), False)]
