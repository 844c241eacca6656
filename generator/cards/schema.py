"""Check loaded YAML against the game's JSON Schemas and locate every error.

All errors are collected (`iter_errors`), not just the first, and each is turned into a
Problem at the line that holds the offending value or key.
"""

from __future__ import annotations

import difflib
import json
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match
from jsonschema.validators import extend
from referencing import Registry, Resource

from generator.cards.yamlfile import YamlDoc
from generator.problems import Problem, pointer


def _is_strict_integer(checker: object, instance: object) -> bool:
    # JSON Schema counts 1.0 as an integer; card data must not, or `vp: 1.0` would slip
    # through as a float into the engines.
    return isinstance(instance, int) and not isinstance(instance, bool)


StrictValidator = extend(
    Draft202012Validator,
    type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_strict_integer),
)


@cache
def _registry(schema_dir: Path) -> Registry:
    # Every schema is registered under its file name, so `"$ref": "common.schema.json#/..."`
    # resolves here exactly as it does for editors that follow the file path.
    resources = [
        (path.name, Resource.from_contents(json.loads(path.read_text(encoding="utf-8"))))
        for path in sorted(schema_dir.glob("*.schema.json"))
    ]
    return Registry().with_resources(resources)


@cache
def validator(schema_path: Path) -> Any:
    """Return a validator for one schema file (cached: schemas do not change during a run)."""
    schema = json.loads(schema_path.read_text(encoding="utf-8"))
    return StrictValidator(schema, registry=_registry(schema_path.parent))


def _leaf(error: ValidationError) -> ValidationError:
    # For anyOf/oneOf the interesting error is inside; pick the one jsonschema ranks best.
    while error.context:
        error = best_match(error.context)
    return error


def _unknown_keys(error: ValidationError) -> list[str]:
    if error.validator != "additionalProperties" or not isinstance(error.instance, dict):
        return []
    known = error.schema.get("properties", {})
    return [k for k in error.instance if k not in known]


def _suggest(key: str, error: ValidationError) -> str:
    close = difflib.get_close_matches(key, list(error.schema.get("properties", {})), n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


def schema_problems(doc: YamlDoc, schema_path: Path) -> list[Problem]:
    """Validate `doc` against the schema file and return every error, located."""
    problems: list[Problem] = []
    for top in validator(schema_path).iter_errors(doc.data):
        error = _leaf(top)
        ptr = pointer(error.absolute_path)
        unknown = _unknown_keys(error)
        if unknown:
            # One problem per unknown key, at the key's own line, with a hint for typos.
            for key in unknown:
                child = pointer([*error.absolute_path, key])
                message = f"unknown key '{key}'{_suggest(key, error)}"
                problems.append(doc.problem(child, "SCHEMA", message, key=True))
            continue
        problems.append(doc.problem(ptr, "SCHEMA", _message(error)))
    return problems


def _message(error: ValidationError) -> str:
    if error.validator == "required" and isinstance(error.instance, dict):
        return error.message.replace("is a required property", "is required here")
    return error.message
