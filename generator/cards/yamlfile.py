"""Read a YAML file into plain data plus the position of every node in it.

jsonschema reports paths, not places in a file; this module keeps a map from JSON pointer to
(line, column) so every error can name the line a designer has to fix. Reading never raises
for bad input: it returns the problems it found instead.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.constructor import SafeConstructor
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from ruamel.yaml.reader import ReaderError

from generator.paths import display
from generator.problems import Problem, pointer

Position = tuple[int, int]

# Card data is small (the largest shipped file is about 20 KB and 2,000 values, 6 levels
# deep). These bounds refuse what is certainly not card data before it costs time or
# memory: a huge or endless file (a symlink to /dev/zero), nesting that would exhaust the
# stack, and aliases that expand exponentially (a "billion laughs" bomb).
MAX_BYTES = 2_000_000
MAX_DEPTH = 40
MAX_VALUES = 200_000


class _Constructor(SafeConstructor):
    """The safe constructor, except that dates stay strings.

    Card data has no dates; a value like `2024-01-01` or `2024-13-45` is a typo for something
    else, and as a string it reaches the schema, which says what was expected there.
    """


_Constructor.add_constructor("tag:yaml.org,2002:timestamp", SafeConstructor.construct_yaml_str)


class RecursiveAliasError(Exception):
    """A YAML alias refers to a node that contains it."""

    def __init__(self, node: Node) -> None:
        super().__init__("an alias refers to a node that contains it")
        self.node = node


class TooLargeError(Exception):
    """The document nests too deeply or its aliases expand to too many values."""

    def __init__(self, node: Node, where: str, message: str) -> None:
        super().__init__(message)
        self.node = node
        self.where = where


@dataclass(frozen=True)
class YamlDoc:
    """A loaded YAML document: its data and where each part of it was written."""

    path: Path
    data: Any
    # pointer -> (line, col) of the value, and of the key that names it (mappings only).
    values: dict[str, Position] = field(default_factory=dict)
    keys: dict[str, Position] = field(default_factory=dict)

    @property
    def name(self) -> str:
        """The file name as shown in messages."""
        return display(self.path)

    def locate(self, ptr: str, *, key: bool = False) -> Position | None:
        """Return the position of `ptr`, or of its nearest ancestor that has one.

        With `key=True` the position of the mapping key is preferred, which is where an
        unknown or duplicate key should be reported.
        """
        while True:
            if key and ptr in self.keys:
                return self.keys[ptr]
            if ptr in self.values:
                return self.values[ptr]
            if not ptr:
                return None
            ptr = ptr.rsplit("/", 1)[0]

    def problem(self, ptr: str, code: str, message: str, *, key: bool = False) -> Problem:
        """Make a problem located at `ptr` in this document."""
        line, col = self.locate(ptr, key=key) or (None, None)
        return Problem(self.name, line, col, ptr, code, message)


def _position(node: Node) -> Position:
    return (node.start_mark.line + 1, node.start_mark.column + 1)


def _key_text(node: Node) -> str:
    # Keys are compared as JSON keys are: as strings. A YAML key `2` and `"2"` are the same.
    if isinstance(node, ScalarNode):
        return str(node.value)
    return f"<{node.id} key>"


@dataclass
class _Budget:
    values: int = 0


def _walk(
    node: Node,
    parts: list[str],
    doc: YamlDoc,
    dupes: list[Problem],
    open_: frozenset[int],
    budget: _Budget,
) -> None:
    if id(node) in open_:
        raise RecursiveAliasError(node)
    if len(parts) > MAX_DEPTH:
        raise TooLargeError(node, pointer(parts), f"nested more than {MAX_DEPTH} levels deep")
    budget.values += 1
    if budget.values > MAX_VALUES:
        raise TooLargeError(
            node,
            pointer(parts),
            f"expands to more than {MAX_VALUES:,} values (aliases repeated within aliases?)",
        )
    open_ = open_ | {id(node)}
    here = pointer(parts)
    doc.values.setdefault(here, _position(node))
    if isinstance(node, MappingNode):
        seen: dict[str, Position] = {}
        for key_node, value_node in node.value:
            key = _key_text(key_node)
            child = pointer([*parts, key])
            if key in seen:
                # Reported at the repeated key itself, naming where the first one is.
                message = f"duplicate key '{key}' (first at line {seen[key][0]})"
                dupes.append(Problem(doc.name, *_position(key_node), child, "DUPKEY", message))
                continue
            seen[key] = _position(key_node)
            doc.keys[child] = _position(key_node)
            _walk(value_node, [*parts, key], doc, dupes, open_, budget)
    elif isinstance(node, SequenceNode):
        for index, item in enumerate(node.value):
            _walk(item, [*parts, str(index)], doc, dupes, open_, budget)


def _stringify_keys(value: Any) -> Any:
    """Make every mapping key a string, as in JSON, so schema checks see what editors see."""
    if isinstance(value, dict):
        return {_key_str(k): _stringify_keys(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_stringify_keys(v) for v in value]
    return value


def _key_str(key: Any) -> str:
    if isinstance(key, bool):
        return "true" if key else "false"
    if key is None:
        return "null"
    return str(key)


def _decode(raw: bytes, name: str) -> tuple[str | None, list[Problem]]:
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE, codecs.BOM_UTF32_LE)):
        return None, [Problem(name, 1, 1, "", "ENCODING", "file is UTF-16/32; save it as UTF-8")]
    try:
        return raw.decode("utf-8-sig"), []
    except UnicodeDecodeError as err:
        line = raw.count(b"\n", 0, err.start) + 1
        col = err.start - (raw.rfind(b"\n", 0, err.start) + 1) + 1
        byte = raw[err.start : err.start + 1].hex()
        return None, [
            Problem(
                name,
                line,
                col,
                "",
                "ENCODING",
                f"not valid UTF-8 (byte 0x{byte}); save the file as UTF-8",
            )
        ]


def _yaml_problem(err: YAMLError, name: str, text: str) -> Problem:
    if isinstance(err, ReaderError):
        # Raised for control characters; it knows an offset, not a line.
        line = text.count("\n", 0, err.position) + 1
        col = err.position - (text.rfind("\n", 0, err.position) + 1) + 1
        char = err.character if isinstance(err.character, int) else ord(err.character)
        message = f"character {char:#06x} is not allowed in YAML; remove it"
        return Problem(name, line, col, "", "YAML", message)
    problem_mark = getattr(err, "problem_mark", None)
    context_mark = getattr(err, "context_mark", None)
    opened = _OPENED.get(str(getattr(err, "context", "")))
    if opened and context_mark is not None and problem_mark is not None:
        # An unclosed bracket or quote is noticed only where the parser gives up, often the
        # end of the file; the mistake is where the construct started, so report it there.
        gave_up = f"line {problem_mark.line + 1}, column {problem_mark.column + 1}"
        message = f"YAML syntax: {opened} is not closed: at {gave_up}, {err.problem}"
        return Problem(name, context_mark.line + 1, context_mark.column + 1, "", "YAML", message)
    mark = problem_mark or context_mark
    if isinstance(err, MarkedYAMLError):
        message = " ".join(str(x) for x in (err.context, err.problem) if x)
    else:
        message = str(err)
    message = f"YAML syntax: {message or 'cannot be parsed'}"
    if "mapping values are not allowed" in message:
        # The usual cause in card data: a ": " inside a text, which YAML reads as a new key.
        message += (
            " (a ': ' inside a value starts a new key: put the whole value in quotes, "
            'e.g. text: "Gain 1: culture")'
        )
    if mark is None:
        return Problem(name, None, None, "", "YAML", message)
    return Problem(name, mark.line + 1, mark.column + 1, "", "YAML", message)


_OPENED = {
    "while parsing a flow sequence": "the '[' opened here",
    "while parsing a flow mapping": "the '{' opened here",
    "while scanning a quoted scalar": "the quote opened here",
    "while scanning a double-quoted scalar": "the quote opened here",
    "while scanning a single-quoted scalar": "the quote opened here",
}


def read_yaml(path: Path) -> tuple[YamlDoc | None, list[Problem]]:
    """Load one YAML file with positions.

    Returns the document (None when it cannot be used at all) and the problems found while
    reading: a missing or unreadable file, a wrong encoding, YAML syntax, an empty file,
    several documents in one file, duplicate keys.
    """
    name = display(path)
    try:
        with path.open("rb") as file:
            raw = file.read(MAX_BYTES + 1)  # bounded: the path may be a device or a pipe
    except FileNotFoundError:
        return None, [Problem(name, None, None, "", "MISSING", "file not found")]
    except OSError as err:
        return None, [Problem(name, None, None, "", "MISSING", f"cannot read: {err.strerror}")]
    if len(raw) > MAX_BYTES:
        message = (
            f"larger than {MAX_BYTES:,} bytes: card data is far smaller; is it the right file?"
        )
        return None, [Problem(name, None, None, "", "SIZE", message)]
    text, problems = _decode(raw, name)
    if text is None:
        return None, problems

    yaml = YAML(typ="safe", pure=True)
    yaml.Constructor = _Constructor
    yaml.allow_duplicate_keys = True  # found and reported below, all of them, with lines
    try:
        nodes = list(yaml.compose_all(text))
    except YAMLError as err:
        return None, [_yaml_problem(err, name, text)]
    except RecursionError:
        return None, [
            Problem(name, None, None, "", "SIZE", f"nested more than {MAX_DEPTH} levels deep")
        ]

    if not nodes or nodes[0] is None:
        return None, [Problem(name, 1, 1, "", "EMPTY", "file is empty: expected a mapping")]
    if len(nodes) > 1:
        second = nodes[1]
        line = second.start_mark.line + 1 if second is not None else None
        return None, [
            Problem(
                name,
                line,
                1,
                "",
                "YAML",
                "several YAML documents in one file: keep one (remove '---')",
            )
        ]
    positions = YamlDoc(path=path, data=None)
    dupes: list[Problem] = []
    try:
        _walk(nodes[0], [], positions, dupes, frozenset(), _Budget())
    except RecursiveAliasError as err:
        line, col = _position(err.node)
        return None, [Problem(name, line, col, "", "YAML", f"YAML alias: {err}")]
    except TooLargeError as err:
        line, col = _position(err.node)
        return None, [Problem(name, line, col, err.where, "SIZE", str(err))]
    try:
        # Build the data from the nodes already composed: parsing once is half the time.
        data = yaml.constructor.construct_document(nodes[0])
    except YAMLError as err:
        return None, [_yaml_problem(err, name, text)]
    doc = YamlDoc(path, _stringify_keys(data), positions.values, positions.keys)
    return doc, dupes
