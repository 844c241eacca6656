"""Read a game record file for `ttsmod replay`: bounded, located, and checked as it streams.

A record is JSON (schemas/<game>/log.schema.json). Reading is bounded so no file can cost
unbounded time or memory: at most MAX_BYTES are read (a record of a million actions fits;
a symlink to /dev/zero does not), and nothing may nest deeper than MAX_DEPTH (a real
record nests 5 levels). The record's head (game, setup) is schema-checked at once; its
actions one at a time, as the replay reaches them (`action_problems`), so a long record
with a bad action fails at that action instead of after checking them all.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

from generator import games
from generator.paths import display
from generator.problems import WHOLE_FILE, Problem, pointer
from generator.schemas import errors, explain, schema_path, subschema_errors

MAX_BYTES = 256 * 1024 * 1024

# Python's json messages (each ends with "at" and a place we give apart) as whole sentences
JSON_WORDS = {
    "Expecting value": "a value is missing here",
    "Unterminated string starting at": "a string begins here and never ends",
    "Invalid control character at": "a line break or control character stands inside a string",
    "Expecting ',' delimiter": "a ',' is missing here",
    "Expecting ':' delimiter": "a ':' is missing here",
    "Expecting property name enclosed in double quotes": "a key in double quotes is missing here",
    "Extra data": "more text follows the end of the record here",
}


def json_words(message: str) -> str:
    """A JSON parser's message as a whole sentence (the place is given apart)."""
    return JSON_WORDS.get(message, message.removesuffix(" at"))


MAX_DEPTH = 32


class RecordError(Exception):
    """A record file cannot be replayed; `problems` says where and why."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(p.format() for p in problems))
        self.problems = problems


@dataclass(frozen=True)
class RecordFile:
    """A record read from a file: its name as shown in messages, and its data."""

    name: str
    game: str
    data: dict[str, Any]


def _depth_problem(value: Any, where: list[Any], name: str) -> Problem | None:
    """A problem when `value` nests deeper than MAX_DEPTH below `where` (iterative)."""
    stack: list[tuple[Any, int]] = [(value, len(where))]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            message = f"nested more than {MAX_DEPTH} levels deep: not a game record"
            return Problem(name, None, None, pointer(where), "SIZE", message)
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
    return None


def _record_in_save(save: dict[str, Any], fail: Any) -> Any:
    """The game record a TTS save holds: its Global script state (what onSave returned)."""
    state = save.get("LuaScriptState")
    if not isinstance(state, str) or not state.strip():
        fail("is a TTS save with no game record (no game was started at that table)", "SAVE")
    try:
        data = json.loads(state)
    except (json.JSONDecodeError, RecursionError):
        fail("is a TTS save whose script state is not a game record", "SAVE")
    if isinstance(data, dict) and "dealing" in data:
        fail("is a TTS save made while missions were being chosen: no action yet", "SAVE")
    return data


def read_record(path: Path, game: str) -> RecordFile:
    """Read a record, check its size, encoding, JSON and head; raise RecordError.

    A TTS save file is read as the record its table saved (the Global script state).

    A UTF-8 byte-order mark is accepted (as for card data). The actions are not checked
    here: see action_problems.
    """
    name = display(path)

    def fail(
        message: str, code: str = "RECORD", line: int | None = None, col: int | None = None
    ) -> NoReturn:
        raise RecordError([Problem(name, line, col, WHOLE_FILE, code, message)])

    try:
        with path.open("rb") as file:
            raw = file.read(MAX_BYTES + 1)
    except IsADirectoryError:
        fail("is a folder, not a record file")
    except OSError as err:
        fail(f"cannot read: {err.strerror}")
    if len(raw) > MAX_BYTES:
        fail(f"larger than {MAX_BYTES // 2**20} MB: not a game record", "SIZE")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        fail("not UTF-8 text")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        near_end = "\n" not in text[err.pos :].strip()  # the last line: cut short, maybe
        cut = "; the file ends soon after: is it cut short?" if near_end else ""
        fail(f"not JSON: {json_words(err.msg)}{cut}", "JSON", err.lineno, err.colno)
    except RecursionError:
        fail(f"nested more than {MAX_DEPTH} levels deep: not a game record", "SIZE")
    if isinstance(data, dict) and "ObjectStates" in data:
        data = _record_in_save(data, fail)
    other = data.get("game") if isinstance(data, dict) else None
    if isinstance(other, str) and other != game and other in games.ids():
        # another game's record: one line that says so, not its every schema difference
        raise RecordError([Problem(name, None, None, "/game", "RECORD",
            f"this is a {other} record ({games.get(other).title}), not {game}: "
            f"`ttsmod replay {other} {name}` replays it")])  # fmt: skip
    head = {k: v for k, v in data.items() if k != "actions"} if isinstance(data, dict) else data
    too_deep = _depth_problem(head, [], name)
    if too_deep:
        raise RecordError([too_deep])
    if isinstance(data, dict) and isinstance(data.get("actions"), list):
        # Check the head now and the actions one by one as they are replayed.
        shape = {**data, "actions": []}
    else:
        shape = data
    problems = [
        Problem(name, None, None, pointer(path), "SCHEMA", message)
        for e in errors(shape, schema_path(game, "log"))
        for path, message, _ in explain(e, "the record")
    ]
    if problems:
        raise RecordError(problems)
    return RecordFile(name, game, data)


def action_problems(record: RecordFile, index: int, action: Any) -> list[Problem]:
    """Every schema problem of one action of the record (its depth first)."""
    where = ["actions", index]
    too_deep = _depth_problem(action, where, record.name)
    if too_deep:
        return [too_deep]
    found = subschema_errors(action, schema_path(record.game, "log"), "/properties/actions/items")
    return [
        Problem(record.name, None, None, pointer([*where, *path]), "SCHEMA", message)
        for e in found
        for path, message, _ in explain(e, f"action {index}")
    ]
