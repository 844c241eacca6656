"""Liar's Dice's rules (docs/liars-rules.md): the state, each decision in steps, the view.

Pure: every verb works on a copy. The verbs themselves (choices, advance, trace, play, apply)
are the stepwise base's (generator/engines/steps.py): this file gives one action's
resolution and an action's answers. Its Lua twin, written on its own, is
lua/liars/core/engine.lua.
"""

from __future__ import annotations

from typing import Any

from generator.engines.count import count, word
from generator.engines.errors import IllegalAction
from generator.engines.setup import seats
from generator.engines.steps import Source, Stepwise
from generator.i18n import tr

State = dict[str, Any]
CALLS = {"liar": "Liar!", "spot": "Spot on!"}


def dice_text(units: dict[str, Any], n: int, face: int) -> str:
    """A bid in words, from the card data's unit words: "1 three", "7 fives", "2 sixes"."""
    return tr("{n} {faces}", n=n, faces=word(units, n, f"face{face}"))


class Engine(Stepwise):
    """The rules of one card data. Holds no game state."""

    def __init__(self, data: Any) -> None:
        self.data = data
        self.g = data.plain["game"]

    def new_game(self, setup: Any) -> State:
        """The opening state: every player with all their dice, the first to throw them."""
        colors = seats(setup, self.g)
        players = [{"color": c, "dice": self.g["dice"], "faces": []} for c in colors]
        return {"game": "liars", "round": 1, "phase": "roll", "active": colors[0],
                "bid": None, "last": None, "winner": None, "players": players}  # fmt: skip

    def view(self, s: State, color: str | None) -> State:
        """What `color` may know: its own dice; everybody else's faces hidden (None)."""
        out = dict(s)
        out["players"] = [p if p["color"] == color else {**p, "faces": [None] * len(p["faces"])}
                          for p in s["players"]]  # fmt: skip
        return out

    def total(self, s: State) -> int:
        """The dice on the table."""
        return sum(p["dice"] for p in s["players"])

    def count(self, s: State, face: int) -> int:
        """The dice showing `face`, ones counted as every face when they are wild."""
        wild = self.g["ones_wild"] and face != 1
        return sum(1 for p in s["players"] for f in p["faces"] if f == face or (wild and f == 1))

    # --- one action ------------------------------------------------------------------------

    def _answers(self, s: State, action: Any) -> list[str]:
        kind, who = action.get("type"), action["player"]
        want = ("roll",) if s["phase"] == "roll" else ("bid", *CALLS)
        if kind not in want:
            raise IllegalAction(f"it is the {s['phase']} phase: expected {' or '.join(want)}")
        if who != s["active"]:
            raise IllegalAction(f"it is {s['active']}'s turn, not {who}'s")
        try:
            if kind == "roll":
                return ["faces:" + ",".join(str(f) for f in action["faces"])]
            if kind == "bid":
                return [str(action["quantity"]), str(action["face"])]
        except (KeyError, TypeError):
            raise IllegalAction(f"a '{kind}' action is missing a field") from None
        return [kind]

    def _resolve(self, s: State, src: Source) -> Any:
        if self.is_over(s):
            raise IllegalAction(tr("the game is over"))
        me = s["active"]
        if s["phase"] == "roll":
            faces = src.roll("roll", self.total(s), self.g["faces"], me)
            at = 0
            for p in s["players"]:
                p["faces"], at = faces[at : at + p["dice"]], at + p["dice"]
            s["phase"] = "bid"
            return {"type": "roll", "player": me, "faces": faces}
        bid = s["bid"]
        options = []  # a call first: the answer a raise most often leaves
        if bid is not None:
            options += [
                (c, label) for c, label in CALLS.items() if c == "liar" or self.g["spot_on"]
            ]
        options += [(str(q), str(q)) for q in range(1, self.total(s) + 1) if self._raises(s, q)]
        first = src.ask("bid", me, options, why=lambda a: self._why_not(s, a))
        if first in CALLS:
            self._call(s, me, first)
            return {"type": first, "player": me}
        q = int(first)
        faces = [(str(f), self.bid_words(q, f)) for f in range(1, self.g["faces"] + 1)
                 if self._raises(s, q, f)]  # fmt: skip
        f = int(src.ask("face", me, faces, why=lambda a: self._why_not(s, first, a)))
        s["bid"] = {"player": me, "quantity": q, "face": f}
        s["active"] = self._next(s, me)
        return {"type": "bid", "player": me, "quantity": q, "face": f}

    def bid_words(self, q: int, face: int) -> str:
        """A bid in words: "1 three", "7 fives", "2 sixes"."""
        return dice_text(self.g["units"], q, face)

    def _raises(self, s: State, q: int, f: int | None = None) -> bool:
        """True when q dice (of face f, or of some face) raise the bid on the table."""
        bid = s["bid"]
        top = self.g["faces"] if f is None else f
        if not 1 <= q <= self.total(s) or not 1 <= top <= self.g["faces"]:
            return False
        return bid is None or q > bid["quantity"] or (q == bid["quantity"] and top > bid["face"])

    def _why_not(self, s: State, q: str, f: str | None = None) -> str | None:
        """The rule an answer breaks, with its numbers (None: it is simply not an option)."""
        bid = s["bid"]
        if q in CALLS:
            return tr("nobody has bid yet this round") if bid is None else None
        if not q.isdigit() or (f is not None and not f.isdigit()):
            return None
        if int(q) > self.total(s):
            dice = count(self.g["units"], int(q), "dice")
            return tr("a bid of {dice}: there are {total} on the table", dice=dice,
                      total=self.total(s))  # fmt: skip
        if bid is not None:
            return tr("a bid must raise {bid}: more dice, or as many of a higher face",
                      bid=self.bid_words(bid["quantity"], bid["face"]))  # fmt: skip
        return None

    def _next(self, s: State, color: str) -> str:
        """The next player clockwise after `color` who still has dice."""
        order = [p["color"] for p in s["players"]]
        at = order.index(color)
        for k in range(1, len(order) + 1):
            p = s["players"][(at + k) % len(order)]
            if p["dice"] > 0:
                return str(p["color"])
        return color

    def _call(self, s: State, me: str, call: str) -> None:
        bid = s["bid"]
        n = self.count(s, bid["face"])
        if call == "liar":
            losers = [me] if n >= bid["quantity"] else [bid["player"]]
        elif n == bid["quantity"]:
            losers = [p["color"] for p in s["players"] if p["color"] != me and p["dice"] > 0]
        else:
            losers = [me]
        shown = {p["color"]: p["faces"] for p in s["players"] if p["faces"]}
        s["last"] = {"call": call, "by": me, "bid": bid, "count": n, "losers": losers,
                     "faces": shown}  # fmt: skip
        for p in s["players"]:
            p["faces"] = []
            if p["color"] in losers:
                p["dice"] -= 1
        s["bid"] = None
        alive = [p["color"] for p in s["players"] if p["dice"] > 0]
        if len(alive) == 1:
            s["phase"], s["active"], s["winner"] = "over", None, alive[0]
            return
        starter = me if call == "spot" and me not in losers else losers[0]
        s["phase"], s["round"] = "roll", s["round"] + 1
        s["active"] = starter if starter in alive else self._next(s, starter)
