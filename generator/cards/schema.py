"""Check loaded YAML against the game's JSON Schemas and locate every error.

All errors are collected (`iter_errors`), not just the first, and each is turned into a
Problem at the line that holds the offending value or key.
"""

from __future__ import annotations

import difflib
from pathlib import Path

from jsonschema.exceptions import ValidationError, best_match

from generator.cards.yamlfile import YamlDoc
from generator.problems import Problem, pointer
from generator.schemas import validator


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
