"""Benchmark the headless TTS itself (generator/harness/tts): not a test.

Run `.venv/bin/python benchmarks/emulator.py`. Prints:
- loading our build with a saved 3-player game (a bare record: the whole record replayed
  in Lua; the table's own save: from its resume point, the state after the last roll);
- the emulator's own cost per simulated frame: an idle table, and one with 7 dice tumbling,
  one piece moving (so every zone is rechecked) and a Wait.time repeating, with and without
  instruction counting;
- the cost of delivering one event to a script (a handler that does nothing), so a table
  test's time can be split into ours and the scripts'.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from generator.build import build
from generator.games.teg.rules import canonical, load_engine
from generator.games.teg.rules.records import deal, play
from generator.harness.tts import Table

BUSY = """
ticks = 0
function onLoad() Wait.time(function() ticks = ticks + 1 end, 0.1, -1) end
function onObjectEnterZone(zone, object) end
function nothing() end
"""


def per_frame(table: Table, frames: int) -> float:
    """Milliseconds per frame over `frames` frames (best of three)."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        table.step(frames)
        best = min(best, (time.perf_counter() - start) * 1000 / frames)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--frames", type=int, default=600)
    args = parser.parse_args()
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as tmp:
        folder = build("teg", Path(tmp)).folder
        save = json.loads((folder / "TinyEpicGalaxies.json").read_text(encoding="utf-8"))
    engine = load_engine()
    rng = random.Random("emulator-bench")
    record = play(engine, deal(engine, 3, rng), ["greedy"] * 3, rng).record
    with_game = {**save, "LuaScriptState": canonical(record)}

    start = time.perf_counter()
    table = Table.load(with_game, seed=1)
    load_ms = (time.perf_counter() - start) * 1000
    replay = table.costs["onLoad"].instructions[0]
    print(
        f"load our build + a {len(record['actions'])}-action game: {load_ms:.0f} ms "
        f"({len(table.things)} objects; the onLoad replay ran {replay} Lua instructions)"
    )
    own = Table.load(table.save(), seed=1)  # the table's own save: from its resume point
    print(
        f"load the table's own save of that game: onLoad ran "
        f"{own.costs['onLoad'].instructions[0]} Lua instructions (from the last roll)"
    )

    idle = Table.load(save, seed=1, count_instructions=False)
    print(f"idle table: {per_frame(idle, args.frames):.3f} ms per frame")
    for counting in (False, True):
        busy = Table.load({**save, "LuaScript": BUSY}, seed=1, count_instructions=counting)
        dice = [t for t in busy.things.values() if t.faces]
        for die in dice:
            busy.start_roll(die)
            die.tumbling = 10**6  # keep them tumbling for the whole measurement
        dice[0].smooth = ([50.0, 1.0, 0.0], 10**6)  # one moving piece: zones rechecked each frame
        label = "with" if counting else "without"
        print(
            f"busy table ({len(dice)} dice tumbling, one moving, a repeating Wait), "
            f"{label} instruction counting: {per_frame(busy, args.frames):.3f} ms per frame"
        )
    busy = Table.load({**save, "LuaScript": BUSY}, seed=1)
    n = 2000
    start = time.perf_counter()
    for _ in range(n):
        busy.fire_at("-1", "nothing")
    event_us = (time.perf_counter() - start) * 1e6 / n
    print(f"one event to an empty handler (counted): {event_us:.1f} µs")


if __name__ == "__main__":
    main()
