"""The same seed counts the same run, handler by handler, run after run (issue 50).

Each headless table runs on a Lua runtime of its own, and Lua 5.2 seeds its string hashing
per runtime: a `next` walk of string keys comes in another order on each. A count that
followed it (a sort with a Lua comparator, a walk that stops at the first match, the
profile's own work counted as the script's) would differ from one run to the next, and a
change's cost could not be read from one run.
"""

from __future__ import annotations

import pytest

from generator import games


@pytest.mark.parametrize("game", games.with_tables())
def test_a_counted_game_counts_the_same_run_after_run(game, built_game):
    rules = games.get(game)
    playtest = rules.build_parts().playtest.PLAYTEST
    engine = rules.engine()
    save = built_game(game).read_save()
    runs = []
    for _ in range(2):
        # (the counts, not the secrets: the whole-game tests look at those)
        result = playtest.play_game(engine, save, 2, 1, 0, count=True, secrets_check=False)
        assert result.problem is None, result.problem
        t = result.table
        # and its long jobs share one coroutine: on MoonSharp each made allocates 2 MB
        # (moonsharp.Model.coroutine), once a job they were most of the table's garbage
        made = sum(sum(c.coroutines) for c in t.costs.values())
        assert 1 <= made <= 2, f"{made} coroutines made in a game of {result.actions} actions"
        runs.append([(name, t.costs[name].instructions[i]) for name, i in _numbered(t.ran)])
    first, second = runs
    assert len(first) > 100  # handlers ran, and were counted
    differ = next((i for i, (a, b) in enumerate(zip(first, second, strict=False)) if a != b), None)
    assert differ is None and len(first) == len(second), (
        f"run {differ}: {first[differ] if differ is not None else len(first)} then "
        f"{second[differ] if differ is not None else len(second)}"
    )


def _numbered(names: list[str]) -> list[tuple[str, int]]:
    """Each run's handler and which of that handler's runs it was."""
    seen: dict[str, int] = {}
    out = []
    for name in names:
        out.append((name, seen.get(name, 0)))
        seen[name] = seen.get(name, 0) + 1
    return out
