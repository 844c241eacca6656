"""Benchmark the table scripts at the headless TTS: not a test.

Run `.venv/bin/python benchmarks/playtest.py --games 500`. Builds the mod into a scratch
folder, plays the games through the UI (generator/harness/teg/playtest.py, as `ttsmod playtest`)
with 2-5 players in turn, and prints each handler's cost (Lua VM instructions, string scans
charged by length included, and ms at p50/p99/max; the most any run of it was charged for
scans), and what onLoad costs for the longest game played. A real MoonSharp 2.0 ran this code
at 6.5-8 million instructions a second here (docs/moonsharp.md): 24,000 is about 3-4 ms.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from pathlib import Path

from generator.build import build
from generator.engines.teg import load_engine
from generator.harness.play import Costs
from generator.harness.teg.playtest import play_game
from generator.harness.tts import Table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = build("teg", Path(tmp)).folder
        save = json.loads((folder / "TinyEpicGalaxies.json").read_text(encoding="utf-8"))
    engine = load_engine()
    costs = Costs()
    longest = None
    failures = actions = 0
    start = time.perf_counter()
    for index in range(args.games):
        result = play_game(engine, save, 2 + index % 4, args.seed, index)
        failures += result.problem is not None
        actions += result.actions
        assert result.table is not None
        costs.add(result.table)
        result.table = None
        if longest is None or result.actions > longest.actions:
            longest = result
    seconds = time.perf_counter() - start
    print(f"{args.games} games (2-5 players), {actions} actions, {failures} with a difference, "
          f"{seconds:.1f} s ({seconds / args.games:.2f} s a game)")  # fmt: skip
    print(costs.text())
    assert longest is not None and longest.record is not None
    text = json.dumps(longest.record, sort_keys=True, separators=(",", ":"))
    t = Table.load({**save, "LuaScriptState": text})
    cost = t.costs["onLoad"]
    print(
        f"onLoad of the longest game ({longest.actions} actions, {len(text):,} bytes): "
        f"{cost.instructions[-1]:,} instructions (scans {cost.scans[-1]:,}), "
        f"{cost.ms[-1]:.1f} ms under lupa (~{cost.instructions[-1] / 7e6:.2f} s of MoonSharp "
        "at 7 million a second)"
    )


if __name__ == "__main__":
    main()
