"""What every game's engines raise, so the shared harness catches one set of exceptions."""

from __future__ import annotations

import json
from typing import Any


class IllegalAction(Exception):
    """The rules refuse an action; `reason` says why. The state it was tried on is unchanged."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class BadSetup(ValueError):
    """A game setup that cannot start a game."""


class BadPath(ValueError):
    """A path names an option that the decision it answers does not have."""


def canonical(value: Any) -> str:
    """Return the one canonical JSON text of a state or an action (sorted keys, no spaces)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
