"""Check loaded YAML against the game's JSON Schemas and locate every error.

All errors are collected (`iter_errors`), not just the first, and each is turned into a
Problem at the line that holds the offending value or key (generator.schemas.explain says
what each one means in the game's words).
"""

from __future__ import annotations

from pathlib import Path

from generator.cards.yamlfile import YamlDoc
from generator.problems import Problem, pointer
from generator.schemas import explain, validator


def schema_problems(doc: YamlDoc, schema_path: Path) -> list[Problem]:
    """Validate `doc` against the schema file and return every error, located."""
    problems: list[Problem] = []
    for error in validator(schema_path).iter_errors(doc.data):
        for path, message, is_key in explain(error):
            problems.append(doc.problem(pointer(path), "SCHEMA", message, key=is_key))
    return problems
