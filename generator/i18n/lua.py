"""The words a Lua module gives players, marked `tr("...")`, found and translated in place.

A player-facing string in lua/ is written `tr("Roll {n} dice", { n = count })` (lib/tr.lua
fills the `{name}` placeholders) or `tr("Start")`: its first argument one double-quoted
literal. Extraction reads those literals; a build for another language replaces each with its
translation on the same line, so the bundle's line map still names lua/'s lines and the table
carries the chosen language's words only (no lookup at the table).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from generator.luabuild.literal import lua_string

MARK = "tr"


class LiteralError(ValueError):
    """A `tr(` whose first argument is not one plain double-quoted literal."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line


@dataclass(frozen=True)
class Marked:
    """One marked literal: its text, its line, and where its quotes are in the source."""

    text: str
    line: int
    start: int  # the opening quote's offset
    end: int  # just after the closing quote


_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "'": "'"}


def _read_string(source: str, i: int, quote: str) -> tuple[str, int]:
    """The value of the literal whose opening quote is at `i`, and the offset after it."""
    out, j = [], i + 1
    while j < len(source):
        c = source[j]
        if c == quote:
            return "".join(out), j + 1
        if c == "\n":
            raise ValueError("a string literal runs past its line")
        if c == "\\":
            nxt = source[j + 1 : j + 2]
            if nxt in _ESCAPES:
                out.append(_ESCAPES[nxt])
                j += 2
                continue
            digits = re.match(r"\d{1,3}", source[j + 1 :])
            if digits:
                out.append(chr(int(digits.group())))
                j += 1 + len(digits.group())
                continue
            raise ValueError(f"an escape \\{nxt} a catalogue cannot hold")
        out.append(c)
        j += 1
    raise ValueError("a string literal never ends")


_LONG = re.compile(r"\[(=*)\[")


def _tokens(source: str) -> Iterator[tuple[str, int, int]]:
    """(kind, start, end) of the source's names, strings and other characters; comments out."""
    i, n = 0, len(source)
    while i < n:
        c = source[i]
        if source.startswith("--", i):
            long = _LONG.match(source, i + 2)
            if long:
                close = "]" + long.group(1) + "]"
                i = source.index(close, long.end()) + len(close)
            else:
                nl = source.find("\n", i)
                i = n if nl < 0 else nl
            continue
        long = _LONG.match(source, i)
        if long:
            close = "]" + long.group(1) + "]"
            end = source.index(close, long.end()) + len(close)
            yield "long", i, end
            i = end
            continue
        if c in "\"'":
            j = i + 1
            while source[j] != c:
                j += 2 if source[j] == "\\" else 1
            yield "string", i, j + 1
            i = j + 1
            continue
        if c.isalpha() or c == "_":
            m = re.compile(r"[A-Za-z_][A-Za-z0-9_]*").match(source, i)
            assert m
            yield "name", i, m.end()
            i = m.end()
            continue
        if not c.isspace():
            yield "other", i, i + 1
        i += 1


def marked(source: str) -> list[Marked]:
    """Every `tr("...")` literal of a module's source, in order (LiteralError if malformed)."""
    found = []
    toks = list(_tokens(source))
    for k, (kind, start, end) in enumerate(toks):
        if kind != "name" or source[start:end] != MARK:
            continue
        before = [source[t[1] : t[2]] for t in toks[max(0, k - 2) : k]]
        if before[-1:] == [":"] or (before[-1:] == ["."] and before[-2:] != [".", "."]):
            continue  # a field or method named tr, not the marker (`..` joins: it is one)
        if k > 0 and source[toks[k - 1][1] : toks[k - 1][2]] in ("local", "function"):
            continue  # its definition
        line = source.count("\n", 0, start) + 1
        nxt = toks[k + 1] if k + 1 < len(toks) else None
        if nxt is None or source[nxt[1] : nxt[2]] not in ("(", "="):
            raise LiteralError(line, f'{MARK} must be called: {MARK}("words", {{...}})')
        if source[nxt[1] : nxt[2]] == "=":
            continue  # `local tr = require(...)`
        arg = toks[k + 2] if k + 2 < len(toks) else None
        if arg is None or arg[0] != "string" or source[arg[1]] != '"':
            raise LiteralError(line, f"{MARK}'s first argument must be one \"double-quoted\" "
                               "literal: the catalogue cannot see a built string")  # fmt: skip
        parts, last, j = [arg], arg, k + 3
        # literals joined with `..` (a long sentence over lines) are one string
        while (
            j + 2 < len(toks)
            and source[toks[j][1] : toks[j + 1][2]] == ".."
            and toks[j + 2][0] == "string"
            and source[toks[j + 2][1]] == '"'
        ):
            last = toks[j + 2]
            parts.append(last)
            j += 3
        if j + 1 < len(toks) and source[toks[j][1] : toks[j + 1][2]] == "..":
            raise LiteralError(line, f"{MARK}'s words must be literals only: give a value "
                               "as a {placeholder}, not joined with ..")  # fmt: skip
        try:
            text = "".join(_read_string(source, t[1], '"')[0] for t in parts)
        except ValueError as err:
            raise LiteralError(line, str(err)) from None
        found.append(Marked(text, line, arg[1], last[2]))
    return found


def translated(source: str, words: Callable[[str], str]) -> str:
    """The source with each marked literal replaced by `words(literal)`, line for line."""
    out, at = [], 0
    for m in marked(source):
        out.append(source[at : m.start])
        out.append(lua_string(words(m.text)).replace("\\010", "\\n"))
        out.append("\n" * source.count("\n", m.start, m.end))  # the lines the literals took
        at = m.end
    out.append(source[at:])
    return "".join(out)
