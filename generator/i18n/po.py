"""A translation catalogue (`.po`) read so that no slip in it reaches a save.

A catalogue is a modder's input like card data: each of its problems is named by file and
line and stops the command, and nothing in a msgstr runs or breaks what it lands in:

- the file is UTF-8 and gettext's syntax (Babel reads it), each msgid given once;
- a msgstr's `{name}` placeholders are exactly its msgid's (a dropped, extra, misspelt or
  numbered one, or a stray brace, would show a player `{colour}` or lose a number);
- no control character but a tab or a line break (the XmlUI a save carries is XML, which
  cannot hold one).

Placeholders are filled by `fill`, which knows bare names only, as lib/fill.lua does at the
table: a msgstr never reaches Python's `str.format`, whose fields read attributes and indexes.
"""

from __future__ import annotations

import io
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from generator.paths import display
from generator.problems import WHOLE_FILE, Problem

# lib/fill.lua's pattern `{([%w_]+)}`: a name of letters, digits and underscores
PLACEHOLDER = re.compile(r"\{([A-Za-z0-9_]+)\}")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def fill(words: str, values: Mapping[str, object]) -> str:
    """`words` with each `{name}` replaced by `values[name]`, as lib/fill.lua fills.

    A name with no value stays as written, so that it shows.
    """

    def one(m: re.Match[str]) -> str:
        name = m.group(1)
        return str(values[name]) if name in values else m.group(0)

    return PLACEHOLDER.sub(one, words)


def placeholders(words: str) -> list[str]:
    """The placeholder names of `words`, in order."""
    return PLACEHOLDER.findall(words)


def _braces(words: str) -> int:
    """How many braces `words` has outside its placeholders."""
    rest = PLACEHOLDER.sub("", words)
    return rest.count("{") + rest.count("}")


def _problem(path: Path, line: int | None, message: str) -> Problem:
    return Problem(display(path), line, None, WHOLE_FILE, "WORDS", message)


def _quoted(words: str, limit: int = 60) -> str:
    shown = words if len(words) <= limit else words[: limit - 1] + "…"
    return '"' + shown.replace("\n", "\\n") + '"'


def message_problems(msgid: str, msgstr: str) -> list[str]:
    """What is wrong with `msgstr` as the translation of `msgid` (nothing: [])."""
    found = []
    need, have = placeholders(msgid), placeholders(msgstr)
    lacks = sorted(set(need) - set(have))
    extra = sorted(set(have) - set(need))
    if lacks:
        found.append("lacks " + ", ".join("{" + n + "}" for n in lacks))
    if extra:
        found.append(
            "has " + ", ".join("{" + n + "}" for n in extra) + ", which its msgid has not "
            f"(its placeholders: {', '.join('{' + n + '}' for n in need) or 'none'})"
        )
    if _braces(msgstr) != _braces(msgid):
        found.append("has a brace that opens or closes no {placeholder}")
    bad = _CONTROL.search(msgstr)
    if bad:
        found.append(f"holds the control character U+{ord(bad.group()):04X} (no save can carry it)")
    return found


def read(path: Path, locale: str | None = None) -> tuple[Any, list[Problem]]:
    """The catalogue at `path` and its problems; the catalogue is None when it cannot be read.

    Every problem names the file and line: invalid UTF-8, gettext syntax, a msgid given
    twice, a msgstr whose placeholders or characters do not fit its msgid.
    """
    from babel.messages import pofile

    data = path.read_bytes()
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        return None, [_problem(path, line, f"not UTF-8: byte 0x{data[err.start]:02X} here "
                               "(save the catalogue as UTF-8)")]  # fmt: skip
    problems: list[Problem] = []

    class Parser(pofile.PoFileParser):  # type: ignore[misc]
        """Babel's parser, telling a msgid given twice (Babel keeps the first silently)."""

        def _add_message(self) -> None:
            msgid = self.messages[0].denormalize() if len(self.messages) == 1 else None
            if not self.obsolete and msgid and msgid in self.catalog:
                first = self.catalog[msgid].lineno
                problems.append(_problem(path, self.offset + 1,
                                         f"msgid {_quoted(msgid)} is given twice (first on "
                                         f"line {first}): keep one"))  # fmt: skip
            super()._add_message()

    from babel.messages.catalog import Catalog

    catalog = Catalog(locale=locale)
    try:
        Parser(catalog, ignore_obsolete=True, abort_invalid=True).parse(io.BytesIO(data))
    except pofile.PoFileError as err:
        said = str(err).removesuffix(f" on {err.lineno}")
        return None, [_problem(path, err.lineno + 1 if err.lineno >= 0 else None,
                               f"not a gettext catalogue: {said}")]  # fmt: skip
    except ValueError as err:  # a header Babel cannot read (a locale it does not know...)
        return None, [_problem(path, None, f"not a gettext catalogue: {err}")]
    for message in catalog:
        if not message.id or not isinstance(message.id, str):
            continue
        string = message.string if isinstance(message.string, str) else ""
        for what in message_problems(message.id, string) if string else []:
            problems.append(_problem(path, message.lineno,
                                     f"the msgstr of {_quoted(message.id)} {what}"))  # fmt: skip
    return (None if problems else catalog), problems
