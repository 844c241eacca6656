"""JSON Schema validators for the files in schemas/ (card data, game records, states).

One place builds them: 2020-12, `$ref` between files of a folder resolved by file name, and
integers that are integers (JSON Schema would accept 1.0).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError
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


def schema_path(game: str, name: str) -> Path:
    """The schema file schemas/<game>/<name>.schema.json."""
    return SCHEMAS / game / f"{name}.schema.json"


def errors(instance: Any, schema_file: Path) -> Iterator[ValidationError]:
    """Every error of `instance` against a schema file, in document order."""
    yield from sorted(
        validator(schema_file).iter_errors(instance), key=lambda e: list(map(str, e.absolute_path))
    )
