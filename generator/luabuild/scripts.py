"""The scripts a game's mod carries, bundled and linted.

Which Lua file is the root of which object's script, the generated card-data module, and
bundling and linting them all.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from generator import cards, games
from generator.luabuild.bundle import Bundle, BundleError, bundle
from generator.luabuild.literal import data_module
from generator.paths import ROOT
from generator.problems import Problem


@dataclass(frozen=True)
class Scripts:
    """Every bundled script of a game and every lint finding in them."""

    bundles: dict[str, Bundle]
    problems: tuple[Problem, ...]
    scripts: tuple[str, ...] = ()  # every scripted object, bundled or not

    def summary(self) -> str:
        """One line: how many scripts and modules, and whether they are clean."""
        modules = {m.origin for b in self.bundles.values() for m in b.modules}
        modules |= {p.file for p in self.problems}
        count = len(self.scripts) or len(self.bundles)
        state = "clean" if not self.problems else f"{len(self.problems)} finding(s)"
        return f"{count} script(s), {len(modules)} module(s): {state}"


def generated_modules(game: str, documents: dict) -> dict[str, str]:
    """The modules generated from card data: `<game>.data`, and any the game adds (a layout)."""
    found = games.get(game)
    data = data_module(found.lua_data(documents), f"cards/{game}")
    return {f"{game}.data": data, **found.lua_modules(documents)}


@cache
def shipped_data_module(game: str = "teg") -> str:
    """The generated card-data module for the shipped cards (CardDataError if broken)."""
    return shipped_modules(game)[f"{game}.data"]


@cache
def shipped_modules(game: str = "teg") -> dict[str, str]:
    """Every generated module for the shipped cards (CardDataError if broken)."""
    report = cards.validate(game)
    if report.documents is None:
        raise cards.CardDataError(report.problems)
    return generated_modules(game, report.documents)


def build_scripts(
    game: str,
    documents: dict,
    cache_dir: Path | None = None,
    words: dict[str, str] | None = None,
) -> Scripts:
    """Bundle every scripted object of a game and lint the bundles.

    With `cache_dir`, lint results are kept by a hash of the bundle, so an unchanged script
    is not parsed again (parsing is most of the time a build spends on Lua). With `words`,
    the players' words are translated (generator.i18n).
    """
    generated = generated_modules(game, documents)
    bundles: dict[str, Bundle] = {}
    problems: list[Problem] = []
    for name, root in sorted(games.get(game).scripted_objects.items()):
        try:
            bundles[name] = bundle(ROOT / "lua" / root, generated, ROOT / "lua", cache_dir, words)
        except BundleError as err:
            problems += err.problems
            continue
        problems += _cached_lint(bundles[name], cache_dir)
    return Scripts(bundles, tuple(problems), tuple(sorted(games.get(game).scripted_objects)))


LINT_VERSION = "3"  # bump when a lint rule changes, so cached results are not reused


def _cached_lint(found: Bundle, cache_dir: Path | None) -> list[Problem]:
    from generator.luabuild.lint import lint_bundle  # imported here: a warm build never lints

    if cache_dir is None:
        return lint_bundle(found)
    origins = "\0".join(m.origin for m in found.modules)
    key = hashlib.sha256(f"{LINT_VERSION}\0{origins}\0{found.text}".encode()).hexdigest()
    path = cache_dir / f"lint-{key}.json"
    if path.is_file():
        return [Problem(**p) for p in json.loads(path.read_text(encoding="utf-8"))]
    problems = lint_bundle(found)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps([p.as_dict() for p in problems]), encoding="utf-8")
    except OSError:
        pass  # the cache only saves time
    return problems
