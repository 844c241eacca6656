"""The Tiny Epic Galaxies rules engine: new game, legal actions, apply, scores.

Pure: every function takes a state and returns data; `apply` works on a clone and either
returns the new state or raises IllegalAction with the reason, leaving its input untouched.
Chance (the deck order, dice faces) enters only through the setup and the actions.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from generator.cards.teg import TegData
from generator.engines.teg.state import (
    Action,
    IllegalAction,
    State,
    active_index,
    clockwise_from,
    clone,
    fresh_turn,
    mission_vp,
    new_state,
    ranking,
    running_vp,
    seat,
)
from generator.engines.teg.uses import Ctx, Uses, expect, index_list, integer

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

    def dice_to_roll(self, s: State) -> int:
        """How many dice the active player rolls at their empire level."""
        player = s["players"][active_index(s)]
        return self.data.levels[player["empire"] - 1].dice

    # --- legal actions --------------------------------------------------------------------

    def legal_actions(self, s: State) -> list[Action]:
        """Every complete action the player to act may take, as decisions.

        Roll outcomes are left as `faces: null` (see state.decision): the caller fills them
        (a test, a bot's seeded random, the table's physical dice); every outcome is legal.
        """
        if self.is_over(s):
            return []
        if s["follow"]:
            color = s["follow"][0]["waiting"][0]
            follows = [
                {"type": "follow", "player": color, **use}
                for use in self._follow_options(s, seat(s, color))
            ]
            return [{"type": "pass", "player": color}, *follows]
        if s["stage"] == "roll":
            return [{"type": "roll", "faces": None}]
        actions: list[Action] = []
        ready = self.uses.ready_dice(s)
        player = s["players"][active_index(s)]
        cost = self._reroll_cost(s)
        if ready and (cost is None or self.uses.can_pay(player, cost)):
            actions += [
                {"type": "reroll", "dice": dice, "faces": None}
                for dice in self.uses.picks(s, ready)
            ]
        if not s["turn"]["converted"] and len(ready) >= 3:
            faces = self.uses.face_ids
            for spend in self.uses.picks(s, ready, 2):
                rest = [i for i in ready if i not in spend]
                actions += [
                    {"type": "convert", "spend": spend, "die": group[0], "face": face}
                    for group in self.uses.face_groups(s, rest)
                    for face in faces
                ]
        ctx = Ctx(active_index(s))
        for group in self.uses.face_groups(s, ready):
            die = group[0]  # dice are identical: the lowest-numbered of a face stands for all
            face = s["dice"][die]["face"]
            actions += [
                {"type": "activate", "die": die, **use}
                for use in self.uses.use_options(self._with_used(s, die), ctx, face)
            ]
        actions.append({"type": "end_turn"})
        return actions

    def _with_used(self, s: State, die: int) -> State:
        # A die counts as activated while its own action resolves (Piedes can see it).
        t = dict(s)
        t["dice"] = [dict(d) for d in s["dice"]]
        t["dice"][die]["state"] = "used"
        return t

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
        handler: Callable[[State, Action], int] = getattr(self, f"_{kind}")
        actor = handler(t, action)
        self._settle(t, actor)
        return t

    def _by_active(self, s: State, action: Action, stage: str) -> None:
        """Refuse an active-player action at the wrong moment or from the wrong seat."""
        if s["follow"]:
            raise IllegalAction(f"waiting for {s['follow'][0]['waiting'][0]} to follow or pass")
        if "player" in action and action["player"] != s["active"]:
            raise IllegalAction(f"it is {s['active']}'s turn, not {action['player']}'s")
        if s["stage"] != stage:
            raise IllegalAction(
                "roll the dice first" if s["stage"] == "roll" else "the dice are already rolled"
            )

    def _roll(self, s: State, action: Action) -> int:
        expect(action, {"type", "faces"}, {"player"}, "roll")
        self._by_active(s, action, "roll")
        self.uses.check_faces(action["faces"], self.dice_to_roll(s))
        s["dice"] = [{"face": f, "state": "ready"} for f in action["faces"]]
        s["stage"] = "main"
        return active_index(s)

    def _reroll(self, s: State, action: Action) -> int:
        expect(action, {"type", "dice", "faces"}, {"player"}, "reroll")
        self._by_active(s, action, "main")
        cost = self._reroll_cost(s)
        if cost is not None:
            self.uses.pay(s["players"][active_index(s)], cost, "a reroll after the free one")
        self.uses.reroll(s, action["dice"], action["faces"])
        s["turn"]["rerolls"] += 1
        return active_index(s)

    def _convert(self, s: State, action: Action) -> int:
        expect(action, {"type", "spend", "die", "face"}, {"player"}, "convert")
        self._by_active(s, action, "main")
        if s["turn"]["converted"]:
            raise IllegalAction("the converter was already used this turn")
        spend = index_list(action["spend"], "spend")
        die = integer(action["die"], "die")
        ready = self.uses.ready_dice(s)
        if len(spend) != 2 or not set(spend) <= set(ready):
            raise IllegalAction("spend must name two unused dice")
        if die in spend or die not in ready:
            raise IllegalAction("die must be a third unused die")
        self.uses.require_pick(s, spend, ready)
        self.uses.require_pick(s, [die], [i for i in ready if i not in spend])
        self.uses.check_faces([action["face"]], 1)
        for i in spend:
            s["dice"][i]["state"] = "spent"
        s["dice"][die]["face"] = action["face"]
        s["turn"]["converted"] = True
        return active_index(s)

    def _activate(self, s: State, action: Action) -> int:
        self._by_active(s, action, "main")
        die = integer(action.get("die"), "die")
        if not 0 <= die < len(s["dice"]) or s["dice"][die]["state"] != "ready":
            raise IllegalAction(f"die {die} is not an unused die")
        self.uses.require_pick(s, [die], self.uses.ready_dice(s))
        s["dice"][die]["state"] = "used"
        face = s["dice"][die]["face"]
        use = {k: v for k, v in action.items() if k not in ("type", "die", "player")}
        me = active_index(s)
        self.uses.resolve_use(s, Ctx(me), face, use)
        s["follow"].append(
            {
                "face": face,
                "cost": dict(s["turn"]["follow_cost"]),
                "waiting": [s["players"][i]["color"] for i in clockwise_from(s, me)],
            }
        )
        return me

    def _decider(self, s: State, action: Action) -> int:
        if not s["follow"]:
            raise IllegalAction("no follow window is open")
        color = s["follow"][0]["waiting"][0]
        if action.get("player") != color:
            who = action.get("player")
            raise IllegalAction(f"it is {color}'s turn to follow or pass, not {who}'s")
        return seat(s, color)

    def _follow(self, s: State, action: Action) -> int:
        who = self._decider(s, action)
        window = s["follow"][0]
        self._pay_to_follow(s, who)
        use = {k: v for k, v in action.items() if k not in ("type", "player")}
        self.uses.resolve_use(s, Ctx(who, following=True), window["face"], use)
        window["waiting"].pop(0)
        return who

    def _pay_to_follow(self, s: State, who: int) -> None:
        """The follower pays the window's cost; a follow bonus pays the active player."""
        self.uses.pay(s["players"][who], s["follow"][0]["cost"], "following")
        active = s["players"][active_index(s)]
        for r, n in s["turn"]["follow_bonus"].items():
            self.uses.gain(active, r, n)

    def _follow_options(self, s: State, who: int) -> Any:
        """Uses of the window's face open to `who`, judged after paying to follow."""
        if not self.uses.can_pay(s["players"][who], s["follow"][0]["cost"]):
            return iter(())
        paid = clone(s)
        self._pay_to_follow(paid, who)
        return self.uses.use_options(paid, Ctx(who, following=True), s["follow"][0]["face"])

    def _pass(self, s: State, action: Action) -> int:
        expect(action, {"type", "player"}, set(), "pass")
        who = self._decider(s, action)
        s["follow"][0]["waiting"].pop(0)
        return who

    def _end_turn(self, s: State, action: Action) -> int:
        expect(action, {"type"}, {"player"}, "end_turn")
        self._by_active(s, action, "main")
        me = active_index(s)
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
        """Update VP, note who triggered the end, and move follow windows along."""
        if s["phase"] == "over":
            return
        for p in s["players"]:
            p["vp"] = running_vp(self.data, p)
        if s["end_triggered_by"] is None:
            for i in [actor, *clockwise_from(s, actor)]:
                if s["players"][i]["vp"] >= self.data.rules.end_vp:
                    s["end_triggered_by"] = s["players"][i]["color"]
                    s["final_round"] = True
                    break
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
        """A rival may follow when they can pay the cost and have a legal use of the face."""
        who = seat(s, color)
        if self.uses.faces[s["follow"][0]["face"]].action == "acquire":
            # Acquiring is always a legal use: only the cost matters.
            return self.uses.can_pay(s["players"][who], s["follow"][0]["cost"])
        return any(True for _ in self._follow_options(s, who))

    def _finish(self, s: State) -> None:
        """Score missions, set final VP and the ranking, and end the game."""
        for i, p in enumerate(s["players"]):
            p["mission_vp"] = mission_vp(self.data, s, i)
            p["vp"] = running_vp(self.data, p) + p["mission_vp"]
        s["phase"] = "over"
        s["stage"] = "over"
        s["ranking"] = ranking(s)

    # --- chance ---------------------------------------------------------------------------

    def complete(self, s: State, action: Action, rng: random.Random) -> Action:
        """Fill every roll outcome left null in a decision with faces drawn from `rng`."""

        def fill(value: Any) -> Any:
            if isinstance(value, dict):
                out = {k: fill(v) for k, v in value.items()}
                if "faces" in out and out["faces"] is None:
                    n = len(out["dice"]) if "dice" in out else self.dice_to_roll(s)
                    out["faces"] = [rng.choice(self.uses.face_ids) for _ in range(n)]
                return out
            if isinstance(value, list):
                return [fill(v) for v in value]
            return value

        return fill(action)
