"""A game record's story in players' words, from the table's own Lua (lua/glue/story.lua).

The table writes its game log with each game's words over the states it goes through; this
runs the same words, with the game's parts (`lua/<game>/table/spec.lua`) and no TTS, under the
MoonSharp profile, so `ttsmod replay --at N` reads a record as the players read it at the
table: each colour's log (its own secrets marked, nobody else's), the status line and the
scoreboard at a move, and at the end the score by category and who won.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from generator import games
from generator.engines.errors import canonical
from generator.harness.moonsharp import runtime
from generator.luabuild.bundle import Module, collect, translate, write_bundle
from generator.luabuild.scripts import generated_modules, shipped_modules
from generator.paths import ROOT

ROOT_MODULE = """
local json = require("lib.json")
local Story = require("glue.story")
local spec = require("@GAME@.table.spec")()
local H = {}
function H.tell(text, upto, color, every)
  local out = Story.tell(spec, json.decode(text), upto, color, every)
  return json.encode(out)
end
return H
"""


@dataclass
class Told:
    """The story of a record through a move (see lua/glue/story.lua)."""

    lines: list[dict[str, Any]] = field(default_factory=list)  # {n, kind, text}
    status: str = ""
    columns: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    final: str = ""
    count: int = 0
    problem: str | None = None
    moves: list[dict[str, Any]] = field(default_factory=list)  # after each action, from 0


class Teller:
    """A game's table words, loaded once, telling records."""

    def __init__(
        self,
        game: str,
        documents: dict[str, Any] | None = None,
        words: dict[str, str] | None = None,
    ) -> None:
        """`words`: the table's words in another language (generator.i18n.translator)."""
        modules = shipped_modules(game) if documents is None else generated_modules(game, documents)
        root = Module("__root", ROOT_MODULE.replace("@GAME@", game), "<story>")
        self.lua = runtime(0)
        found = translate(collect(root, ROOT / "lua", modules), words)
        self.shim = self.lua.execute(write_bundle(found).text)
        self.game = game

    def tell(
        self,
        record: dict[str, Any],
        upto: int | None = None,
        color: str | None = None,
        every: bool = False,
    ) -> Told:
        """The story of `record` through action `upto` (all), as `color` reads it.

        `color` None: a spectator. With `every`, the table after each move too.
        """
        plain = {"setup": record["setup"], "actions": record.get("actions", [])}
        out = json.loads(str(self.shim.tell(canonical(plain), upto, color, every)))
        board = out.get("board") or {}
        return Told(
            lines=list(out.get("lines") or []),
            status=str(out.get("status") or ""),
            columns=list(board.get("columns") or []),
            rows=[list(r) for r in board.get("rows") or []],
            final=str(out.get("final") or ""),
            count=int(out.get("count") or 0),
            problem=out.get("problem"),
            moves=list(out.get("moves") or []),
        )


def colors_of(game: str) -> list[str]:
    """The game's seat colours (who may read their own log)."""
    rules = games.get(game)
    return list(rules.build_parts().playtest.HOOKS.colors(rules.engine()))
