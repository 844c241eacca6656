"""Every game's load and frames at every player count, counted: not a test.

Run `.venv/bin/python benchmarks/loads.py [--games 2] [--seed 1] [--game GAME ...]`.
For each game with a table and each player count it takes, it plays `--games` seeded
games at the headless TTS (as `ttsmod playtest GAME --players N`), counting every
handler's Lua instructions, then loads the longest game's save into a fresh table. It
prints a row a game and player count: the actions played, the save's size, the load's main
chunk, onLoad and the frames it reads the save over (the most one ran, and the sum), and
the frames' p99 while playing, against the goals (docs/moonsharp.md): a load <= 120,000
counted instructions in all, a frame's p99 <= 8,000. Counts repeat run to run (the same
seed counts the same run), so two runs of this on different commits compare.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

from generator import games
from generator.build import build
from generator.harness.play import GOAL_LOAD, measure_load

GOAL_FRAME_P99 = 8_000  # counted instructions (4 ms on MoonSharp 2.0: docs/moonsharp.md)


def p99(values: list[int]) -> int:
    """The 99th percentile, as the playtest's tables take it."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] if ordered else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2, help="games a player count")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", help="only this game (again for more)")
    args = parser.parse_args()
    print(f"{'game':<7}{'players':>8}{'actions':>9}{'saved':>9}{'main':>8}{'onLoad':>8}"
          f"{'frames':>8}{'most':>8}{'load':>9}  {'frame p99':>9}")  # fmt: skip
    worst_load, worst_frame = 0, 0
    for game in args.game or games.with_tables():
        rules = games.get(game)
        engine = rules.engine()
        with tempfile.TemporaryDirectory() as tmp:
            result = build(game, Path(tmp))
            save = json.loads((result.folder / f"{result.save_name}.json").read_text("utf-8"))
        playtest = rules.build_parts().playtest
        low, high = rules.player_range(engine)
        for players in range(low, high + 1):
            longest, frames = None, []
            for index in range(args.games):
                played = playtest.play_game(engine, save, players, args.seed, index, count=True)
                assert played.table is not None
                frames += played.table.costs["Wait.frames callback"].instructions
                played.table = None
                if longest is None or played.actions > longest.actions:
                    longest = played
            assert longest is not None and longest.saved is not None
            load = measure_load(save, longest.saved, longest.actions)
            frame = p99(frames)
            worst_load, worst_frame = max(worst_load, load.total), max(worst_frame, frame)
            print(f"{game:<7}{players:>8}{load.actions:>9}{load.size:>9,}{load.main:>8,}"
                  f"{load.on_load:>8,}{len(load.frames):>8}{max(load.frames, default=0):>8,}"
                  f"{load.total:>9,}  {frame:>9,}")  # fmt: skip
    print(f"the biggest load {worst_load:,} (goal <= {GOAL_LOAD:,}: "
          f"{'met' if worst_load <= GOAL_LOAD else 'OVER'}); the worst frame p99 "
          f"{worst_frame:,} (goal <= {GOAL_FRAME_P99:,}: "
          f"{'met' if worst_frame <= GOAL_FRAME_P99 else 'OVER'})")  # fmt: skip


if __name__ == "__main__":
    main()
