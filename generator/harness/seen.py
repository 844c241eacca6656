"""What a player reads at a table built in another language: the English left in it.

And, in a Japanese text, an ASCII mark ending a clause (". ", ", ", ": ") or of a sum
(" + ", " = "), where Japanese writes its own full-width marks; and a log entry in the
polite form (the log is plain: "振った", not "振りました").

`ttsmod playtest GAME --lang L` collects every text each colour can read (`Table.seen`: the
UI's texts and tooltips, chat, its dialog, the notebook, the names and descriptions of the
objects it sees) and its game log, and names every word in Latin script that is not allowed
there: a seat colour, an agreed abbreviation (VP, KO), or a proper name from the card data
(a planet, a pilot: the data's `name` and `title` fields as the build translated them).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from generator.harness.tts.emulator import SEAT_COLORS

ABBREVIATIONS = frozenset({"VP", "KO", "ttsmod"})  # and the tool's name, in the build note
# a Latin word standing alone (not part of a hash or an id with digits: "sha256:3fa9")
WORD = re.compile(r"(?<![0-9A-Za-z])[A-Za-z][A-Za-z'\u2019]*(?:-[A-Za-z]+)*(?![0-9A-Za-z])")


@dataclass(frozen=True)
class Foreign:
    """One Latin-script word a player read: where, the word, and the text around it."""

    surface: str
    word: str
    text: str

    def format(self) -> str:
        """One line: the surface, the word, the text."""
        return f"{self.surface}: {self.word!r} in {self.text[:120]!r}"


def names_in(data: Any) -> set[str]:
    """The proper names of card data: every word of its `name` and `title` values."""
    found: set[str] = set()

    def walk(value: Any, key: str = "") -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, str(k))
        elif isinstance(value, list):
            for v in value:
                walk(v, key)
        elif isinstance(value, str) and key in ("name", "title"):
            found.update(WORD.findall(value))

    walk(data)
    return found


def allowed(names: Iterable[str] = ()) -> frozenset[str]:
    """The Latin words a table in another language may show: colours, VP and KO, names."""
    return frozenset({*SEAT_COLORS, "Grey", "Black", *ABBREVIATIONS, *names})


def foreign(seen: Iterable[tuple[str, str]], ok: frozenset[str]) -> Iterator[Foreign]:
    """Each Latin-script word of `seen` ((surface, text) pairs) not in `ok`."""
    for surface, text in seen:
        for word in WORD.findall(text):
            if word not in ok:
                yield Foreign(surface, word, text)


# Japanese (kana, CJK ideographs, full-width forms): a text holding it is punctuated as it is
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uff01-\uff60]")
# an ASCII mark ending a clause, after a letter or a digit ("1/6. Blue"), where Japanese
# writes its own full-width one (not "..." nor a number's "1.5"), and a sum's " + ", " = "
ASCII_MARK = re.compile(r"(?<=[^\s.A-Za-z])[.,:;!?](?=\s|$)|(?<=\s)[+=](?=\s)")


def marks(seen: Iterable[tuple[str, str]]) -> Iterator[Foreign]:
    """Each ASCII mark ending a clause of a Japanese text, and each ASCII + or = of a sum."""
    for surface, text in seen:
        if JAPANESE.search(text):
            for m in ASCII_MARK.finditer(text):
                yield Foreign(surface, m.group(), text)


# the log tells what happened in the plain form ("振った"); questions, notices and refusals
# speak to the reader in the polite one ("選んでください", "できません")
POLITE = re.compile(r"ました|ます(?=[。、\uff1a\uff1b\uff09\s]|$)|でした")


def polite(logs: dict[str, str]) -> Iterator[Foreign]:
    """Each Japanese log entry told in the polite form, not the log's plain one."""
    for color, log in logs.items():
        for line in log.splitlines():
            found = POLITE.search(line) if JAPANESE.search(line) else None
            if found:
                yield Foreign(f"log of {color}", found.group(), line)


def surface_kind(surface: str) -> str:
    """A surface without its object's GUID, its colour or its element's number.

    "UI #seat:Red:opt:3" -> "UI #seat:*:opt": one string is counted once wherever it repeats.
    """
    surface = re.sub(r"object \w+ ", "object ", surface)
    surface = re.sub(r":(Red|Blue|Green|Yellow|Purple|White|Brown|Pink|Orange|Teal):", ":*:",
                     surface)  # fmt: skip
    return re.sub(r"(:opt|:row|:cell):?\d+$", r"\1", surface)


# The Latin words allowed while a playtest reads a table in another language (None: English,
# nothing looked at). Set by `ttsmod playtest --lang` around its games.
_reading: ContextVar[frozenset[str] | None] = ContextVar("reading", default=None)


@contextmanager
def reading(ok: frozenset[str] | None) -> Iterator[None]:
    """Within this block, `look` collects the words of `ok`'s complement (None: nothing)."""
    token = _reading.set(ok)
    try:
        yield
    finally:
        _reading.reset(token)


def look(t: Any, found: dict[tuple[str, str], Foreign], logs: dict[str, str] | None = None) -> None:
    """Add to `found` what each colour at table `t` reads in Latin script and may not.

    Keyed by surface kind and word; `logs`: each colour's game log, read too.
    """
    ok = _reading.get()
    if ok is None:
        return
    colors = dict.fromkeys([*t.seated(), "Grey"])
    texts: list[tuple[str, str]] = []
    for color in colors:
        texts += t.seen(color)
    for color, log in (logs or {}).items():
        texts += [(f"log of {color}", line) for line in log.splitlines()]
    for f in [*foreign(texts, ok), *marks(texts), *polite(logs or {})]:
        found.setdefault((surface_kind(f.surface), f.word), f)


def summary(found: dict[tuple[str, str], Foreign], shown: int = 20) -> str:
    """The playtest's line on them: how many words on how many surfaces, and a few."""
    if not found:
        return "words seen: none in Latin script but colours, VP, KO and the cards' names"
    words = sorted({w for _, w in found})
    surfaces = sorted({s for s, _ in found})
    lines = [f"words seen in Latin script: {len(words)} distinct on {len(surfaces)} surface(s), "
             f"{len(found)} in all; the first {min(shown, len(found))}:"]  # fmt: skip
    lines += ["  " + f.format() for f in list(found.values())[:shown]]
    return "\n".join(lines)
