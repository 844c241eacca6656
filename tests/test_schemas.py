"""The schema files are valid 2020-12 schemas, self-describing and strict."""

from __future__ import annotations

import json

import pytest
from jsonschema import Draft202012Validator

from generator.paths import SCHEMAS

SCHEMA_FILES = sorted(SCHEMAS.rglob("*.schema.json"))


def walk(node, path=""):
    if isinstance(node, dict):
        yield path, node
        for key, value in node.items():
            yield from walk(value, f"{path}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from walk(value, f"{path}/{i}")


@pytest.mark.parametrize("path", SCHEMA_FILES, ids=lambda p: p.name)
def test_schema_is_valid_2020_12(path):
    schema = json.loads(path.read_text(encoding="utf-8"))
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("path", SCHEMA_FILES, ids=lambda p: p.name)
def test_every_property_is_described(path):
    schema = json.loads(path.read_text(encoding="utf-8"))
    missing = []
    for where, node in walk(schema):
        if "/if/" in f"{where}/":  # `if` branches only select a case; they describe nothing
            continue
        for key in ("properties", "$defs"):
            for name, sub in node.get(key, {}).items():
                # A $ref is described by its target, which this walk checks too.
                if isinstance(sub, dict) and "description" not in sub and "$ref" not in sub:
                    missing.append(f"{where}/{key}/{name}")
    assert not missing, f"{path.name}: no description at {missing}"


# Our own formats are strict. The TTS save schema is not: TTS adds keys from version to
# version and must still load old saves, so it type-checks the keys it knows and allows others.
OWN_FORMATS = [p for p in SCHEMA_FILES if p.parent.name != "tts"]


@pytest.mark.parametrize("path", OWN_FORMATS, ids=lambda p: p.name)
def test_every_object_with_properties_rejects_unknown_keys(path):
    schema = json.loads(path.read_text(encoding="utf-8"))
    loose = [
        where
        for where, node in walk(schema)
        if "properties" in node
        and node.get("additionalProperties") is not False
        and "/if" not in where  # `if` branches only select; their `then` is strict
        and not where.endswith("/$defs/ability")  # strict in each effect's `then`
        and not where.endswith("/$defs/condition")  # strict in each kind's `then`
    ]
    assert not loose, f"{path.name}: additionalProperties not false at {loose}"
