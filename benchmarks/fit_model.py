"""Fit the MoonSharp model to whole games of every game: not a test.

Run `.venv/bin/python benchmarks/fit_model.py --interpreter moonsharp=PATH` on an idle machine
(it times: nothing else may run). Plays `--games` seeded games of each game with a table
(`games.with_tables()`, `--players` each, as `ttsmod playtest GAME --interpreter`): every
handler timed on that MoonSharp and the same run counted on lupa (repeatable: the same seed
counts the same run, docs/moonsharp.md). Prints each game's table of handlers and its
garbage as the playtest does, then, per game and over all of them, the model
fitted to every paired run (`Costs.fit`) and each handler kind's modelled p99 over the real
p99, for the fitted model and for the one the playtest uses now
(generator.harness.moonsharp.MODEL); the goal is within 30% (0.70 to 1.30) for every kind.
The constructor line printed last is what MODEL would become.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
from pathlib import Path

from generator import games
from generator.build import build
from generator.harness.moonsharp import MODEL, Model
from generator.harness.play import Costs, model_text, warm_up


def _ratios(real: Costs, twin: Costs, model: Model) -> str:
    """Each kind's modelled p99 over the real one."""
    return ", ".join(f"{name} {r:.2f}" for name, r in real.ratios(twin, model).items())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--interpreter", required=True, help="moonsharp=PATH to the DLL")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    interpreter = args.interpreter.removeprefix("moonsharp=")
    every_real, every_twin = Costs(), Costs()
    per_game: dict[str, tuple[Costs, Costs]] = {}
    with tempfile.TemporaryDirectory() as scratch:
        for game in games.with_tables():
            rules = games.get(game)
            built = build(game, Path(scratch) / game)
            save = json.loads((built.folder / f"{built.save_name}.json").read_text("utf-8"))
            engine = rules.engine()
            run = rules.build_parts().playtest.run
            warm_up(save, interpreter)
            real, twin = Costs(), Costs()
            actions = 0
            for result in run(engine, save, args.games, args.players, args.seed, count=True,
                              interpreter=interpreter):  # fmt: skip
                if result.problem:
                    raise SystemExit(f"{game}: {result.problem}")
                assert result.table is not None and result.twin is not None
                actions += result.actions
                for costs, table in (
                    (real, result.table),
                    (every_real, result.table),
                    (twin, result.twin.table),
                    (every_twin, result.twin.table),
                ):
                    costs.add(table)
            per_game[game] = (real, twin)
            print(f"{game}: {args.games} games, {args.players} players, seed {args.seed}, "
                  f"{actions} actions; load average {os.getloadavg()[0]:.2f}")  # fmt: skip
            print(real.real_text(twin))
            print(real.garbage_text(actions, "MoonSharp's thread, the bridge's own taken out"))
            print(twin.garbage_text(actions, "the Lua heap on lupa, the script's own"), flush=True)
    fitted = every_real.fit(every_twin)
    if fitted is None:
        raise SystemExit("no fit: too few runs without a collection")
    print(f"fitted to every game's runs: {model_text(fitted)}")
    for game, (real, twin) in per_game.items():
        print(f"{game}: modelled p99 over real, the fit above: {_ratios(real, twin, fitted)}")
        print(f"{game}: the same, MODEL now: {_ratios(real, twin, MODEL)}")
    f = fitted
    print(
        f"Model(rate={f.rate:.0f}.0, per_call={max(0.0, f.per_call):.2g}, base={f.base:.3f}, "
        f"per_byte={f.per_byte:.2g}, heap_instruction={f.heap_instruction:.1f}, "
        f"heap_byte={f.heap_byte:.2f}, nursery={f.nursery:.3g}, pause={f.pause:.2f}, "
        f"major_every={f.major_every:.3g}, major_pause={f.major_pause:.2f})"
    )


if __name__ == "__main__":
    main()
