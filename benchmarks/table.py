"""Benchmark a game's table at the headless TTS: not a test.

Run `.venv/bin/python benchmarks/table.py GAME --games 40` (teg or tem). Builds both mods
into a scratch folder (cold, then again warm, timed), plays the games through the UI (the
shared playtest driver, generator/harness/playtest.py, as `ttsmod playtest GAME`) with each
player count the game takes in turn, and prints:

- each handler's counted Lua instructions (string scans charged by length) at p50/p99/max,
  and what they model in ms on a real MoonSharp 2.0 (generator.harness.moonsharp.MODEL,
  fitted to whole handlers run there: docs/moonsharp.md), against the goals: every handler
  p99 <= 8,000 and max <= 24,000 counted (<= 4 and 12 ms);
- the frames the table framework spreads its work over, by job (lua/glue/frames.lua);
- a load of the longest game played, from its own save: the script's main chunk, onLoad and
  the frames it reads the save over (goal: <= 120,000 in all);
- the save's size and, for Tiny Epic Mechs, which rules features the games reached.

With `--interpreter moonsharp=PATH` every game is played on that MoonSharp DLL (timed in ms,
the bridge's cost taken out: generator/harness/tts/clr.py) and again on lupa (counted), the
two compared; each handler's and each frame job's real ms are printed beside the model's.

With `--bots K [--bot-level L]` the last K seats of each game (one player at least stays)
are the table's own bots (docs/bots.md); their steps run in Wait.time callbacks, printed on
that row by themselves (the table's 2-second check of the pieces runs there too, cheaply).
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from generator import games
from generator.build import build
from generator.harness.play import Costs, measure_load, status, warm_up
from generator.harness.tts import emulator


def builds(folder: Path) -> dict[str, dict[str, Any]]:
    """Time a cold and a warm build of every game into `folder`; the saves, by game."""
    saves = {}
    for label in ("cold", "warm"):
        start = time.perf_counter()
        sizes = {}
        for game in games.ids():
            result = build(game, folder)
            sizes[game] = result.files[f"{result.save_name}.json"]
            path = result.folder / f"{result.save_name}.json"
            saves[game] = json.loads(path.read_text(encoding="utf-8"))
        seconds = time.perf_counter() - start
        print(f"build of every game, {label}: {seconds:.2f} s  (saves: "
              + ", ".join(f"{g} {n:,} bytes" for g, n in sizes.items()) + ")")  # fmt: skip
    return saves


def jobs_by_frame() -> dict[str, list[float]]:
    """Watch every Wait.frames callback: which framework job it ran and what it counted.

    On a real interpreter, what it took in ms (under the job's name with " ms"). And the KB
    it allocated: Lua's heap on lupa (" KB"), MoonSharp's with the bridge's own taken out
    (" KB MoonSharp").
    """
    seen: dict[str, list[float]] = defaultdict(list)
    run = emulator.Table._run

    def watched(self: emulator.Table, label: str, fn: Any, *args: Any) -> Any:
        out = run(self, label, fn, *args)
        if label.endswith("Wait.frames callback"):
            job = str(status(self).get("job") or "?").split(":")[0]
            cost = self.costs["Wait.frames callback"]
            if self.interpreter is None:
                seen[job].append(cost.instructions[-1])
            else:
                seen[f"{job} ms"].append(cost.ms[-1])
            if cost.allocated:
                where = "KB" if self.interpreter is None else "KB MoonSharp"
                seen[f"{job} {where}"].append(cost.allocated[-1] / 1024)
        return out

    emulator.Table._run = watched  # type: ignore[method-assign]
    return seen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game", choices=games.ids())
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", type=int, default=0, help="seats the table's bots play")
    parser.add_argument("--bot-level", choices=["easy", "strong"], default="strong")
    parser.add_argument(
        "--interpreter",
        metavar="moonsharp=PATH",
        default=None,
        help="play on a MoonSharp.Interpreter.dll as well (ttsmod playtest's)",
    )
    args = parser.parse_args()
    dll = None
    if args.interpreter:
        kind, _, dll = args.interpreter.partition("=")
        if kind != "moonsharp" or not Path(dll).is_file():
            parser.error("--interpreter takes moonsharp=PATH, PATH a MoonSharp.Interpreter.dll")
    with tempfile.TemporaryDirectory() as tmp:
        save = builds(Path(tmp))[args.game]
    rules = games.get(args.game)
    engine = rules.engine()
    playtest = rules.build_parts().playtest
    low, high = rules.player_range(engine)
    if dll is not None:
        warm_up(save, dll)
    jobs = jobs_by_frame()
    costs = Costs()
    twins = Costs()
    longest = None
    failures = actions = 0
    reached: dict[str, int] = {}
    features = getattr(playtest, "features", None)
    start = time.perf_counter()
    for index in range(args.games):
        players = low + index % (high - low + 1)
        colors = list(playtest.HOOKS.colors(engine))[:players]
        k = min(args.bots, players - 1)
        seats = {c: args.bot_level for c in colors[players - k :]} if k else None
        if dll is None:
            result = playtest.play_game(engine, save, players, args.seed, index, count=True,
                                        bots=seats)  # fmt: skip
        else:
            result = playtest.PLAYTEST.play_twins(engine, save, players, args.seed, index, "mixed",
                                         seats, dll)  # fmt: skip
            assert result.twin is not None and result.twin.table is not None
            twins.add(result.twin.table)
            result.twin.table = None
        if result.problem:
            print(f"difference: {result.problem}")
        failures += result.problem is not None
        actions += result.actions
        assert result.table is not None
        costs.add(result.table)
        result.table = None
        if features is not None and result.record is not None:
            for f in features(engine, result.record):
                reached[f] = reached.get(f, 0) + 1
        if longest is None or result.actions > longest.actions:
            longest = result
    seconds = time.perf_counter() - start
    print(f"{args.games} games ({low}-{high} players), {actions} actions, {failures} with a "
          f"difference, {seconds:.1f} s ({seconds / args.games:.2f} s a game)")  # fmt: skip
    print(costs.text() if dll is None else costs.real_text(twins))
    print("frames by job (counted instructions, or ms on MoonSharp; KB allocated; runs, "
          "p50/p99/max, and the sum over all runs):")  # fmt: skip
    for job, counts in sorted(jobs.items()):
        ordered = sorted(counts)
        p = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
        print(f"  {job:<13}{len(ordered):>7} {ordered[len(ordered) // 2]:>8.6g} {p:>8.6g} "
              f"{ordered[-1]:>8.6g} {sum(ordered):>12,.0f}")  # fmt: skip
    assert longest is not None and longest.saved is not None
    print(measure_load(save, longest.saved, longest.actions).text())
    if dll is not None:
        print(measure_load(save, longest.saved, longest.actions, interpreter=dll).text())
    if reached:
        print(
            "features reached (games): " + ", ".join(f"{k} {v}" for k, v in sorted(reached.items()))
        )


if __name__ == "__main__":
    main()
