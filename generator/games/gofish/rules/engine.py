"""Go Fish's rules (docs/gofish-rules.md): the state, each decision in steps, the view.

Pure: every verb works on a copy; the verbs themselves come from the stepwise base
(generator/engines/steps.py). Its Lua twin, written on its own, is lua/gofish/core/engine.lua.
"""

from __future__ import annotations

from typing import Any

from generator.engines.count import count, word
from generator.engines.errors import IllegalAction
from generator.engines.setup import seats
from generator.engines.steps import Source, Stepwise, order_of
from generator.i18n import tr

State = dict[str, Any]


class Engine(Stepwise):
    """The rules of one card data. Holds no game state."""

    def __init__(self, data: Any) -> None:
        self.data = data
        self.g = data.plain["game"]
        self.deck = [r + s for r in self.g["ranks"] for s in self.g["suits"]]
        self.place = {c: i for i, c in enumerate(self.deck)}  # a hand is kept in deck order

    def new_game(self, setup: Any) -> State:
        """The opening state: the first player about to shuffle and deal."""
        players = [{"color": c, "hand": [], "books": [], "known": [], "lacks": []}
                   for c in seats(setup, self.g)]  # fmt: skip
        return {"game": "gofish", "round": 1, "phase": "deal", "active": players[0]["color"],
                "stock": [], "last": None, "winner": [], "players": players}  # fmt: skip

    def view(self, s: State, color: str | None) -> State:
        """What `color` may know: its own hand; other hands and the stock face down (None)."""
        last = s["last"]
        if last and last["drew"] and last["by"] != color and not last["lucky"]:
            last = {**last, "drew": None}
        return {**s, "stock": [None] * len(s["stock"]), "last": last, "players": [
            p if p["color"] == color else {**p, "hand": [None] * len(p["hand"])}
            for p in s["players"]]}  # fmt: skip

    def rank(self, card: str) -> str:
        """The rank of a card id ("10h" -> "10")."""
        return card[:-1]

    def card_name(self, card: str) -> str:
        """A card in words: "queen of hearts"."""
        u = self.g["units"]
        return tr("{rank} of {suit}", rank=word(u, 1, "rank_" + self.rank(card)),
                  suit=word(u, 2, "suit_" + card[-1]))  # fmt: skip

    # --- one action ------------------------------------------------------------------------

    def _answers(self, s: State, action: Any) -> list[str]:
        kind, want = action.get("type"), "deal" if s["phase"] == "deal" else "ask"
        if kind != want:
            raise IllegalAction(f"it is the {s['phase']} phase: expected {want}")
        if action["player"] != s["active"]:
            raise IllegalAction(f"it is {s['active']}'s turn, not {action['player']}'s")
        try:
            if kind == "deal":
                return [order_of(self.deck, action["deck"])]
            return [action["rank"], action["target"]]
        except (KeyError, TypeError):
            raise IllegalAction(f"a '{kind}' action is missing a field") from None

    def _resolve(self, s: State, src: Source) -> Any:
        if self.is_over(s):
            raise IllegalAction(tr("the game is over"))
        me = s["active"]
        by = {p["color"]: p for p in s["players"]}
        if s["phase"] == "deal":
            deck = src.shuffle("shuffle", self.deck, me)
            n = self.g["hand"][str(len(s["players"]))]
            k = len(s["players"])
            for i, p in enumerate(s["players"]):
                self._take(p, deck[i : n * k : k])  # one at a time, clockwise
                self._books(p)
            s["stock"], s["phase"] = deck[n * k :], "ask"
            self._settle(s, me, again=True)
            return {"type": "deal", "player": me, "deck": deck}
        ranks = dict.fromkeys(self.rank(c) for c in by[me]["hand"])
        rank = src.ask("rank", me, [(r, self._ranks(r)) for r in ranks], why=self._none_of)
        target = src.ask("whom", me, [
            (p["color"], tr("{player} ({cards})", player=p["color"],
                            cards=count(self.g["units"], len(p["hand"]), "cards")))
            for p in s["players"] if p["color"] != me and p["hand"]])  # fmt: skip
        given = [c for c in by[target]["hand"] if self.rank(c) == rank]
        by[target]["hand"] = [c for c in by[target]["hand"] if self.rank(c) != rank]
        drew = s["stock"].pop(0) if not given and s["stock"] else None
        lucky = drew is not None and self.rank(drew) == rank
        self._take(by[me], [*given, *([drew] if drew else [])])
        made = self._books(by[me])
        by[target]["known"] = [r for r in by[target]["known"] if r != rank]
        by[me]["known"] = [r for r in self.g["ranks"]
                           if (r == rank or r in by[me]["known"]) and r not in made]  # fmt: skip
        # public too: the player asked holds none of the rank now; a draw may change anything
        by[target]["lacks"] = [r for r in self.g["ranks"] if r == rank or r in by[target]["lacks"]]
        by[me]["lacks"] = [] if drew else [r for r in by[me]["lacks"] if r != rank]
        s["last"] = {"by": me, "target": target, "rank": rank, "got": len(given),
                     "drew": drew, "lucky": lucky, "books": made, "refilled": []}  # fmt: skip
        self._settle(s, me, again=bool(given) or lucky)
        return {"type": "ask", "player": me, "rank": rank, "target": target}

    def _ranks(self, rank: str) -> str:
        return word(self.g["units"], 2, "rank_" + rank)  # "queens"

    def _none_of(self, rank: str) -> str | None:
        return tr("you hold no {rank}", rank=self._ranks(rank)) if rank in self.g["ranks"] else None

    def _take(self, p: dict[str, Any], cards: list[str]) -> None:
        p["hand"] = sorted(p["hand"] + cards, key=self.place.__getitem__)

    def _books(self, p: dict[str, Any]) -> list[str]:
        """Lay down every rank `p` holds whole (one card of each suit); the ranks laid."""
        held = [self.rank(c) for c in p["hand"]]
        made = [r for r in self.g["ranks"] if held.count(r) == len(self.g["suits"])]
        p["books"] += made
        p["hand"] = [c for c in p["hand"] if self.rank(c) not in made]
        return made

    def _settle(self, s: State, me: str, again: bool) -> None:
        """Empty hands draw, then whose turn it is (the game ends with every book made)."""
        order = [p["color"] for p in s["players"]]
        at = order.index(me)
        turn = order[at:] + order[:at]
        for c in turn:
            p = s["players"][order.index(c)]
            if not p["hand"] and s["stock"]:
                self._take(p, [s["stock"].pop(0)])
                p["lacks"] = []
                if s["last"] is not None:
                    s["last"]["refilled"].append(c)
        if sum(len(p["books"]) for p in s["players"]) == len(self.g["ranks"]):
            most = max(len(p["books"]) for p in s["players"])
            s["phase"], s["active"] = "over", None
            s["winner"] = [p["color"] for p in s["players"] if len(p["books"]) == most]
            return
        for c in turn[0 if again else 1 :] + turn[:1]:
            if s["players"][order.index(c)]["hand"]:
                if order.index(c) <= at and c != me:
                    s["round"] += 1
                s["active"] = c
                return
