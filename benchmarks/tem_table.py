"""Benchmark the Tiny Epic Mechs table at the headless TTS: not a test.

Run `.venv/bin/python benchmarks/tem_table.py --games 40`. Builds both mods into a scratch
folder (cold, then again warm, timed), plays the games through the UI
(generator/harness/tem/playtest.py, as `ttsmod playtest tem`) with 2-4 players in turn, and
prints each handler's cost (Lua VM instructions with string scans charged by length, and ms
at p50/p99/max), what onLoad costs for the longest game played (from its own saved text,
resume point included), the save's size, and which rules features the games reached.
Goals (issue 20): every handler p99 <= 24,000 and max <= 150,000 instructions; onLoad
bounded whatever the game's length; the save < 1 MB; a cold build of both games < 10 s and a
warm one < 1 s.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

from generator.build import build
from generator.engines.tem import load_engine
from generator.harness.play import Costs
from generator.harness.tem.playtest import features, play_game
from generator.harness.tts import Table


def builds(folder: Path) -> None:
    """Time a cold and a warm build of both games into `folder`."""
    for label in ("cold", "warm"):
        start = time.perf_counter()
        sizes = {}
        for game in ("teg", "tem"):
            result = build(game, folder)
            sizes[game] = result.files[f"{result.save_name}.json"]
        seconds = time.perf_counter() - start
        print(f"build of both games, {label}: {seconds:.2f} s  (saves: "
              + ", ".join(f"{g} {n:,} bytes" for g, n in sizes.items()) + ")")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        builds(Path(tmp))
        folder = Path(tmp) / "tem"
        save = json.loads((folder / "TinyEpicMechs.json").read_text(encoding="utf-8"))
    engine = load_engine()
    costs = Costs()
    longest = None
    failures = actions = 0
    reached: dict[str, int] = {}
    start = time.perf_counter()
    for index in range(args.games):
        result = play_game(engine, save, 2 + index % 3, args.seed, index)
        failures += result.problem is not None
        actions += result.actions
        assert result.table is not None
        costs.add(result.table)
        result.table = None
        if result.record is not None:
            for f in features(engine, result.record):
                reached[f] = reached.get(f, 0) + 1
        if longest is None or result.actions > longest.actions:
            longest = result
    seconds = time.perf_counter() - start
    print(f"{args.games} games (2-4 players), {actions} actions, {failures} with a difference, "
          f"{seconds:.1f} s ({seconds / args.games:.2f} s a game)")  # fmt: skip
    print(costs.text())
    assert longest is not None and longest.saved is not None
    t = Table.load({**save, "LuaScriptState": longest.saved})
    cost = t.costs["onLoad"]
    print(
        f"onLoad of the longest game ({longest.actions} actions, {len(longest.saved):,} bytes "
        f"saved): {cost.instructions[-1]:,} instructions (scans {cost.scans[-1]:,}), "
        f"{cost.ms[-1]:.1f} ms under lupa"
    )
    print("features reached (games): "
          + ", ".join(f"{k} {v}" for k, v in sorted(reached.items())))  # fmt: skip


if __name__ == "__main__":
    main()
