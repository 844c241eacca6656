"""The Tiny Epic Galaxies rules engine: new game, choices one decision at a time, apply.

Pure: every function takes a state and returns data; `apply` works on a clone and either
returns the new state or raises IllegalAction with the reason, leaving its input untouched.
Chance (the deck order, dice faces) enters only through the setup and the actions.

`apply` and `choices` run the same resolution (uses.py) against different sources of
decisions (sources.py): a complete action, or a path of option ids.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from generator.engines.count import count
from generator.games.teg.cards import TegData
from generator.games.teg.rules.sources import (
    BadPath,
    Builder,
    Chooser,
    Decision,
    Need,
    Option,
    Reader,
    Source,
    Walk,
)
from generator.games.teg.rules.state import (
    Action,
    IllegalAction,
    State,
    active_index,
    clockwise_from,
    clone,
    fresh_turn,
    mission_vp,
    new_state,
    observe,
    ranking,
    running_vp,
    seat,
)
from generator.games.teg.rules.uses import Ctx, Uses, integer
from generator.i18n import tr

ACTION_TYPES = ("roll", "reroll", "convert", "activate", "follow", "pass", "end_turn")


class Engine:
    """The rules of one game's card data. Holds no game state; every method is pure."""

    def __init__(self, data: TegData) -> None:
        self.data = data
        self.uses = Uses(data)

    # --- setup and queries --------------------------------------------------------------

    def new_game(self, setup: dict[str, Any]) -> State:
        """Return the opening state for a setup {players, deck, missions?}; raise BadSetup."""
        return new_state(self.data, setup)

    def is_over(self, s: State) -> bool:
        """True once the last turn has ended and the game is scored."""
        return s["phase"] == "over"

    def to_act(self, s: State) -> str | None:
        """The color of the player who must act next (None when the game is over)."""
        if self.is_over(s):
            return None
        if s["follow"]:
            return str(s["follow"][0]["waiting"][0])
        return str(s["active"])

    def view(self, s: State, color: str | None) -> State:
        """What `color` may know of a state (the table's bots read only this).

        Others' missions (until the end) and the planet deck's order are hidden, each as null
        (the deck's length stays).
        """
        seen = observe(s, color or "")
        seen["deck"] = [None] * len(s["deck"])
        return seen

    def dice_to_roll(self, s: State) -> int:
        """How many dice the active player rolls at their empire level."""
        player = s["players"][active_index(s)]
        return self.data.levels[player["empire"] - 1].dice

    # --- decisions ------------------------------------------------------------------------

    def choices(self, s: State, path: Sequence[str]) -> dict[str, Any]:
        """The next decision after `path` (option ids), or the complete action it spells.

        Returns {"complete": false, "decision": {name, player, options, roll?}, "action":
        the partial action} or {"complete": true, "action": ...}; raises BadPath when the path
        names an option its decision does not have. Every option offered can be completed
        into an action `apply` accepts (see schemas/teg/choices.schema.json).
        """
        action: Action = {}
        walk = Walk(path)
        try:
            self._decide(s, Builder(action, walk))
        except Need as need:
            return {"complete": False, "decision": need.decision, "action": action}
        if walk.pos < len(walk.path):
            raise BadPath("the path goes on after the action is complete")
        return {"complete": True, "action": action}

    def trace(self, s: State, path: Sequence[str]) -> tuple[list[Decision], Action | None]:
        """Every decision met along `path` and the action it completes (None if it stops)."""
        action: Action = {}
        walk = Walk(path, trace=True)
        try:
            self._decide(s, Builder(action, walk))
        except Need:
            return walk.trace or [], None
        if walk.pos < len(walk.path):
            raise BadPath("the path goes on after the action is complete")
        return walk.trace or [], action

    def play(
        self, s: State, chooser: Chooser, trace: list[Decision] | None = None
    ) -> tuple[Action, list[str]]:
        """Let `chooser` take every decision of the next action: the action and its path.

        With a `trace` list, every decision met is appended to it.
        """
        action: Action = {}
        walk = Walk(chooser=chooser)
        walk.trace = trace
        self._decide(s, Builder(action, walk))
        return action, walk.path

    def path_of(self, s: State, action: Action) -> list[str]:
        """The option ids that spell `action` (IllegalAction when apply would refuse it)."""
        src = Reader(action, str(action.get("type")), track=True)
        self._resolve(clone(s), src)
        return src.taken

    def _decide(self, s: State, src: Builder) -> None:
        if self.is_over(s):
            raise Need({"name": "type", "player": None, "options": []})
        try:
            self._resolve(clone(s), src)
        except IllegalAction as err:  # only a path naming an alias the rules refuse
            raise BadPath(err.reason) from None

    def _types(self, s: State, offering: bool) -> list[Option]:
        """The kinds of action open now (all of them for a Reader, which checks later)."""
        if not offering:
            return [Option(t, "", {"type": t}) for t in ACTION_TYPES]
        if s["follow"]:
            color = s["follow"][0]["waiting"][0]
            cost = self._amount_text(s["follow"][0]["cost"])
            return [
                Option(
                    "follow", tr("Follow ({cost})", cost=cost), {"type": "follow", "player": color}
                ),
                Option("pass", tr("Pass"), {"type": "pass", "player": color}),
            ]
        if s["stage"] == "roll":
            dice = count(self.data.rules.units, self.dice_to_roll(s), "dice")
            return [Option("roll", tr("Roll {dice}", dice=dice), {"type": "roll"})]
        out = []
        ready = self.uses.ready_dice(s)
        me = active_index(s)
        if any(self._usable(s, me, i) for i in ready):
            out.append(Option("activate", tr("Activate a die"), {"type": "activate"}))
        cost = self._reroll_cost(s)
        if ready and (cost is None or self.uses.can_pay(s["players"][me], cost)):
            price = tr("free") if cost is None else self._amount_text(cost)
            out.append(Option("reroll", tr("Reroll ({cost})", cost=price), {"type": "reroll"}))
        if not s["turn"]["converted"] and len(ready) >= 3:
            out.append(Option("convert", tr("Use the converter"), {"type": "convert"}))
        out.append(Option("end_turn", tr("End turn"), {"type": "end_turn"}))
        return out

    def _amount_text(self, cost: dict[str, int]) -> str:
        units = self.data.rules.units
        ids = [r.id for r in self.data.rules.resources]
        parts = [count(units, cost[r], r) for r in ids if cost.get(r)]
        return tr(" and ").join(parts) if parts else tr("free")

    def _usable(self, s: State, me: int, die: int) -> bool:
        # A die counts as activated while its own action resolves (Piedes can see it).
        d = s["dice"][die]
        d["state"] = "used"
        try:
            return self.uses.can_use_face(s, Ctx(me), d["face"])
        finally:
            d["state"] = "ready"

    def _resolve(self, s: State, src: Source) -> int:
        """Resolve one action on `s` (changed in place); returns the seat that acted."""
        who = self.to_act(s)
        kind = src.choose(
            "type", self._types(s, src.offering), str(who), why=lambda: _bad_type(src)
        )
        actor = getattr(self, f"_{kind['type']}")(s, src)
        src.done(str(kind["type"]))
        return int(actor)

    def _reroll_cost(self, s: State) -> dict[str, int] | None:
        if s["turn"]["rerolls"] < self.data.rules.free_rerolls:
            return None
        return dict(self.data.rules.reroll_cost)

    # --- apply ----------------------------------------------------------------------------

    def apply(self, s: State, action: Action) -> State:
        """Return the state after `action`, or raise IllegalAction (the input is untouched)."""
        if not isinstance(action, dict):
            raise IllegalAction("an action must be an object")
        kind = action.get("type")
        if kind not in ACTION_TYPES:
            raise IllegalAction(f"unknown action type {kind!r} ({', '.join(ACTION_TYPES)})")
        if self.is_over(s):
            raise IllegalAction("the game is over")
        t = clone(s)
        actor = self._resolve(t, Reader(action, str(kind)))
        self._settle(t, actor)
        return t

    def _by_active(self, s: State, src: Source, stage: str) -> int:
        """Refuse an active-player action at the wrong moment or from the wrong seat."""
        if s["follow"]:
            waiting = s["follow"][0]["waiting"][0]
            raise IllegalAction(tr("waiting for {player} to follow or pass", player=waiting))
        player = src.peek("player")
        if player is not None and player != s["active"]:
            raise IllegalAction(
                tr("it is {player}'s turn, not {other}'s", player=s["active"], other=player)
            )
        if s["stage"] != stage:
            raise IllegalAction(
                tr("roll the dice first")
                if s["stage"] == "roll"
                else tr("the dice are already rolled")
            )
        return active_index(s)

    def _roll(self, s: State, src: Source) -> int:
        me = self._by_active(s, src, "roll")
        faces = src.faces("faces", self.dice_to_roll(s), s["active"], self.uses.check_faces)
        s["dice"] = [{"face": f, "state": "ready"} for f in faces]
        s["stage"] = "main"
        return me

    def _reroll(self, s: State, src: Source) -> int:
        me = self._by_active(s, src, "main")
        cost = self._reroll_cost(s)
        if cost is not None:
            self.uses.pay(s["players"][me], cost, "a reroll after the free one")
        self.uses.reroll(s, src, s["active"])
        s["turn"]["rerolls"] += 1
        return me

    def _convert(self, s: State, src: Source) -> int:
        me = self._by_active(s, src, "main")
        if s["turn"]["converted"]:
            raise IllegalAction(tr("the converter was already used this turn"))
        ready = self.uses.ready_dice(s)
        if len(ready) < 3:
            raise IllegalAction(tr("the converter needs three unused dice"))
        who = s["active"]
        cands = self.uses.dice_cands(s, ready, src.offering)
        spend = src.pick("spend", cands, 2, 2, who, lambda: "spend must name two unused dice")
        rest = [i for i in ready if i not in spend]
        offered, also = self.uses.die_options(s, rest, src.offering, lambda i: True)

        def why() -> str | None:
            die = src.peek("die")
            return None if die is None else "die must be a third unused die"

        die = src.choose("die", offered, who, also=also, why=why)["die"]
        shows = s["dice"][die]["face"]  # a conversion changes the face: not the one it shows
        faces = [
            Option(f"face:{f}", tr("Set it to {face}", face=self.uses.faces[f].name), {"face": f})
            for f in self.uses.face_ids
            if f != shows
        ]

        def why_face() -> str | None:
            face = src.peek("face")
            if face is None:
                return None
            if face == shows:
                return f"the converter changes a die's face: die {die + 1} already shows '{face}'"
            return f"'{face}' is not a die face"

        face = src.choose("face", faces, who, why=why_face)["face"]
        for i in spend:
            s["dice"][i]["state"] = "spent"
        s["dice"][die]["face"] = face
        s["turn"]["converted"] = True
        return me

    def _activate(self, s: State, src: Source) -> int:
        me = self._by_active(s, src, "main")
        offered, also = self.uses.die_options(
            s, self.uses.ready_dice(s), src.offering, lambda i: self._usable(s, me, i)
        )

        def why() -> str | None:
            die = src.peek("die")
            if die is None:
                return None
            die = integer(die, "die")
            return f"die {die} is not an unused die"

        die = src.choose("die", offered, s["active"], also=also, why=why)["die"]
        s["dice"][die]["state"] = "used"
        face = s["dice"][die]["face"]
        self.uses.use_face(s, Ctx(me), face, src)
        s["follow"].append(
            {
                "face": face,
                "cost": dict(s["turn"]["follow_cost"]),
                "waiting": [s["players"][i]["color"] for i in clockwise_from(s, me)],
            }
        )
        return me

    def _decider(self, s: State, src: Source) -> int:
        if not s["follow"]:
            raise IllegalAction(tr("no follow window is open"))
        color = s["follow"][0]["waiting"][0]
        if src.offering:
            return seat(s, color)
        who = src.peek("player")
        if who != color:
            raise IllegalAction(
                tr(
                    "it is {player}'s turn to follow or pass, not {other}'s",
                    player=color,
                    other=who,
                )
            )
        return seat(s, color)

    def _follow(self, s: State, src: Source) -> int:
        who = self._decider(s, src)
        window = s["follow"][0]
        self._pay_to_follow(s, who)
        self.uses.use_face(s, Ctx(who, following=True), window["face"], src)
        window["waiting"].pop(0)
        return who

    def _pay_to_follow(self, s: State, who: int) -> None:
        """The follower pays the window's cost; a follow bonus pays the active player."""
        self.uses.pay(s["players"][who], s["follow"][0]["cost"], "following")
        active = s["players"][active_index(s)]
        for r, n in s["turn"]["follow_bonus"].items():
            self.uses.gain(active, r, n)

    def _pass(self, s: State, src: Source) -> int:
        who = self._decider(s, src)
        s["follow"][0]["waiting"].pop(0)
        return who

    def _end_turn(self, s: State, src: Source) -> int:
        me = self._by_active(s, src, "main")
        s["dice"] = []
        s["turn"] = fresh_turn(self.data)
        for p in s["players"]:
            p["once_used"] = []
        last_seat = me == len(s["players"]) - 1
        if s["final_round"] and last_seat:
            self._finish(s)
            return me
        s["active"] = s["players"][(me + 1) % len(s["players"])]["color"]
        if last_seat:
            s["round"] += 1
        s["stage"] = "roll"
        return me

    # --- after every action ---------------------------------------------------------------

    def _settle(self, s: State, actor: int) -> None:
        """Update VP and move follow windows along (the end trigger is noted as VP change)."""
        if s["phase"] == "over":
            return
        for i in range(len(s["players"])):
            self.uses.note_vp(s, i)
        if not s["row"]:
            # Nothing is left to colonize: finish the round as if the end were triggered.
            s["final_round"] = True
        self._next_decider(s)
        if s["stage"] != "roll":
            s["stage"] = "follow" if s["follow"] else "main"

    def _next_decider(self, s: State) -> None:
        """Drop players who cannot follow; close windows nobody is left to decide."""
        while s["follow"]:
            window = s["follow"][0]
            while window["waiting"] and not self.can_follow(s, window["waiting"][0]):
                window["waiting"].pop(0)
            if window["waiting"]:
                return
            s["follow"].pop(0)

    def can_follow(self, s: State, color: str) -> bool:
        """A rival may follow when they can pay the cost and then have a use of the face."""
        who = seat(s, color)
        if not self.uses.can_pay(s["players"][who], s["follow"][0]["cost"]):
            return False
        return self.uses.what_if(
            s,
            [who, active_index(s)],
            lambda: self._pay_to_follow(s, who),
            lambda: self.uses.can_use_face(s, Ctx(who, following=True), s["follow"][0]["face"]),
        )

    def _finish(self, s: State) -> None:
        """Score missions, set final VP and the ranking, and end the game."""
        for i, p in enumerate(s["players"]):
            p["mission_vp"] = mission_vp(self.data, s, i)
            p["vp"] = running_vp(self.data, p) + p["mission_vp"]
        s["phase"] = "over"
        s["stage"] = "over"
        s["ranking"] = ranking(s)


def _bad_type(src: Source) -> str:
    kind = src.peek("type")
    return f"unknown action type {kind!r} ({', '.join(ACTION_TYPES)})"
