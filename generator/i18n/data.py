"""Card data's words: each string its schema marks `"x-words": true`, found and translated.

A schema says which strings of a game's YAML players read (a name, a card's text, a unit's
word), by `"x-words": true` on the string's schema or on a `$ref`'s target. Those strings
join the game's catalogue (`ttsmod i18n update`), and a build in another language reads the
card data with them translated, so both engines, the table and the cards say the same words.
An id, a colour or a number is never marked.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

from generator.paths import SCHEMAS

MARK = "x-words"


@cache
def _schema(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def _find(name: str, folder: Path) -> Path:
    """A schema file by the name a `$ref` gives: in the folder, else a shared one."""
    here = folder / name
    if here.is_file():
        return here
    shared = [p for p in SCHEMAS.glob(f"*/{name}")]
    if len(shared) != 1:
        raise LookupError(f"$ref {name}: no single schema of that name")
    return shared[0]


def _resolve(node: Any, path: Path) -> tuple[Any, Path]:
    """A schema node with its `$ref` followed (the file it lies in, for further refs)."""
    while isinstance(node, dict) and "$ref" in node and not node.get(MARK):
        ref = node["$ref"]
        name, _, fragment = ref.partition("#")
        target = _find(name, path.parent) if name else path
        node = _schema(target)
        for part in [p for p in fragment.split("/") if p]:
            node = node[part]
        path = target
    return node, path


def marked(value: Any, node: Any, path: Path, pointer: str = "") -> Iterator[tuple[str, str]]:
    """(JSON pointer, text) of every string of `value` its schema marks as words."""
    if isinstance(node, dict) and node.get(MARK) and isinstance(value, str):
        yield pointer, value
        return
    node, path = _resolve(node, path)
    if not isinstance(node, dict):
        return
    if node.get(MARK) and isinstance(value, str):
        yield pointer, value
        return
    for key in ("oneOf", "anyOf", "allOf"):
        for option in node.get(key, []):
            yield from marked(value, option, path, pointer)
    if isinstance(value, dict):
        props = node.get("properties", {})
        extra = node.get("additionalProperties")
        for k, v in value.items():
            sub = props.get(k, extra if isinstance(extra, dict) else None)
            if sub is not None:
                yield from marked(v, sub, path, f"{pointer}/{k}")
    elif isinstance(value, list) and isinstance(node.get("items"), dict):
        for i, v in enumerate(value):
            yield from marked(v, node["items"], path, f"{pointer}/{i}")


def schema_path(game: str, file: str) -> Path:
    """The schema of one of a game's card files."""
    return SCHEMAS / game / f"{file}.schema.json"


def words_of(game: str, documents: dict[str, Any]) -> Iterator[tuple[str, str, str]]:
    """(file, JSON pointer, text) of every marked string of a game's card data."""
    for file, value in sorted(documents.items()):
        found = dict(marked(value, _schema(schema_path(game, file)), schema_path(game, file)))
        for pointer, text in found.items():  # (a string two ways of a oneOf mark: once)
            yield file, pointer, text


def translated(game: str, documents: dict[str, Any], words: Callable[[str], str]) -> dict[str, Any]:
    """A copy of the card data with each marked string replaced by `words(string)`."""
    out = copy.deepcopy(documents)
    for file, pointer, text in list(words_of(game, documents)):
        parts = pointer.split("/")[1:]
        holder = out[file]
        for part in parts[:-1]:
            holder = holder[int(part)] if isinstance(holder, list) else holder[part]
        last = parts[-1]
        if isinstance(holder, list):
            holder[int(last)] = words(text)
        else:
            holder[last] = words(text)
    return out
