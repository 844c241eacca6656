"""What a die face and a planet action do: the options a player has, and resolving a choice.

Every face use and every planet effect comes as a pair: `*_options` lists each complete,
legal choice, and `resolve_*` checks a choice and carries it out on a state it may change
(the engine passes a clone). The two are written side by side so they cannot drift apart;
tests check that every listed option resolves and every resolvable choice is listed.

Planet effects are read from the card data: `ability.effect` names a pair of methods here
(`_opt_<effect>` / `_do_<effect>`), and the effect's parameters come from cards/teg.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import chain, combinations, product
from typing import Any

from generator.cards.teg import Ability, TegData
from generator.engines.teg.state import (
    IllegalAction,
    State,
    active_index,
    amounts,
    canonical,
    clockwise_from,
    clone,
    decision,
    seat,
)

# Effects that use another action. They run only directly from a die (depth 1): whatever they
# reach (another planet's action, a face, extra moves) must be plain, which keeps every
# action finite and its list of choices short.
META_EFFECTS = frozenset({"use_planet", "use_colony", "extra_moves", "free_action", "repeat_die"})

Params = dict[str, Any]


@dataclass(frozen=True)
class Ctx:
    """Who is using a face or an action, and from where.

    depth 1: straight from a die (a landing, a utilized colony); depth 2: inside another
    planet's action. `following`: the user is following another player's die.
    `source`: the planet whose action is running (so Umbra-Forum cannot pick itself).
    """

    player: int
    depth: int = 1
    following: bool = False
    source: str | None = None

    def at(self, source: str) -> Ctx:
        """The same user, running `source`'s action."""
        return Ctx(self.player, self.depth, self.following, source)

    def inner(self) -> Ctx:
        """The same user, one level down: inside another planet's action."""
        return Ctx(self.player, 2, self.following, self.source)


def expect(obj: Any, required: set[str], optional: set[str], what: str) -> dict[str, Any]:
    """Check an action part is an object with exactly the allowed keys; return it."""
    if not isinstance(obj, dict):
        raise IllegalAction(f"{what} must be an object")
    for key in sorted(required - obj.keys()):
        raise IllegalAction(f"{what} needs '{key}'")
    for key in sorted(obj.keys() - required - optional):
        raise IllegalAction(f"{what} has an unknown key '{key}'")
    return obj


def integer(value: Any, what: str) -> int:
    """Return value if it is an integer (not a boolean or a float)."""
    if type(value) is not int:
        raise IllegalAction(f"{what} must be an integer")
    return value


def index_list(value: Any, what: str) -> list[int]:
    """Return value if it is a strictly increasing list of integers."""
    if not isinstance(value, list) or not value:
        raise IllegalAction(f"{what} must be a non-empty list")
    items = [integer(v, what) for v in value]
    if items != sorted(set(items)):
        raise IllegalAction(f"{what} must list each die once, in increasing order")
    return items


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

    def ready_dice(self, s: State) -> list[int]:
        """Indexes of the active player's dice that are neither used nor spent."""
        return [i for i, d in enumerate(s["dice"]) if d["state"] == "ready"]

    # The dice are identical: which of two dice showing the same face is picked changes
    # nothing. So a pick is spelled one way only, with the lowest-numbered dice of each face.

    def face_groups(self, s: State, pool: list[int]) -> list[list[int]]:
        """The dice of `pool` grouped by face, each group in increasing order."""
        groups: dict[str, list[int]] = {}
        for i in pool:
            groups.setdefault(s["dice"][i]["face"], []).append(i)
        return list(groups.values())

    def picks(self, s: State, pool: list[int], size: int | None = None) -> Iterator[list[int]]:
        """Every distinct pick of dice from `pool` (of `size` dice, or of any size >= 1)."""
        groups = self.face_groups(s, pool)
        for counts in product(*(range(len(g) + 1) for g in groups)):
            total = sum(counts)
            if total and (size is None or total == size):
                yield sorted(
                    chain.from_iterable(g[:n] for g, n in zip(groups, counts, strict=True))
                )

    def is_pick(self, s: State, chosen: list[int], pool: list[int]) -> bool:
        """True when `chosen` is drawn from `pool`, lowest-numbered dice of each face first."""
        if not set(chosen) <= set(pool):
            return False
        for group in self.face_groups(s, pool):
            taken = [i for i in group if i in chosen]
            if taken != group[: len(taken)]:
                return False
        return True

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

    def colonize(self, s: State, pi: int, planet: str) -> None:
        """Seat `pi` colonizes: every ship on and around the planet goes home; refill the row."""
        for p in s["players"]:
            for i, x in enumerate(p["ships"]):
                if x.get("planet") == planet:
                    p["ships"][i] = {"at": "home"}
        s["players"][pi]["colonies"].append(planet)
        self.replace_in_row(s, planet)

    def step_forward(self, s: State, pi: int, ship: int, steps: int) -> None:
        """Advance an orbiting ship; reaching the planet's steps colonizes it."""
        x = s["players"][pi]["ships"][ship]
        x["step"] += steps
        if x["step"] >= self.planets[x["planet"]].steps:
            self.colonize(s, pi, x["planet"])

    def upgrade(self, player: dict[str, Any]) -> None:
        """Raise the empire one level and unlock its ships."""
        player["empire"] += 1
        self.unlock_ships(player)

    def next_cost(self, player: dict[str, Any]) -> int | None:
        """The cost of the next empire level, or None at the top."""
        if player["empire"] >= self.top:
            return None
        return int(self.data.levels[player["empire"]].cost or 0)

    # --- face uses ----------------------------------------------------------------------

    def use_options(self, s: State, ctx: Ctx, face: str) -> Iterator[Params]:
        """Every legal use of a face by ctx.player (without the die or the action type)."""
        action = self.faces[face].action
        if action == "move":
            yield from self._move_options(s, ctx, with_ability=ctx.depth == 1)
        elif action == "acquire":
            yield {}
        elif action == "advance":
            track = self.faces[face].track
            for i in self.orbiting(s, ctx.player, track or "any"):
                yield {"planet": s["players"][ctx.player]["ships"][i]["planet"]}
        else:
            yield from self._utilize_options(s, ctx)

    def resolve_use(self, s: State, ctx: Ctx, face: str, use: Any) -> None:
        """Carry out one use of a face by ctx.player, or raise IllegalAction."""
        action = self.faces[face].action
        if action == "move":
            self._move(s, ctx, use, with_ability=ctx.depth == 1)
        elif action == "acquire":
            expect(use, set(), set(), f"{face}")
            self._acquire(s, ctx.player, self.faces[face].resource or "")
        elif action == "advance":
            self._advance(s, ctx, face, use)
        else:
            self._utilize(s, ctx, use)

    def _move_targets(self, s: State, pi: int) -> Iterator[Params]:
        player = s["players"][pi]
        orbits = {x["planet"] for x in player["ships"] if x["at"] == "orbit"}
        for i, x in enumerate(player["ships"]):
            if x["at"] == "locked":
                continue
            if x["at"] != "home":
                yield {"ship": i, "to": "home"}
            for planet in s["row"]:
                if x.get("planet") == planet:
                    continue
                yield {"ship": i, "to": planet, "mode": "land"}
                if planet not in orbits:
                    yield {"ship": i, "to": planet, "mode": "orbit"}

    def _move_options(self, s: State, ctx: Ctx, with_ability: bool) -> Iterator[Params]:
        # Whether a planet's action may be used does not depend on which ship lands there,
        # so it is judged once per planet.
        usable = {p: self.ability_refusal(s, ctx, p) is None for p in s["row"]}
        for move in self._move_targets(s, ctx.player):
            yield move
            planet = move["to"]
            if not with_ability or move.get("mode") != "land" or not usable[planet]:
                continue
            view = self._landed_view(s, ctx.player, move)
            for params in self.ability_options(view, ctx, planet, checked=True):
                yield {**move, "ability": params}

    def _landed_view(self, s: State, pi: int, move: Params) -> State:
        """A read-only view of the state after a move: only the mover's ships are copied.

        Option lists only read the state (those that change it clone it first), so this is
        enough and much cheaper than a full clone for every possible landing.
        """
        player = dict(s["players"][pi])
        player["ships"] = list(player["ships"])
        view = {**s, "players": list(s["players"])}
        view["players"][pi] = player
        self._place(view, pi, move)
        return view

    def _place(self, s: State, pi: int, move: Params) -> None:
        ship = s["players"][pi]["ships"]
        if move["to"] == "home":
            ship[move["ship"]] = {"at": "home"}
        elif move["mode"] == "orbit":
            ship[move["ship"]] = {"at": "orbit", "planet": move["to"], "step": 0}
        else:
            ship[move["ship"]] = {"at": "surface", "planet": move["to"]}

    def _move(self, s: State, ctx: Ctx, use: Any, with_ability: bool) -> None:
        use = expect(use, {"ship", "to"}, {"mode", "ability"}, "a move")
        player = s["players"][ctx.player]
        ship = integer(use["ship"], "ship")
        if not 0 <= ship < len(player["ships"]):
            raise IllegalAction(f"{player['color']} has no ship {ship}")
        x = player["ships"][ship]
        if x["at"] == "locked":
            raise IllegalAction(f"ship {ship} is still locked on the ship track")
        to = use["to"]
        if to == "home":
            if "mode" in use or "ability" in use:
                raise IllegalAction("a move home takes no mode and no ability")
            if x["at"] == "home":
                raise IllegalAction(f"ship {ship} is already home")
            self._place(s, ctx.player, {"ship": ship, "to": "home"})
            return
        if to not in s["row"]:
            raise IllegalAction(f"'{to}' is not a face-up planet")
        if x.get("planet") == to:
            raise IllegalAction(f"ship {ship} is already at {to}; a move must change planet")
        mode = use.get("mode")
        if mode not in ("land", "orbit"):
            raise IllegalAction("a move to a planet needs mode 'land' or 'orbit'")
        if mode == "orbit" and any(
            y["at"] == "orbit" and y["planet"] == to for y in player["ships"]
        ):
            raise IllegalAction(f"{player['color']} already has a ship orbiting {to}")
        self._place(s, ctx.player, {"ship": ship, "to": to, "mode": mode})
        if "ability" in use:
            if mode != "land":
                raise IllegalAction("only a ship that lands may use the planet's action")
            if not with_ability:
                raise IllegalAction("a move made inside a planet's action cannot use another")
            self.resolve_ability(s, ctx, to, use["ability"])

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

    def _acquire(self, s: State, pi: int, resource: str) -> None:
        player = s["players"][pi]
        self.gain(player, resource, self.acquire_amount(player, resource))

    def _advance(self, s: State, ctx: Ctx, face: str, use: Any) -> None:
        use = expect(use, {"planet"}, set(), f"a {face} use")
        track = self.faces[face].track
        for i in self.orbiting(s, ctx.player, track or "any"):
            if s["players"][ctx.player]["ships"][i]["planet"] == use["planet"]:
                self.step_forward(s, ctx.player, i, 1)
                return
        raise IllegalAction(
            f"{s['players'][ctx.player]['color']} has no ship orbiting '{use['planet']}' "
            f"on a {track} track"
        )

    def _utilize_options(self, s: State, ctx: Ctx) -> Iterator[Params]:
        player = s["players"][ctx.player]
        cost = self.next_cost(player)
        if cost is not None:
            for r in self.resources:
                if player[r] >= cost:
                    yield {"colony": "empire", "pay": r}
        for colony in player["colonies"]:
            for params in self.ability_options(s, ctx, colony):
                yield {"colony": colony, "ability": params}

    def _utilize(self, s: State, ctx: Ctx, use: Any) -> None:
        player = s["players"][ctx.player]
        if isinstance(use, dict) and use.get("colony") == "empire":
            use = expect(use, {"colony", "pay"}, set(), "an empire upgrade")
            cost = self.next_cost(player)
            if cost is None:
                raise IllegalAction("the empire is already at the top level")
            if use["pay"] not in self.resources:
                raise IllegalAction("pay must be one resource: " + " or ".join(self.resources))
            self.pay(player, {use["pay"]: cost}, "the empire upgrade")
            self.upgrade(player)
            return
        use = expect(use, {"colony", "ability"}, set(), "a utilize use")
        if use["colony"] not in player["colonies"]:
            raise IllegalAction(f"'{use['colony']}' is not a colony of {player['color']}")
        self.resolve_ability(s, ctx, use["colony"], use["ability"])

    # --- planet actions -------------------------------------------------------------------

    def ability_refusal(self, s: State, ctx: Ctx, planet: str) -> str | None:
        """Why ctx.player cannot use this planet's action now (None: they may)."""
        a = self.planets[planet].ability
        player = s["players"][ctx.player]
        if ctx.depth >= 2 and a.effect in META_EFFECTS:
            return f"{planet}'s action cannot be reached through another planet's action"
        if a.own_turn_only and (ctx.following or ctx.player != active_index(s)):
            return f"{planet}'s action works only on its user's own turn"
        if a.once_per_turn and planet in player["once_used"]:
            return f"{player['color']} already used {planet}'s action this turn"
        if not self.can_pay(player, a.cost):
            return f"{player['color']} cannot pay for {planet}'s action"
        if a.cost.get("dice", 0) > len(self.ready_dice(s)):
            return f"not enough unused dice to discard for {planet}'s action"
        return None

    def ability_options(
        self, s: State, ctx: Ctx, planet: str, checked: bool = False
    ) -> Iterator[Params]:
        """Every legal parameter object for using this planet's action.

        `checked`: the caller already knows ability_refusal is None for this user and planet.
        """
        if not checked and self.ability_refusal(s, ctx, planet) is not None:
            return
        a = self.planets[planet].ability
        inner = ctx.at(planet)
        discards: list[list[int] | None] = [None]
        if a.cost.get("dice"):
            discards = list(self.picks(s, self.ready_dice(s), a.cost["dice"]))
        for discard in discards:
            paid = s
            if a.cost:
                paid = clone(s)
                self._pay_ability(paid, ctx.player, a, discard, planet)
            for params in getattr(self, f"_opt_{a.effect}")(paid, inner, a):
                yield params if discard is None else {"discard": discard, **params}

    def _pay_ability(
        self, s: State, pi: int, a: Ability, discard: list[int] | None, planet: str
    ) -> None:
        self.pay(s["players"][pi], a.cost, f"{planet}'s action")
        for i in discard or []:
            s["dice"][i]["state"] = "spent"

    def resolve_ability(self, s: State, ctx: Ctx, planet: str, params: Any) -> None:
        """Use a planet's action with these parameters, or raise IllegalAction.

        The parameters must be one of `ability_options` (compared as canonical JSON, so
        `true` is not `1`, as in Lua); only a roll's outcome (`faces`) is free, and checked.
        """
        reason = self.ability_refusal(s, ctx, planet)
        if reason is not None:
            raise IllegalAction(reason)
        options = list(self.ability_options(s, ctx, planet))
        wanted = canonical(decision(params))
        if not any(canonical(o) == wanted for o in options):
            example = f"; for example {canonical(options[0])}" if options else ""
            raise IllegalAction(
                f"{canonical(params)} is not a legal choice for {planet}'s action{example}"
            )
        a = self.planets[planet].ability
        discard = params.get("discard")
        self._pay_ability(s, ctx.player, a, discard, planet)
        if a.once_per_turn:
            used = s["players"][ctx.player]["once_used"]
            used.append(planet)
            used.sort()
        rest = {k: v for k, v in params.items() if k != "discard"}
        getattr(self, f"_do_{a.effect}")(s, ctx.at(planet), a, rest)

    # Each effect: `_opt_<effect>` lists the legal parameter objects on a state where the
    # cost is already paid; `_do_<effect>` carries out one of them (already checked).

    # gain ---------------------------------------------------------------------------------
    def _opt_gain(self, s: State, ctx: Ctx, a: Ability) -> Iterator[Params]:
        yield {}

    def _do_gain(self, s: State, ctx: Ctx, a: Ability, p: Params) -> None:
        player = s["players"][ctx.player]
        times = 1
        if a.params.get("per") == "ship_home":
            times = sum(1 for x in player["ships"] if x["at"] == "home")
        for r, n in a.params["gain"].items():
            self.gain(player, r, n * times)
        for other in clockwise_from(s, ctx.player):
            for r, n in a.params.get("others_gain", {}).items():
                self.gain(s["players"][other], r, n)

    # advance --------------------------------------------------------------------------------
    def _opt_advance(self, s: State, ctx: Ctx, a: Ability) -> Iterator[Params]:
        track = a.params["track"]
        if "others_steps" not in a.params:
            for i in self.orbiting(s, ctx.player, track):
                yield {"ship": i}
            return
        rivals = clockwise_from(s, ctx.player)

        # Rivals advance first, one after another in seat order, and any of them may
        # colonize; so each rival's choices are listed on the state the previous ones left.
        def rounds(t: State, k: int, chosen: dict[str, int]) -> Iterator[Params]:
            if k == len(rivals):
                for i in self.orbiting(t, ctx.player, track) or [None]:
                    yield {"others": dict(chosen), "ship": i}
                return
            ships = self.orbiting(t, rivals[k], track)
            if not ships:
                yield from rounds(t, k + 1, chosen)
            color = t["players"][rivals[k]]["color"]
            for j in ships:
                ship = t["players"][rivals[k]]["ships"][j]
                after = t
                if ship["step"] + a.params["others_steps"] >= self.planets[ship["planet"]].steps:
                    # Only a colony changes who orbits what; a plain step changes no choice.
                    after = clone(t)
                    self.step_forward(after, rivals[k], j, a.params["others_steps"])
                yield from rounds(after, k + 1, {**chosen, color: j})

        yield from rounds(s, 0, {})

    def _do_advance(self, s: State, ctx: Ctx, a: Ability, p: Params) -> None:
        for rival in clockwise_from(s, ctx.player):
            j = p.get("others", {}).get(s["players"][rival]["color"])
            if j is not None:
                self.step_forward(s, rival, j, a.params["others_steps"])
        if p["ship"] is not None:
            self.step_forward(s, ctx.player, p["ship"], a.params["steps"])

    # regress ----------------------------------------------------------------------------------
    def _opt_regress(self, s: State, ctx: Ctx, a: Ability) -> Iterator[Params]:
        targets = []
        for rival in clockwise_from(s, ctx.player):
            for i in self.orbiting(s, rival, a.params["track"]):
                if s["players"][rival]["ships"][i]["step"] >= 1:  # never below the start
                    targets.append([s["players"][rival]["color"], i])
        n = min(a.params["ships"], len(targets))
        if n:
            for combo in combinations(targets, n):
                yield {"targets": [list(t) for t in combo]}

    def _do_regress(self, s: State, ctx: Ctx, a: Ability, p: Params) -> None:
        for color, i in p["targets"]:
            x = s["players"][seat(s, color)]["ships"][i]
            x["step"] = max(0, x["step"] - a.params["steps"])

    # shift --------------------------------------------------------------------------------------
    def _opt_shift(self, s: State, ctx: Ctx, a: Ability) -> Iterator[Params]:
        ships = self.orbiting(s, ctx.player)
        player = s["players"][ctx.player]
        for back in ships:
            if player["ships"][back]["step"] >= a.params["back"]:
                for forward in ships:
                    if forward != back:
                        yield {"back": back, "forward": forward}

    def _do_shift(self, s: State, ctx: Ctx, a: Ability, p: Params) -> None:
        s["players"][ctx.player]["ships"][p["back"]]["step"] -= a.params["back"]
        self.step_forward(s, ctx.player, p["forward"], a.params["forward"])

    # follow_bonus / follow_tax -------------------------------------------------------------
    def _opt_follow_bonus(self, s: State, ctx: Ctx, a: Ability) -> Iterator[Params]:
        yield {}

    def _do_follow_bonus(self, s: State, ctx: Ctx, a: Ability, p: Params) -> None:
        for r, n in a.params["gain"].items():
            s["turn"]["follow_bonus"][r] += n

    def _opt_follow_tax(self, s: State, ctx: Ctx, a: Ability) -> Iterator[Params]:
        yield {}

    def _do_follow_tax(self, s: State, ctx: Ctx, a: Ability, p: Params) -> None:
        s["turn"]["follow_cost"] = amounts(a.params["follow_cost"])

    # discard_planet ------------------------------------------------------------------------
    def _opt_discard_planet(self, s: State, ctx: Ctx, a: Ability) -> Iterator[Params]:
        for planet in s["row"]:
            if not self.occupied(s, planet):
                yield {"planet": planet}

    def _do_discard_planet(self, s: State, ctx: Ctx, a: Ability, p: Params) -> None:
        self.replace_in_row(s, p["planet"])
        s["discard"].append(p["planet"])

    # upgrade ----------------------------------------------------------------------------------
    def _opt_upgrade(self, s: State, ctx: Ctx, a: Ability) -> Iterator[Params]:
        player = s["players"][ctx.player]
        cost = self.next_cost(player)
        if cost is None:
            return
        if a.params.get("condition") == "strictly_lowest_empire" and any(
            s["players"][o]["empire"] <= player["empire"] for o in clockwise_from(s, ctx.player)
        ):
            return
        cost = max(0, cost - a.params.get("discount", 0))
        if a.params["payment"] == "single":
            for r in self.resources:
                if player[r] >= cost:
                    yield {"pay": r}
            return
        first, second = self.resources
        for n in range(cost + 1):
            if player[first] >= n and player[second] >= cost - n:
                yield {"pay": {first: n, second: cost - n}}

    def _do_upgrade(self, s: State, ctx: Ctx, a: Ability, p: Params) -> None:
        player = s["players"][ctx.player]
        pay = p["pay"]
        if not isinstance(pay, dict):
            cost = int(self.next_cost(player) or 0) - a.params.get("discount", 0)
            pay = {pay: max(0, cost)}
        self.pay(player, pay, "the upgrade")
        self.upgrade(player)

    # reroll -------------------------------------------------------------------------------------
    def _opt_reroll(self, s: State, ctx: Ctx, a: Ability) -> Iterator[Params]:
        for dice in self.picks(s, self.ready_dice(s)):
            yield {"dice": dice, "faces": None}

    def _do_reroll(self, s: State, ctx: Ctx, a: Ability, p: Params) -> None:
        self.reroll(s, p["dice"], p["faces"])

    def reroll(self, s: State, dice: Any, faces: Any) -> None:
        """Set new faces on some unused dice (the faces are the roll's outcome)."""
        dice = index_list(dice, "dice")
        if not set(dice) <= set(self.ready_dice(s)):
            raise IllegalAction("only unused dice can be rerolled")
        self.require_pick(s, dice, self.ready_dice(s))
        self.check_faces(faces, len(dice))
        for i, face in zip(dice, faces, strict=True):
            s["dice"][i]["face"] = face

    def require_pick(self, s: State, chosen: list[int], pool: list[int]) -> None:
        """Refuse a pick of dice that is not spelled lowest-numbered first."""
        if not self.is_pick(s, chosen, pool):
            raise IllegalAction(
                "dice showing the same face are picked lowest-numbered first "
                f"(the dice are identical): not {chosen}"
            )

    def check_faces(self, faces: Any, n: int) -> None:
        """Check a roll outcome: a list of n face ids."""
        if not isinstance(faces, list) or len(faces) != n:
            raise IllegalAction(f"faces must list {n} die face(s)")
        for face in faces:
            if face not in self.face_ids:
                raise IllegalAction(f"'{face}' is not a die face ({', '.join(self.face_ids)})")

    # steal ----------------------------------------------------------------------------------------
    def _opt_steal(self, s: State, ctx: Ctx, a: Ability) -> Iterator[Params]:
        for rival in clockwise_from(s, ctx.player):
            if any(s["players"][rival][r] >= 1 for r in a.params["take"]):
                yield {"player": s["players"][rival]["color"]}

    def _do_steal(self, s: State, ctx: Ctx, a: Ability, p: Params) -> None:
        rival = s["players"][seat(s, p["player"])]
        for r, n in a.params["take"].items():
            taken = min(n, rival[r])
            rival[r] -= taken
            self.gain(s["players"][ctx.player], r, taken)

    # trade ----------------------------------------------------------------------------------------
    def _opt_trade(self, s: State, ctx: Ctx, a: Ability) -> Iterator[Params]:
        for n in range(1, s["players"][ctx.player][a.params["from"]] + 1):
            yield {"amount": n}

    def _do_trade(self, s: State, ctx: Ctx, a: Ability, p: Params) -> None:
        player = s["players"][ctx.player]
        player[a.params["from"]] -= p["amount"]
        self.gain(player, a.params["to"], p["amount"])

    # extra_moves ------------------------------------------------------------------------------
    def _opt_extra_moves(self, s: State, ctx: Ctx, a: Ability) -> Iterator[Params]:
        # Moves happen one after another, so each is listed on the state the previous left.
        def more(t: State, done: list[Params]) -> Iterator[Params]:
            used = {m["ship"] for m in done}
            for move in self._move_targets(t, ctx.player):
                if a.params["distinct_ships"] and move["ship"] in used:
                    continue
                moves = [*done, move]
                yield {"moves": moves}
                if len(moves) < a.params["moves"]:
                    yield from more(self._landed_view(t, ctx.player, move), moves)

        yield from more(s, [])

    def _do_extra_moves(self, s: State, ctx: Ctx, a: Ability, p: Params) -> None:
        for move in p["moves"]:
            self._place(s, ctx.player, move)

    # use_planet / use_colony -------------------------------------------------------------------
    def _opt_use_planet(self, s: State, ctx: Ctx, a: Ability) -> Iterator[Params]:
        inner = ctx.inner()
        for planet in s["row"]:
            if planet != ctx.source:
                for params in self.ability_options(s, inner, planet):
                    yield {"planet": planet, "ability": params}

    def _do_use_planet(self, s: State, ctx: Ctx, a: Ability, p: Params) -> None:
        self.resolve_ability(s, ctx.inner(), p["planet"], p["ability"])

    def _opt_use_colony(self, s: State, ctx: Ctx, a: Ability) -> Iterator[Params]:
        if not self.can_pay(s["players"][ctx.player], a.params["pay_owner"]):
            return
        inner = ctx.inner()
        for rival in clockwise_from(s, ctx.player):
            paid = clone(s)
            self._pay_owner(paid, ctx.player, rival, a)
            color = s["players"][rival]["color"]
            for colony in s["players"][rival]["colonies"]:
                for params in self.ability_options(paid, inner, colony):
                    yield {"player": color, "colony": colony, "ability": params}

    def _pay_owner(self, s: State, pi: int, owner: int, a: Ability) -> None:
        self.pay(s["players"][pi], a.params["pay_owner"], "the colony's owner")
        for r, n in a.params["pay_owner"].items():
            self.gain(s["players"][owner], r, n)

    def _do_use_colony(self, s: State, ctx: Ctx, a: Ability, p: Params) -> None:
        self._pay_owner(s, ctx.player, seat(s, p["player"]), a)
        self.resolve_ability(s, ctx.inner(), p["colony"], p["ability"])

    # free_action / repeat_die ---------------------------------------------------------------------
    def _opt_free_action(self, s: State, ctx: Ctx, a: Ability) -> Iterator[Params]:
        inner = ctx.inner()
        for face in self.face_ids:
            for use in self.use_options(s, inner, face):
                yield {"face": face, "use": use}

    def _do_free_action(self, s: State, ctx: Ctx, a: Ability, p: Params) -> None:
        self.resolve_use(s, ctx.inner(), p["face"], p["use"])
        if not ctx.following and ctx.player == active_index(s):
            # Rivals may follow this action like a die. Windows never nest, so a follower
            # who uses this planet gets the action but opens no window.
            s["follow"].append(
                {
                    "face": p["face"],
                    "cost": amounts(a.params["follow_cost"]),
                    "waiting": [s["players"][i]["color"] for i in clockwise_from(s, ctx.player)],
                }
            )

    def _opt_repeat_die(self, s: State, ctx: Ctx, a: Ability) -> Iterator[Params]:
        if ctx.following or ctx.player != active_index(s):
            return  # only the active player has activated dice
        inner = ctx.inner()
        used = [i for i, d in enumerate(s["dice"]) if d["state"] == "used"]
        for group in self.face_groups(s, used):
            for use in self.use_options(s, inner, s["dice"][group[0]]["face"]):
                yield {"die": group[0], "use": use}

    def _do_repeat_die(self, s: State, ctx: Ctx, a: Ability, p: Params) -> None:
        face = s["dice"][p["die"]]["face"]
        self.resolve_use(s, ctx.inner(), face, p["use"])

    # recall / relocate ------------------------------------------------------------------------
    def _opt_recall(self, s: State, ctx: Ctx, a: Ability) -> Iterator[Params]:
        for i in self.orbiting(s, ctx.player):
            for r in a.params["choice"]:
                yield {"ship": i, "resource": r}

    def _do_recall(self, s: State, ctx: Ctx, a: Ability, p: Params) -> None:
        player = s["players"][ctx.player]
        step = player["ships"][p["ship"]]["step"]
        player["ships"][p["ship"]] = {"at": "home"}
        self.gain(player, p["resource"], step * a.params["gain_per_step"])

    def _opt_relocate(self, s: State, ctx: Ctx, a: Ability) -> Iterator[Params]:
        player = s["players"][ctx.player]
        orbits = {x["planet"] for x in player["ships"] if x["at"] == "orbit"}
        for i in self.orbiting(s, ctx.player):
            for planet in s["row"]:
                if planet not in orbits:
                    yield {"ship": i, "planet": planet}

    def _do_relocate(self, s: State, ctx: Ctx, a: Ability, p: Params) -> None:
        x = s["players"][ctx.player]["ships"][p["ship"]]
        x["planet"] = p["planet"]
        if not a.params["keep_step"]:
            x["step"] = 0
        self.step_forward(s, ctx.player, p["ship"], 0)  # colonizes if already far enough

    # set_face -----------------------------------------------------------------------------------
    def _opt_set_face(self, s: State, ctx: Ctx, a: Ability) -> Iterator[Params]:
        for dice in self.picks(s, self.ready_dice(s), a.params["dice"]):
            yield from self._face_choices(s, dice, [])

    def _face_choices(self, s: State, dice: list[int], faces: list[str]) -> Iterator[Params]:
        if len(faces) == len(dice):
            yield {"dice": dice, "to": faces}
            return
        current = s["dice"][dice[len(faces)]]["face"]
        for face in self.face_ids:
            if face != current:
                yield from self._face_choices(s, dice, [*faces, face])

    def _do_set_face(self, s: State, ctx: Ctx, a: Ability, p: Params) -> None:
        for i, face in zip(p["dice"], p["to"], strict=True):
            s["dice"][i]["face"] = face
