"""Replay a game record (setup + actions) in any engine with the verbs new_game and apply."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from generator.engines.errors import IllegalAction

Record = dict[str, Any]


class ReplayError(Exception):
    """An action of a record was refused; `index` is its position in `actions` (from 0).

    Its message numbers the action from 1, as `ttsmod replay --at N` and the log do.
    """

    def __init__(self, index: int, action: Any, reason: str) -> None:
        super().__init__(f"action {index + 1} {action!r}: {reason}")
        self.index = index
        self.action = action
        self.reason = reason


def replay(engine: Any, record: Record, before: Callable[[int, Any], None] | None = None) -> Any:
    """Replay a record (its head already schema-valid) and return the final state.

    `engine` is anything with the engine verbs new_game and apply that raises IllegalAction:
    a game's Python engine, or its Lua core behind generator.harness.lua_engine.

    Raises BadSetup for a setup that cannot start and ReplayError naming the first refused
    action. A record that stops mid-turn is fine: the replay stops where the actions stop.
    `before(index, action)` runs before each action is applied (a check that may raise, a
    progress bar).
    """
    s = engine.new_game(record["setup"])
    for index, action in enumerate(record["actions"]):
        if before is not None:
            before(index, action)
        try:
            s = engine.apply(s, action)
        except IllegalAction as err:
            raise ReplayError(index, action, err.reason) from None
    return s
