"""A language's glossary: the one word it uses for each English term a player reads.

`cards/i18n/glossary/<lang>.yaml` (schemas/words/glossary.schema.json) lists terms; every
translated string of every catalogue is held to it (`breaks`): a string whose English has
a term (whole words, any case, placeholders aside) has the term's word in its translation.
A longer term is read first and takes its words ("planet card" before "planet"), and a
term's `not` phrases are read as other words ("in turn" is not a player's turn).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.paths import ROOT

FOLDER = ROOT / "cards" / "i18n" / "glossary"


@dataclass(frozen=True)
class Term:
    """One glossary entry: its English forms, its word, and phrases that are other words."""

    forms: tuple[str, ...]
    word: str
    others: tuple[str, ...] = ()

    def pattern(self, phrases: tuple[str, ...]) -> re.Pattern[str]:
        """Any of `phrases`, whole words in any case."""
        return re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, phrases)) + r")(?!\w)", re.I)


def path(lang: str) -> Path:
    """The glossary file of `lang`."""
    return FOLDER / f"{lang}.yaml"


def load(lang: str) -> list[Term] | None:
    """`lang`'s glossary (None: it has none), its longest forms first.

    ValueError names the file and the entry when the file breaks its schema.
    """
    from ruamel.yaml import YAML

    from generator.paths import SCHEMAS
    from generator.schemas import errors

    file = path(lang)
    if not file.is_file():
        return None
    data: Any = YAML(typ="safe").load(file.read_text(encoding="utf-8"))
    found = list(errors(data, SCHEMAS / "words" / "glossary.schema.json"))
    if found:
        where = "/".join(map(str, found[0].absolute_path)) or "(the file)"
        raise ValueError(f"{file}: entry {where}: {found[0].message}")
    terms = [Term(tuple(t["en"]), t["word"], tuple(t.get("not", ()))) for t in data]
    return sorted(terms, key=lambda t: -max(len(f) for f in t.forms))


def breaks(terms: list[Term], english: str, translated: str) -> list[Term]:
    """The terms `english` has whose word `translated` lacks."""
    text = re.sub(r"\{[^}]*\}", " ", english)  # a placeholder's name is no word a player reads
    out = []
    for term in terms:
        if term.others:
            text = term.pattern(term.others).sub(" ", text)
        found = term.pattern(term.forms)
        if found.search(text):
            if term.word not in translated:
                out.append(term)
            text = found.sub(" ", text)
    return out
