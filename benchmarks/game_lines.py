"""Count a game's own lines: what a modder wrote for it, by folder and by language.

Run `.venv/bin/python benchmarks/game_lines.py [GAME ...]` (not a test; prints figures). A
game's own files are those under its folder in each top-level folder (cards/<game>/,
schemas/<game>/, generator/games/<game>/, lua/<game>/), translation catalogues (.po, .pot)
left out; tests and docs are not the game's. Printed per folder and language: every line,
and the code lines (blank lines and whole-line comments left out; docstrings count).
Issue 59's goal for Go Fish: at most 600.
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from generator import games
from generator.paths import ROOT

LANGUAGES = {".py": "Python", ".lua": "Lua", ".yaml": "data", ".json": "schemas"}
COMMENT = {".py": "#", ".lua": "--", ".yaml": "#", ".json": None}


def own_files(game: str) -> list[Path]:
    """The game's own source files, in a stable order."""
    roots = [ROOT / "cards" / game, ROOT / "schemas" / game, ROOT / "generator" / "games" / game,
             ROOT / "lua" / game]  # fmt: skip
    return sorted(p for r in roots for p in r.rglob("*") if p.suffix in LANGUAGES)


def counts(path: Path) -> tuple[int, int]:
    """(every line, code lines) of one file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    mark = COMMENT[path.suffix]
    code = [t for t in (x.strip() for x in lines) if t and not (mark and t.startswith(mark))]
    return len(lines), len(code)


def main() -> None:
    """Print each game's lines by folder and language."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=games.ids())
    args = parser.parse_args()
    for game in args.games:
        by_folder: Counter[tuple[str, str]] = Counter()
        by_language: Counter[tuple[str, str]] = Counter()
        for path in own_files(game):
            every, code = counts(path)
            folder = path.relative_to(ROOT).parts[0]
            for key, n in (("all", every), ("code", code)):
                by_folder[folder, key] += n
                by_language[LANGUAGES[path.suffix], key] += n
        total = sum(n for (_, k), n in by_folder.items() if k == "all")
        code = sum(n for (_, k), n in by_folder.items() if k == "code")
        print(f"{game}: {total} lines, {code} of code")
        for name, table in (("folder", by_folder), ("language", by_language)):
            parts = sorted({k for k, _ in table})
            said = ", ".join(f"{p} {table[p, 'all']} ({table[p, 'code']})" for p in parts)
            print(f"  by {name}: {said}")


if __name__ == "__main__":
    main()
