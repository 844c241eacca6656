"""The scripts a game's mod carries, bundled and linted.

Which Lua file is the root of which object's script, the generated card-data module, and
bundling and linting them all.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from generator import cards
from generator.luabuild.bundle import Bundle, BundleError, bundle
from generator.luabuild.lint import lint_bundle
from generator.luabuild.literal import data_module
from generator.paths import ROOT
from generator.problems import Problem

# Scripted objects of each game: object name -> root script under lua/.
SCRIPTED_OBJECTS = {"teg": {"Global": "teg/table/global.lua"}}


@dataclass(frozen=True)
class Scripts:
    """Every bundled script of a game and every lint finding in them."""

    bundles: dict[str, Bundle]
    problems: tuple[Problem, ...]

    def summary(self) -> str:
        """One line: how many scripts and modules, and whether they are clean."""
        modules = {m.origin for b in self.bundles.values() for m in b.modules}
        state = "clean" if not self.problems else f"{len(self.problems)} finding(s)"
        return f"{len(self.bundles)} script(s), {len(modules)} module(s): {state}"


def generated_modules(game: str, documents: dict) -> dict[str, str]:
    """The modules generated from card data (`<game>.data`)."""
    return {f"{game}.data": data_module(documents, f"cards/{game}")}


@cache
def shipped_data_module(game: str = "teg") -> str:
    """The generated card-data module for the shipped cards (CardDataError if broken)."""
    report = cards.validate(game)
    if report.documents is None:
        raise cards.CardDataError(report.problems)
    return generated_modules(game, report.documents)[f"{game}.data"]


def build_scripts(game: str, documents: dict) -> Scripts:
    """Bundle every scripted object of a game and lint the bundles."""
    generated = generated_modules(game, documents)
    bundles: dict[str, Bundle] = {}
    problems: list[Problem] = []
    for name, root in sorted(SCRIPTED_OBJECTS.get(game, {}).items()):
        try:
            bundles[name] = bundle(ROOT / "lua" / root, generated, ROOT / "lua")
        except BundleError as err:
            problems += err.problems
            continue
        problems += lint_bundle(bundles[name])
    return Scripts(bundles, tuple(problems))
