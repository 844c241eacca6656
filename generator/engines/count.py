"""A count in words: "1 credit", "-1 credit", "2 credits" (the twin of lua/lib/count.lua).

The words come from the card data (game.yaml `units`, schemas/words/units.schema.json), the
one place a game's plurals are written. A unit may give its count's own forms (`count`:
"{n} die", "{n} dice"), so another language can put its counter word there ("ダイス{n}個");
without them a count is the catalogue's "{n} {word}".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from generator.i18n import tr
from generator.i18n.po import fill


def word(units: Mapping[str, Mapping[str, str]], n: int, unit: str) -> str:
    """The unit's word for `n`: its `one` for 1 and -1, its `other` for any other number."""
    if unit not in units:
        raise KeyError(f"no unit word '{unit}' in game.yaml's units")
    return units[unit]["one"] if n in (1, -1) else units[unit]["other"]


def _said(units: Mapping[str, Any], n: int, unit: str, shown: str) -> str:
    """`shown` (n, signed or not) and the unit: its own `count` forms, else "{n} {word}"."""
    forms = units[unit].get("count") if unit in units else None
    if forms:  # the unit's own template: "{n} dice", in Japanese "ダイス{n}個"
        return fill(forms["one"] if n in (1, -1) else forms["other"], {"n": shown})
    return tr("{n} {word}", n=shown, word=word(units, n, unit))


def count(units: Mapping[str, Any], n: int, unit: str) -> str:
    """`n` and the unit's word for it: "1 credit", "3 dice" (in the language being built)."""
    return _said(units, n, unit, str(n))


def signed(units: Mapping[str, Any], n: int, unit: str) -> str:
    """A change by `n`, its sign always written: "+2 energy", "-1 credit", "+0 VP"."""
    return _said(units, n, unit, ("+" if n >= 0 else "") + str(n))
