"""What a die face and a planet action do, resolved one decision at a time.

Every face use and every planet effect is one function that asks its source (sources.py) for
each decision in turn and carries it out on a state it may change (the engine passes a
clone). With a Reader the decisions come from a complete action and are checked; with a
Builder they come from a path, and the options offered are only those that can still be
completed (`can_*` below answer that without listing anything), so a player is never led into
a dead end. Rules and options are one code path, so they cannot drift apart.

Planet effects are read from the card data: `ability.effect` names a method `_do_<effect>`
(and `_can_<effect>`), and the effect's parameters come from cards/teg.

A chain is everything one action sets off: one die, one follow. Within it a player uses each
planet's action at most once (`Ctx.chain`), the one guard against loops (the rulebook's
chaining rule; docs/rules-decisions.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from generator.engines.count import count
from generator.games.teg.cards import Ability, TegData
from generator.games.teg.rules.sources import Cand, Option, Source
from generator.games.teg.rules.state import (
    IllegalAction,
    State,
    active_index,
    amounts,
    clockwise_from,
    running_vp,
    seat,
)
from generator.i18n import tr


@dataclass
class Ctx:
    """Who is using a face or an action: the seat, whether following, the chain so far."""

    player: int
    following: bool = False
    chain: set[str] = field(default_factory=set)


def integer(value: Any, what: str) -> int:
    """Return value if it is an integer (not a boolean or a float)."""
    if type(value) is not int:
        raise IllegalAction(f"{what} must be an integer")
    return value


class Uses:
    """Face uses and planet effects for one game's card data."""

    def __init__(self, data: TegData) -> None:
        self.data = data
        self.planets = {p.id: p for p in data.planets}
        self.faces = {f.id: f for f in data.faces}
        self.face_ids = tuple(f.id for f in data.faces)
        self.resources = tuple(r.id for r in data.rules.resources)
        self.cap = data.rules.resource_cap
        self.top = len(data.levels)

    # --- small state helpers ------------------------------------------------------------

    def gain(self, player: dict[str, Any], resource: str, n: int) -> None:
        """Add resources, losing whatever goes past the cap."""
        player[resource] = min(self.cap, player[resource] + n)

    def can_pay(self, player: dict[str, Any], cost: Any) -> bool:
        """True when the player holds every amount of `cost` (resources only)."""
        return all(player[r] >= n for r, n in cost.items() if r in self.resources)

    def pay(self, player: dict[str, Any], cost: Any, what: str) -> None:
        """Take a cost from a player, or refuse when they cannot pay all of it."""
        if not self.can_pay(player, cost):
            owed = ", ".join(f"{n} {r}" for r, n in cost.items() if n and r in self.resources)
            raise IllegalAction(f"{player['color']} cannot pay {owed} for {what}")
        for r, n in cost.items():
            if r in self.resources:
                player[r] -= n

    def held(self, s: State, seats: list[int]) -> list[tuple[int, ...]]:
        """The resources of some players, to put back after a what-if (see restore)."""
        return [tuple(s["players"][i][r] for r in self.resources) for i in seats]

    def restore(self, s: State, seats: list[int], saved: list[tuple[int, ...]]) -> None:
        """Put back resources saved by `held`."""
        for i, values in zip(seats, saved, strict=True):
            for r, v in zip(self.resources, values, strict=True):
                s["players"][i][r] = v

    def what_if(
        self, s: State, seats: list[int], change: Callable[[], None], check: Callable[[], bool]
    ) -> bool:
        """check() on the state as change() leaves it; the seats' resources are put back."""
        saved = self.held(s, seats)
        change()
        try:
            return check()
        finally:
            self.restore(s, seats, saved)

    def ready_dice(self, s: State) -> list[int]:
        """Indexes of the active player's dice that are neither used nor spent."""
        return [i for i, d in enumerate(s["dice"]) if d["state"] == "ready"]

    def dice_cands(self, s: State, pool: list[int], offering: bool) -> list[Cand]:
        """Dice as members of a pick; dice showing one face are of one kind (identical)."""
        return [
            Cand(
                f"die:{i}",
                tr("{face} die", face=self.faces[s["dice"][i]["face"]].name) if offering else "",
                i,
                s["dice"][i]["face"],
            )
            for i in pool
        ]

    def die_options(
        self, s: State, pool: list[int], offering: bool, usable: Callable[[int], bool]
    ) -> tuple[list[Option], list[Option]]:
        """Dice to choose one from: offered (one per face, usable ones) and also accepted.

        The dice are identical, so a Builder offers the lowest-numbered die of each face and
        accepts any other die of that face; a Reader accepts every die of the pool.
        """
        if not offering:
            return [Option(f"die:{i}", "", {"die": i}) for i in pool], []
        offered: list[Option] = []
        also: list[Option] = []
        faces: set[str] = set()
        for i in pool:
            face = s["dice"][i]["face"]
            option = Option(f"die:{i}", tr("{face} die", face=self.faces[face].name), {"die": i})
            if face in faces:
                also.append(option)
            elif usable(i):
                faces.add(face)
                offered.append(option)
        return offered, [o for o in also if s["dice"][o.fields["die"]]["face"] in faces]

    def orbiting(self, s: State, pi: int, track: str = "any") -> list[int]:
        """Ships of seat `pi` orbiting a face-up planet of this track type (any: all)."""
        return [
            i
            for i, x in enumerate(s["players"][pi]["ships"])
            if x["at"] == "orbit" and track in ("any", self.planets[x["planet"]].track)
        ]

    def occupied(self, s: State, planet: str) -> bool:
        """True when any ship is on or around the planet."""
        return any(
            x.get("planet") == planet for p in s["players"] for x in p["ships"] if x["at"] != "home"
        )

    def unlock_ships(self, player: dict[str, Any]) -> None:
        """Put ships the empire level now allows onto the galaxy mat (usable at once)."""
        for i in range(self.data.levels[player["empire"] - 1].ships):
            if player["ships"][i]["at"] == "locked":
                player["ships"][i] = {"at": "home"}

    def replace_in_row(self, s: State, planet: str) -> None:
        """Take a planet out of the row; the next deck card fills its place (if any is left)."""
        index = s["row"].index(planet)
        if s["deck"]:
            s["row"][index] = s["deck"].pop(0)
        else:
            del s["row"][index]

    def note_vp(self, s: State, pi: int) -> None:
        """Update a player's VP; the first to reach the end VP triggers the end (Elder)."""
        player = s["players"][pi]
        player["vp"] = running_vp(self.data, player)
        if s["end_triggered_by"] is None and player["vp"] >= self.data.rules.end_vp:
            s["end_triggered_by"] = player["color"]
            s["final_round"] = True

    def colonize(self, s: State, pi: int, planet: str) -> None:
        """Seat `pi` colonizes: every ship on and around the planet goes home; refill the row."""
        for p in s["players"]:
            for i, x in enumerate(p["ships"]):
                if x.get("planet") == planet:
                    p["ships"][i] = {"at": "home"}
        s["players"][pi]["colonies"].append(planet)
        self.replace_in_row(s, planet)
        self.note_vp(s, pi)

    def step_forward(self, s: State, pi: int, ship: int, steps: int) -> None:
        """Advance an orbiting ship; reaching the planet's steps colonizes it."""
        x = s["players"][pi]["ships"][ship]
        x["step"] += steps
        if x["step"] >= self.planets[x["planet"]].steps:
            self.colonize(s, pi, x["planet"])

    def upgrade(self, s: State, pi: int) -> None:
        """Raise the empire one level and unlock its ships."""
        player = s["players"][pi]
        player["empire"] += 1
        self.unlock_ships(player)
        self.note_vp(s, pi)

    def next_cost(self, player: dict[str, Any]) -> int | None:
        """The cost of the next empire level, or None at the top."""
        if player["empire"] >= self.top:
            return None
        return int(self.data.levels[player["empire"]].cost or 0)

    def check_faces(self, faces: Any, n: int) -> None:
        """Check a roll outcome: a list of n face ids."""
        if not isinstance(faces, list) or len(faces) != n:
            raise IllegalAction(f"faces must list {n} die face(s)")
        for face in faces:
            if face not in self.face_ids:
                raise IllegalAction(f"'{face}' is not a die face ({', '.join(self.face_ids)})")

    def name(self, planet: str) -> str:
        """A planet's printed name."""
        return self.planets[planet].name

    # --- face uses ----------------------------------------------------------------------

    def can_use_face(self, s: State, ctx: Ctx, face: str) -> bool:
        """True when ctx.player has at least one complete use of the face."""
        f = self.faces[face]
        if f.action == "acquire":
            return True
        if f.action == "move":
            return any(self.destinations(s, ctx.player, i) for i in self.movable(s, ctx.player))
        if f.action == "advance":
            return bool(self.orbiting(s, ctx.player, f.track or "any"))
        player = s["players"][ctx.player]
        cost = self.next_cost(player)
        if cost is not None and any(player[r] >= cost for r in self.resources):
            return True
        return any(self.can_ability(s, ctx, c) for c in player["colonies"])

    def use_face(self, s: State, ctx: Ctx, face: str, src: Source) -> None:
        """Resolve one use of a face by ctx.player, its decisions taken from `src`."""
        f = self.faces[face]
        if f.action == "move":
            self.move(s, ctx, src, None)
        elif f.action == "acquire":
            player = s["players"][ctx.player]
            resource = f.resource or ""
            self.gain(player, resource, self.acquire_amount(player, resource))
        elif f.action == "advance":
            self._advance_face(s, ctx, f.track or "any", src)
        else:
            self._utilize(s, ctx, src)

    def movable(self, s: State, pi: int, besides: int | None = None) -> list[int]:
        """The unlocked ships of seat `pi` (other than `besides`)."""
        return [
            i
            for i, x in enumerate(s["players"][pi]["ships"])
            if x["at"] != "locked" and i != besides
        ]

    def destinations(self, s: State, pi: int, ship: int) -> list[tuple[str, str | None]]:
        """Where a ship may move: ("home", None) and (planet, "land" | "orbit"), in order.

        A move must change planet; a player has one ship at most on a planet's surface and
        one at most on its track (ships of different players share both).
        """
        ships = s["players"][pi]["ships"]
        x = ships[ship]
        out: list[tuple[str, str | None]] = [] if x["at"] == "home" else [("home", None)]
        for planet in s["row"]:
            if x.get("planet") == planet:
                continue
            for mode in ("land", "orbit"):
                at = "surface" if mode == "land" else "orbit"
                if not any(y["at"] == at and y.get("planet") == planet for y in ships):
                    out.append((planet, mode))
        return out

    def ship_label(self, s: State, pi: int, i: int, owner: str | None = None) -> str:
        """'Ship 2 (home)', 'Ship 1 (on Jakks)'; with `owner`, "Red's ship 3 (orbiting ...)"."""
        x = s["players"][pi]["ships"][i]
        if x["at"] == "home":
            where = tr("home")
        elif x["at"] == "surface":
            where = tr("on {planet}", planet=self.name(x["planet"]))
        else:
            where = tr(
                "orbiting {planet}, step {step}", planet=self.name(x["planet"]), step=x["step"]
            )
        if owner is not None:
            return tr("{player}'s ship {n} ({where})", player=owner, n=i + 1, where=where)
        return tr("Ship {n} ({where})", n=i + 1, where=where)

    def amount(self, n: int, unit: str) -> str:
        """'2 energy', '1 culture': a count in the game's unit words (game.yaml `units`)."""
        return count(self.data.rules.units, n, unit)

    def move(self, s: State, ctx: Ctx, src: Source, besides: int | None) -> int:
        """One move (a die's, or one made inside a planet's action); returns the ship moved.

        Landing lets the player use the planet's action at once, wherever the move comes from.
        """
        pi = ctx.player
        player = s["players"][pi]
        color = player["color"]
        ships = self.movable(s, pi, besides)
        if src.offering:
            ships = [i for i in ships if self.destinations(s, pi, i)]
        options = [
            Option(f"ship:{i}", self.ship_label(s, pi, i) if src.offering else "", {"ship": i})
            for i in ships
        ]
        ship = src.choose("ship", options, color, why=lambda: self._why_ship(s, pi, src, besides))[
            "ship"
        ]
        moves = []
        for planet, mode in self.destinations(s, pi, ship):
            if mode is None:
                moves.append(Option("home", tr("Return home"), {"to": "home"}))
            else:
                label = ""
                if src.offering:
                    name = self.name(planet)
                    label = (
                        tr("Land on {planet}", planet=name)
                        if mode == "land"
                        else tr("Orbit {planet}", planet=name)
                    )
                moves.append(Option(f"{mode}:{planet}", label, {"to": planet, "mode": mode}))
        chosen = src.choose("to", moves, color, why=lambda: self._why_to(s, pi, src, ship))
        to, mode = chosen["to"], chosen.get("mode")
        if to == "home":
            player["ships"][ship] = {"at": "home"}
        elif mode == "orbit":
            player["ships"][ship] = {"at": "orbit", "planet": to, "step": 0}
        else:
            player["ships"][ship] = {"at": "surface", "planet": to}
        if mode == "land":
            name = self.name(to) if src.offering else ""
            if src.maybe(
                "ability",
                tr("Use {planet}'s action", planet=name),
                tr("Skip {planet}'s action", planet=name),
                color,
                lambda: self.can_ability(s, ctx, to),
            ):
                self.ability(s, ctx, to, src.sub("ability", f"{to}'s action"))
        elif src.has("ability"):
            raise IllegalAction("only a ship that lands may use the planet's action")
        return int(ship)

    def _why_ship(self, s: State, pi: int, src: Source, besides: int | None) -> str | None:
        value = src.peek("ship")
        player = s["players"][pi]
        if value is None:
            return None
        ship = integer(value, "ship")
        if not 0 <= ship < len(player["ships"]):
            return f"{player['color']} has no ship {ship}"
        if player["ships"][ship]["at"] == "locked":
            return f"ship {ship} is still locked on the ship track"
        if ship == besides:
            return "the two moves must use two different ships"
        return None

    def _why_to(self, s: State, pi: int, src: Source, ship: int) -> str | None:
        to, mode = src.peek("to"), src.peek("mode")
        player = s["players"][pi]
        x = player["ships"][ship]
        if to is None:
            return None
        if to == "home":
            return f"ship {ship} is already home" if x["at"] == "home" else None
        if to not in s["row"]:
            return f"'{to}' is not a face-up planet"
        if x.get("planet") == to:
            return f"ship {ship} is already at {to}; a move must change planet"
        if mode not in ("land", "orbit"):
            return "a move to a planet needs mode 'land' or 'orbit'"
        if mode == "orbit":
            return f"{player['color']} already has a ship orbiting {to}"
        return f"{player['color']} already has a ship on {to}'s surface (one per planet)"

    def acquire_amount(self, player: dict[str, Any], resource: str) -> int:
        """What an Acquire face gives, before the cap.

        1 per ship on or around a planet of that resource, plus, for energy, 1 per ship home.
        """
        n = sum(
            1
            for x in player["ships"]
            if x["at"] in ("orbit", "surface") and self.planets[x["planet"]].resource == resource
        )
        if resource == "energy":  # the galaxy mat itself produces energy
            n += sum(1 for x in player["ships"] if x["at"] == "home")
        return n

    def _advance_face(self, s: State, ctx: Ctx, track: str, src: Source) -> None:
        player = s["players"][ctx.player]
        ships = self.orbiting(s, ctx.player, track)
        options = [
            Option(
                f"planet:{player['ships'][i]['planet']}",
                tr("Advance on {planet}", planet=self.name(player["ships"][i]["planet"]))
                if src.offering
                else "",
                {"planet": player["ships"][i]["planet"]},
            )
            for i in ships
        ]

        def why() -> str | None:
            planet = src.peek("planet")
            if planet is None:
                return None
            return f"{player['color']} has no ship orbiting '{planet}' on a {track} track"

        planet = src.choose("planet", options, player["color"], why=why)["planet"]
        ship = next(i for i in ships if player["ships"][i]["planet"] == planet)
        self.step_forward(s, ctx.player, ship, 1)

    def _utilize(self, s: State, ctx: Ctx, src: Source) -> None:
        player = s["players"][ctx.player]
        color = player["color"]
        cost = self.next_cost(player)
        options = []
        if cost is not None and (
            not src.offering or any(player[r] >= cost for r in self.resources)
        ):
            label = tr("Upgrade your empire to level {level}", level=player["empire"] + 1)
            options.append(Option("empire", label, {"colony": "empire"}))
        for colony in player["colonies"]:
            if not src.offering or self.can_ability(s, ctx, colony):
                label = tr("Use {planet}", planet=self.name(colony)) if src.offering else ""
                options.append(Option(f"colony:{colony}", label, {"colony": colony}))

        def why() -> str | None:
            colony = src.peek("colony")
            if colony == "empire":
                return "the empire is already at the top level"
            return None if colony is None else f"'{colony}' is not a colony of {color}"

        colony = src.choose("colony", options, color, why=why)["colony"]
        if colony != "empire":
            self.ability(s, ctx, colony, src.sub("ability", f"{colony}'s action"))
            return
        assert cost is not None
        pays = [
            Option(f"pay:{r}", tr("Pay {cost}", cost=self.amount(cost, r)), {"pay": r})
            for r in self.resources
            if not src.offering or player[r] >= cost
        ]

        def why_pay() -> str | None:
            pay = src.peek("pay")
            if pay not in self.resources:
                return "pay must be one resource: " + " or ".join(self.resources)
            return f"{color} cannot pay {cost} {pay} for the empire upgrade"

        pay = src.choose("pay", pays, color, why=why_pay)["pay"]
        self.pay(player, {pay: cost}, "the empire upgrade")
        self.upgrade(s, ctx.player)

    # --- planet actions -------------------------------------------------------------------

    def refusal(self, s: State, ctx: Ctx, planet: str) -> str | None:
        """Why ctx.player cannot use this planet's action now (None: they may)."""
        a = self.planets[planet].ability
        player = s["players"][ctx.player]
        if a.own_turn_only and (ctx.following or ctx.player != active_index(s)):
            return f"{planet}'s action works only on its user's own turn"
        if a.once_per_turn and planet in player["once_used"]:
            return f"{player['color']} already used {planet}'s action this turn"
        if planet in ctx.chain:
            return f"{player['color']} already used {planet}'s action in this chain of actions"
        if not self.can_pay(player, a.cost):
            return f"{player['color']} cannot pay for {planet}'s action"
        if a.cost.get("dice", 0) > len(self.ready_dice(s)):
            return f"not enough unused dice to discard for {planet}'s action"
        return None

    def can_ability(self, s: State, ctx: Ctx, planet: str) -> bool:
        """True when ctx.player can use this planet's action with some parameters now.

        Judged on the state after paying the action's energy and culture (put back after).
        """
        if self.refusal(s, ctx, planet) is not None:
            return False
        a = self.planets[planet].ability

        def check() -> bool:
            ctx.chain.add(planet)
            try:
                return bool(getattr(self, f"_can_{a.effect}")(s, ctx, a, planet))
            finally:
                ctx.chain.discard(planet)

        return self.what_if(
            s, [ctx.player], lambda: self.pay(s["players"][ctx.player], a.cost, ""), check
        )

    def ability(self, s: State, ctx: Ctx, planet: str, src: Source) -> None:
        """Use a planet's action, its parameters taken from `src`, or raise IllegalAction."""
        reason = self.refusal(s, ctx, planet)
        if reason is not None:
            raise IllegalAction(reason)
        a = self.planets[planet].ability
        player = s["players"][ctx.player]
        ctx.chain.add(planet)
        if a.once_per_turn:
            player["once_used"].append(planet)
            player["once_used"].sort()
        self.pay(player, a.cost, f"{planet}'s action")
        n = a.cost.get("dice", 0)
        if n:
            ready = self.ready_dice(s)

            def why() -> str:
                return f"discard must name {n} unused dice for {planet}'s action"

            for i in src.pick(
                "discard", self.dice_cands(s, ready, src.offering), n, n, player["color"], why
            ):
                s["dice"][i]["state"] = "spent"
        getattr(self, f"_do_{a.effect}")(s, ctx, a, src, planet)
        src.done(f"{planet}'s action")

    # Each effect: `_can_<effect>` says whether it has a complete choice (on a state where the
    # cost is paid and the planet is in the chain); `_do_<effect>` takes its decisions from
    # the source and carries them out.

    # gain / follow_bonus / follow_tax ---------------------------------------------------------
    def _can_gain(self, s: State, ctx: Ctx, a: Ability, planet: str) -> bool:
        return True

    def _do_gain(self, s: State, ctx: Ctx, a: Ability, src: Source, planet: str) -> None:
        player = s["players"][ctx.player]
        times = 1
        if a.params.get("per") == "ship_home":
            times = sum(1 for x in player["ships"] if x["at"] == "home")
        for r, n in a.params["gain"].items():
            self.gain(player, r, n * times)
        for other in clockwise_from(s, ctx.player):
            for r, n in a.params.get("others_gain", {}).items():
                self.gain(s["players"][other], r, n)

    def _can_follow_bonus(self, s: State, ctx: Ctx, a: Ability, planet: str) -> bool:
        return True

    def _do_follow_bonus(self, s: State, ctx: Ctx, a: Ability, src: Source, planet: str) -> None:
        for r, n in a.params["gain"].items():
            s["turn"]["follow_bonus"][r] += n

    def _can_follow_tax(self, s: State, ctx: Ctx, a: Ability, planet: str) -> bool:
        return True

    def _do_follow_tax(self, s: State, ctx: Ctx, a: Ability, src: Source, planet: str) -> None:
        s["turn"]["follow_cost"] = amounts(a.params["follow_cost"])

    # advance ----------------------------------------------------------------------------------
    def _ship_options(self, s: State, pi: int, ships: list[int], src: Source) -> list[Option]:
        return [
            Option(f"ship:{i}", self.ship_label(s, pi, i) if src.offering else "", {"ship": i})
            for i in ships
        ]

    def _can_advance(self, s: State, ctx: Ctx, a: Ability, planet: str) -> bool:
        return "others_steps" in a.params or bool(self.orbiting(s, ctx.player, a.params["track"]))

    def _do_advance(self, s: State, ctx: Ctx, a: Ability, src: Source, planet: str) -> None:
        track = a.params["track"]
        color = s["players"][ctx.player]["color"]
        if "others_steps" in a.params:
            # Terra-Bettia: each rival with an orbiting ship advances one first, clockwise
            # from the user's left (their choice, recorded in `others`); any may colonize.
            others = src.sub("others", f"{planet}'s action")
            for rival in clockwise_from(s, ctx.player):
                ships = self.orbiting(s, rival, track)
                if ships:
                    rc = s["players"][rival]["color"]
                    options = [
                        Option(o.id, o.label, {rc: o.fields["ship"]})
                        for o in self._ship_options(s, rival, ships, src)
                    ]
                    j = others.choose(rc, options, rc)[rc]
                    self.step_forward(s, rival, j, a.params["others_steps"])
            others.done(f"{planet}'s action")
            ships = self.orbiting(s, ctx.player, track)
            if not ships:
                src.fixed("ship", None, f"ship must be null: {color} has no ship to advance")
                return
        else:
            ships = self.orbiting(s, ctx.player, track)
        ship = src.choose("ship", self._ship_options(s, ctx.player, ships, src), color)["ship"]
        self.step_forward(s, ctx.player, ship, a.params["steps"])

    # regress ----------------------------------------------------------------------------------
    def _targets(self, s: State, ctx: Ctx, a: Ability) -> list[tuple[str, int]]:
        out = []
        for rival in clockwise_from(s, ctx.player):
            for i in self.orbiting(s, rival, a.params["track"]):
                if s["players"][rival]["ships"][i]["step"] >= 1:  # never below the start
                    out.append((s["players"][rival]["color"], i))
        return out

    def _can_regress(self, s: State, ctx: Ctx, a: Ability, planet: str) -> bool:
        return bool(self._targets(s, ctx, a))

    def _do_regress(self, s: State, ctx: Ctx, a: Ability, src: Source, planet: str) -> None:
        targets = self._targets(s, ctx, a)
        cands = [
            Cand(
                f"ship:{color}:{i}",
                self.ship_label(s, seat(s, color), i, color) if src.offering else "",
                [color, i],
                f"{color}:{i}",
            )
            for color, i in targets
        ]
        n = min(a.params["ships"], len(targets))
        color = s["players"][ctx.player]["color"]

        def why() -> str:
            if not n:
                return f"no rival ship can be pushed back: {planet}'s action cannot be used"
            return f"targets must name {n} rival ship(s) at step 1 or more for {planet}'s action"

        for target_color, i in src.pick("targets", cands, max(n, 1), n, color, why):
            x = s["players"][seat(s, target_color)]["ships"][i]
            x["step"] = max(0, x["step"] - a.params["steps"])

    # shift --------------------------------------------------------------------------------------
    def _can_shift(self, s: State, ctx: Ctx, a: Ability, planet: str) -> bool:
        ships = self.orbiting(s, ctx.player)
        player = s["players"][ctx.player]
        return len(ships) >= 2 and any(
            player["ships"][i]["step"] >= a.params["back"] for i in ships
        )

    def _do_shift(self, s: State, ctx: Ctx, a: Ability, src: Source, planet: str) -> None:
        player = s["players"][ctx.player]
        ships = self.orbiting(s, ctx.player)
        backs = [i for i in ships if player["ships"][i]["step"] >= a.params["back"]]
        if len(ships) < 2:
            backs = []
        options = [
            Option(o.id, o.label, {"back": o.fields["ship"]})
            for o in self._ship_options(s, ctx.player, backs, src)
        ]
        back = src.choose("back", options, player["color"])["back"]
        forwards = [i for i in ships if i != back]
        options = [
            Option(o.id, o.label, {"forward": o.fields["ship"]})
            for o in self._ship_options(s, ctx.player, forwards, src)
        ]
        forward = src.choose("forward", options, player["color"])["forward"]
        player["ships"][back]["step"] -= a.params["back"]
        self.step_forward(s, ctx.player, forward, a.params["forward"])

    # discard_planet ------------------------------------------------------------------------
    def _can_discard_planet(self, s: State, ctx: Ctx, a: Ability, planet: str) -> bool:
        return any(not self.occupied(s, p) for p in s["row"])

    def _do_discard_planet(self, s: State, ctx: Ctx, a: Ability, src: Source, planet: str) -> None:
        options = [
            Option(
                f"planet:{p}",
                tr("Discard {planet}", planet=self.name(p)) if src.offering else "",
                {"planet": p},
            )
            for p in s["row"]
            if not self.occupied(s, p)
        ]
        chosen = src.choose("planet", options, s["players"][ctx.player]["color"])["planet"]
        self.replace_in_row(s, chosen)
        s["discard"].append(chosen)

    # upgrade ----------------------------------------------------------------------------------
    def _pays(self, s: State, ctx: Ctx, a: Ability) -> list[Option]:
        player = s["players"][ctx.player]
        cost = self.next_cost(player)
        if cost is None:
            return []
        if a.params.get("condition") == "strictly_lowest_empire" and any(
            s["players"][o]["empire"] <= player["empire"] for o in clockwise_from(s, ctx.player)
        ):
            return []
        cost = max(0, cost - a.params.get("discount", 0))
        if a.params["payment"] == "single":
            return [
                Option(f"pay:{r}", tr("Pay {cost}", cost=self.amount(cost, r)), {"pay": r})
                for r in self.resources
                if player[r] >= cost
            ]
        first, second = self.resources
        return [
            Option(
                f"pay:{n}+{cost - n}",
                tr(
                    "Pay {cost}",
                    cost=self.amount(n, first) + tr(" and ") + self.amount(cost - n, second),
                ),
                {"pay": {first: n, second: cost - n}},
            )
            for n in range(cost + 1)
            if player[first] >= n and player[second] >= cost - n
        ]

    def _can_upgrade(self, s: State, ctx: Ctx, a: Ability, planet: str) -> bool:
        return bool(self._pays(s, ctx, a))

    def _do_upgrade(self, s: State, ctx: Ctx, a: Ability, src: Source, planet: str) -> None:
        player = s["players"][ctx.player]
        pay = src.choose("pay", self._pays(s, ctx, a), player["color"])["pay"]
        if not isinstance(pay, dict):
            cost = int(self.next_cost(player) or 0) - a.params.get("discount", 0)
            pay = {pay: max(0, cost)}
        self.pay(player, pay, "the upgrade")
        self.upgrade(s, ctx.player)

    # reroll -------------------------------------------------------------------------------------
    def _can_reroll(self, s: State, ctx: Ctx, a: Ability, planet: str) -> bool:
        return bool(self.ready_dice(s))

    def _do_reroll(self, s: State, ctx: Ctx, a: Ability, src: Source, planet: str) -> None:
        self.reroll(s, src, s["players"][ctx.player]["color"])

    def reroll(self, s: State, src: Source, who: str) -> None:
        """Reroll some unused dice: which (a pick), then the faces they show (the outcome)."""
        ready = self.ready_dice(s)

        def why() -> str:
            value = src.peek("dice")
            if not isinstance(value, list) or not value:
                return "dice must be a non-empty list of unused dice"
            if len({str(v) for v in value}) != len(value):
                return "dice must list each die once"
            return "only unused dice can be rerolled"

        dice = src.pick("dice", self.dice_cands(s, ready, src.offering), 1, len(ready), who, why)
        faces = src.faces("faces", len(dice), who, self.check_faces)
        for i, face in zip(dice, faces, strict=True):
            s["dice"][i]["face"] = face

    # steal ----------------------------------------------------------------------------------------
    def _victims(self, s: State, ctx: Ctx, a: Ability) -> list[int]:
        return [
            rival
            for rival in clockwise_from(s, ctx.player)
            if any(s["players"][rival][r] >= 1 for r in a.params["take"])
        ]

    def _can_steal(self, s: State, ctx: Ctx, a: Ability, planet: str) -> bool:
        return bool(self._victims(s, ctx, a))

    def _do_steal(self, s: State, ctx: Ctx, a: Ability, src: Source, planet: str) -> None:
        options = []
        for rival in self._victims(s, ctx, a):
            c = s["players"][rival]["color"]
            options.append(Option(f"player:{c}", tr("Take from {player}", player=c), {"player": c}))
        chosen = src.choose("player", options, s["players"][ctx.player]["color"])["player"]
        rival = s["players"][seat(s, chosen)]
        for r, n in a.params["take"].items():
            taken = min(n, rival[r])
            rival[r] -= taken
            self.gain(s["players"][ctx.player], r, taken)

    # trade ----------------------------------------------------------------------------------------
    def _can_trade(self, s: State, ctx: Ctx, a: Ability, planet: str) -> bool:
        return bool(s["players"][ctx.player][a.params["from"]] >= 1)

    def _do_trade(self, s: State, ctx: Ctx, a: Ability, src: Source, planet: str) -> None:
        player = s["players"][ctx.player]
        give, get = a.params["from"], a.params["to"]
        options = [
            Option(
                f"amount:{n}",
                tr(
                    "Trade {given} for {taken}",
                    given=self.amount(n, give),
                    taken=self.amount(n, get),
                ),
                {"amount": n},
            )
            for n in range(1, player[give] + 1)
        ]
        amount = src.choose("amount", options, player["color"])["amount"]
        player[give] -= amount
        self.gain(player, get, amount)

    # extra_moves ------------------------------------------------------------------------------
    def _can_extra_moves(self, s: State, ctx: Ctx, a: Ability, planet: str) -> bool:
        return any(self.destinations(s, ctx.player, i) for i in self.movable(s, ctx.player))

    def _do_extra_moves(self, s: State, ctx: Ctx, a: Ability, src: Source, planet: str) -> None:
        # Nagato: ordinary moves one after another (each may land and use that planet's
        # action), with different ships; the second is made whenever one can be made.
        moves = src.items("moves")
        given = moves.count()
        if given == 0 or given > a.params["moves"]:
            raise IllegalAction(f"{planet}'s action makes {a.params['moves']} moves")
        used: list[int] = []
        for k in range(a.params["moves"]):
            if k:
                left = [
                    i
                    for i in self.movable(s, ctx.player)
                    if i not in used and self.destinations(s, ctx.player, i)
                ]
                if not left:
                    if given > k:
                        raise IllegalAction(f"{planet}'s action has no move {k + 1} to make")
                    break
                if 0 <= given <= k:
                    raise IllegalAction(
                        f"{planet}'s action makes {a.params['moves']} moves with different ships"
                    )
            besides = used[0] if a.params["distinct_ships"] and used else None
            item = moves.item(k)
            used.append(self.move(s, ctx, item, besides))
            item.done("a move")

    # use_planet / use_colony -------------------------------------------------------------------
    def _can_use_planet(self, s: State, ctx: Ctx, a: Ability, planet: str) -> bool:
        return any(p != planet and self.can_ability(s, ctx, p) for p in s["row"])

    def _do_use_planet(self, s: State, ctx: Ctx, a: Ability, src: Source, planet: str) -> None:
        options = [
            Option(
                f"planet:{p}",
                tr("Use {planet}'s action", planet=self.name(p)) if src.offering else "",
                {"planet": p},
            )
            for p in s["row"]
            if p != planet and (not src.offering or self.can_ability(s, ctx, p))
        ]
        chosen = src.choose("planet", options, s["players"][ctx.player]["color"])["planet"]
        self.ability(s, ctx, chosen, src.sub("ability", f"{chosen}'s action"))

    def _pay_owner(self, s: State, pi: int, owner: int, a: Ability) -> None:
        self.pay(s["players"][pi], a.params["pay_owner"], "the colony's owner")
        for r, n in a.params["pay_owner"].items():
            self.gain(s["players"][owner], r, n)

    def _owner_can(self, s: State, ctx: Ctx, a: Ability, owner: int, colony: str) -> bool:
        """Whether ctx.player, having paid `owner`, could use their colony's action."""
        return self.what_if(
            s,
            [ctx.player, owner],
            lambda: self._pay_owner(s, ctx.player, owner, a),
            lambda: self.can_ability(s, ctx, colony),
        )

    def _can_use_colony(self, s: State, ctx: Ctx, a: Ability, planet: str) -> bool:
        if not self.can_pay(s["players"][ctx.player], a.params["pay_owner"]):
            return False
        return any(
            self._owner_can(s, ctx, a, rival, c)
            for rival in clockwise_from(s, ctx.player)
            for c in s["players"][rival]["colonies"]
        )

    def _do_use_colony(self, s: State, ctx: Ctx, a: Ability, src: Source, planet: str) -> None:
        payable = self.can_pay(s["players"][ctx.player], a.params["pay_owner"])
        options = []
        for rival in clockwise_from(s, ctx.player):
            c = s["players"][rival]["color"]
            for colony in s["players"][rival]["colonies"]:
                if src.offering and not (payable and self._owner_can(s, ctx, a, rival, colony)):
                    continue
                label = (
                    tr("Use {player}'s {planet}", player=c, planet=self.name(colony))
                    if src.offering
                    else ""
                )
                options.append(
                    Option(f"colony:{c}:{colony}", label, {"player": c, "colony": colony})
                )
        chosen = src.choose("colony", options, s["players"][ctx.player]["color"])
        self._pay_owner(s, ctx.player, seat(s, chosen["player"]), a)
        colony = chosen["colony"]
        self.ability(s, ctx, colony, src.sub("ability", f"{colony}'s action"))

    # free_action / repeat_die ---------------------------------------------------------------------
    def _can_free_action(self, s: State, ctx: Ctx, a: Ability, planet: str) -> bool:
        return any(self.can_use_face(s, ctx, f) for f in self.face_ids)

    def _do_free_action(self, s: State, ctx: Ctx, a: Ability, src: Source, planet: str) -> None:
        options = [
            Option(f"face:{f}", self.faces[f].name if src.offering else "", {"face": f})
            for f in self.face_ids
            if not src.offering or self.can_use_face(s, ctx, f)
        ]
        face = src.choose("face", options, s["players"][ctx.player]["color"])["face"]
        use = src.sub("use", "the free action")
        self.use_face(s, ctx, face, use)
        use.done("the free action")
        if not ctx.following and ctx.player == active_index(s):
            # Rivals may follow this action like a die. Windows never nest, so a follower
            # who uses this planet gets the action but opens no window.
            s["follow"].append(
                {
                    "face": face,
                    "cost": amounts(a.params["follow_cost"]),
                    "waiting": [s["players"][i]["color"] for i in clockwise_from(s, ctx.player)],
                }
            )

    def _used_dice(self, s: State, ctx: Ctx) -> list[int]:
        if ctx.following or ctx.player != active_index(s):
            return []  # only the active player has activated dice
        return [i for i, d in enumerate(s["dice"]) if d["state"] == "used"]

    def _can_repeat_die(self, s: State, ctx: Ctx, a: Ability, planet: str) -> bool:
        return any(self.can_use_face(s, ctx, s["dice"][i]["face"]) for i in self._used_dice(s, ctx))

    def _do_repeat_die(self, s: State, ctx: Ctx, a: Ability, src: Source, planet: str) -> None:
        offered, also = self.die_options(
            s,
            self._used_dice(s, ctx),
            src.offering,
            lambda i: self.can_use_face(s, ctx, s["dice"][i]["face"]),
        )
        die = src.choose("die", offered, s["players"][ctx.player]["color"], also=also)["die"]
        use = src.sub("use", f"{planet}'s action")
        self.use_face(s, ctx, s["dice"][die]["face"], use)
        use.done(f"{planet}'s action")

    # recall / relocate ------------------------------------------------------------------------
    def _can_recall(self, s: State, ctx: Ctx, a: Ability, planet: str) -> bool:
        return bool(self.orbiting(s, ctx.player))

    def _do_recall(self, s: State, ctx: Ctx, a: Ability, src: Source, planet: str) -> None:
        player = s["players"][ctx.player]
        ships = self.orbiting(s, ctx.player)
        ship = src.choose("ship", self._ship_options(s, ctx.player, ships, src), player["color"])
        step = player["ships"][ship["ship"]]["step"]
        options = [
            Option(
                f"resource:{r}",
                tr("Gain {amount}", amount=self.amount(step * a.params["gain_per_step"], r)),
                {"resource": r},
            )
            for r in a.params["choice"]
        ]
        resource = src.choose("resource", options, player["color"])["resource"]
        player["ships"][ship["ship"]] = {"at": "home"}
        self.gain(player, resource, step * a.params["gain_per_step"])

    def _relocations(self, s: State, ctx: Ctx) -> list[str]:
        player = s["players"][ctx.player]
        orbits = {x["planet"] for x in player["ships"] if x["at"] == "orbit"}
        return [p for p in s["row"] if p not in orbits]

    def _can_relocate(self, s: State, ctx: Ctx, a: Ability, planet: str) -> bool:
        return bool(self.orbiting(s, ctx.player)) and bool(self._relocations(s, ctx))

    def _do_relocate(self, s: State, ctx: Ctx, a: Ability, src: Source, planet: str) -> None:
        player = s["players"][ctx.player]
        ships = self.orbiting(s, ctx.player)
        targets = self._relocations(s, ctx)
        if not targets:
            ships = []
        ship = src.choose("ship", self._ship_options(s, ctx.player, ships, src), player["color"])
        options = [
            Option(
                f"planet:{p}",
                tr("To {planet}", planet=self.name(p)) if src.offering else "",
                {"planet": p},
            )
            for p in targets
        ]
        to = src.choose("planet", options, player["color"])["planet"]
        x = player["ships"][ship["ship"]]
        x["planet"] = to
        if not a.params["keep_step"]:
            x["step"] = 0
        self.step_forward(s, ctx.player, ship["ship"], 0)  # colonizes if already far enough

    # set_face -----------------------------------------------------------------------------------
    def _can_set_face(self, s: State, ctx: Ctx, a: Ability, planet: str) -> bool:
        return len(self.ready_dice(s)) >= a.params["dice"]

    def _do_set_face(self, s: State, ctx: Ctx, a: Ability, src: Source, planet: str) -> None:
        n = a.params["dice"]
        color = s["players"][ctx.player]["color"]

        def why() -> str:
            return f"dice must name {n} unused dice for {planet}'s action"

        dice = src.pick(
            "dice", self.dice_cands(s, self.ready_dice(s), src.offering), n, n, color, why
        )
        to = src.items("to")
        if to.count() not in (-1, len(dice)):
            raise IllegalAction(f"to must list one face for each of the {n} dice")
        for i in dice:
            current = s["dice"][i]["face"]
            options = [
                Option(f"face:{f}", tr("Set it to {face}", face=self.faces[f].name), {"to": f})
                for f in self.face_ids
                if f != current
            ]
            s["dice"][i]["face"] = to.choose("to", options, color)["to"]
        to.done(f"{planet}'s action")
