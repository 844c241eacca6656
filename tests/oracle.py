"""A test oracle for the stepwise choices: every complete action, found by generate and test.

`legal_actions` writes a generous superset of the actions a player could take (every ship,
every place, every parameter a planet's action could have, nested as deep as the chain guard
allows), keeps those `apply` accepts, and returns them. It knows nothing of how the engines
offer choices, so comparing it with the leaves of the choice tree (`leaves`) checks both
directions: every option leads somewhere `apply` accepts, and every accepted action is
reachable. It is only usable on small states (two players, few dice, all dice different):
the superset grows fast.

Roll outcomes are fixed (`FACES`) on both sides, so the two sets can be compared.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import Any

from generator.games.teg.rules import IllegalAction, canonical

FACES = ["move", "energy", "culture", "diplomacy", "economy", "utilize", "move"]


class TooMany(Exception):
    """The superset grew past the budget: the state is too big for the oracle."""


def faces(n: int) -> list[str]:
    """The fixed outcome of a roll of n dice."""
    return [FACES[i % len(FACES)] for i in range(n)]


def leaves(engine: Any, s: Any, budget: int = 20_000) -> set[str]:
    """Every complete action the choice tree reaches (canonical JSON), rolls fixed."""
    found: set[str] = set()

    def walk(path: list[str]) -> None:
        if len(found) > budget:
            raise TooMany
        result = engine.choices(s, path)
        if result["complete"]:
            found.add(canonical(result["action"]))
            return
        decision = result["decision"]
        if "roll" in decision:
            walk([*path, "faces:" + ",".join(faces(decision["roll"]))])
            return
        assert decision["options"], f"a dead end after {path}"
        for option in decision["options"]:
            walk([*path, option["id"]])

    walk([])
    return found


def legal_actions(engine: Any, s: Any, budget: int = 60_000) -> set[str]:
    """Every candidate action `apply` accepts (canonical JSON)."""
    out: set[str] = set()
    tried = 0
    for action in candidates(engine, s):
        tried += 1
        if tried > budget:
            raise TooMany
        try:
            engine.apply(s, action)
        except IllegalAction:
            continue
        out.add(canonical(action))
    return out


def candidates(engine: Any, s: Any) -> Iterator[dict[str, Any]]:
    """A superset of the actions open to the player who must act."""
    colors = [p["color"] for p in s["players"]]
    n = len(s["dice"])
    if s["follow"]:
        color = s["follow"][0]["waiting"][0]
        me = colors.index(color)
        yield {"type": "pass", "player": color}
        for use in uses(engine, s, me, s["follow"][0]["face"], frozenset()):
            yield {"type": "follow", "player": color, **use}
        return
    me = colors.index(s["active"])
    yield {"type": "roll", "faces": faces(engine.dice_to_roll(s))}
    yield {"type": "end_turn"}
    for dice in subsets(range(n)):
        yield {"type": "reroll", "dice": dice, "faces": faces(len(dice))}
    for spend in combinations(range(n), 2):
        for die in range(n):
            for face in engine.uses.face_ids:
                yield {"type": "convert", "spend": list(spend), "die": die, "face": face}
    for die in range(n):
        for use in uses(engine, s, me, s["dice"][die]["face"], frozenset()):
            yield {"type": "activate", "die": die, **use}


def subsets(pool: Any, least: int = 1) -> Iterator[list[int]]:
    items = list(pool)
    for size in range(least, len(items) + 1):
        for combo in combinations(items, size):
            yield list(combo)


def uses(engine: Any, s: Any, me: int, face: str, chain: frozenset[str]) -> Iterator[dict]:
    """Candidate uses of a face (without type, die or player)."""
    action = engine.uses.faces[face].action
    if action == "acquire":
        yield {}
    elif action == "advance":
        for planet in s["row"]:
            yield {"planet": planet}
    elif action == "move":
        yield from moves(engine, s, me, chain)
    else:
        for pay in ("energy", "culture"):
            yield {"colony": "empire", "pay": pay}
        for colony in s["players"][me]["colonies"]:
            for params in ability(engine, s, me, colony, chain):
                yield {"colony": colony, "ability": params}


def moves(engine: Any, s: Any, me: int, chain: frozenset[str]) -> Iterator[dict]:
    for ship in range(4):
        yield {"ship": ship, "to": "home"}
        for planet in s["row"]:
            yield {"ship": ship, "to": planet, "mode": "orbit"}
            yield {"ship": ship, "to": planet, "mode": "land"}
            for params in ability(engine, s, me, planet, chain):
                yield {"ship": ship, "to": planet, "mode": "land", "ability": params}


def ability(engine: Any, s: Any, me: int, planet: str, chain: frozenset[str]) -> Iterator[dict]:
    """Candidate parameters of a planet's action (nothing for a planet already in the chain)."""
    if planet in chain:
        return
    chain = chain | {planet}
    a = engine.uses.planets[planet].ability
    n = len(s["dice"])
    colors = [p["color"] for p in s["players"]]
    rivals = [c for c in colors if c != colors[me]]
    discards: list[list[int] | None] = [None]
    if a.cost.get("dice"):
        discards = [list(c) for c in combinations(range(n), a.cost["dice"])]
    for discard in discards:
        for params in effect(engine, s, me, planet, a, rivals, chain):
            yield params if discard is None else {"discard": discard, **params}


def effect(engine, s, me, planet, a, rivals, chain) -> Iterator[dict]:
    p = a.params
    kind = a.effect
    n = len(s["dice"])
    if kind in ("gain", "follow_bonus", "follow_tax"):
        yield {}
    elif kind == "advance" and "others_steps" in p:
        options: list[dict] = [{}]
        for color in rivals:
            options = [{**o, color: j} for o in options for j in (None, 0, 1, 2, 3)]
        for others in options:
            others = {k: v for k, v in others.items() if v is not None}
            for ship in (None, 0, 1, 2, 3):
                yield {"others": others, "ship": ship}
    elif kind == "advance":
        for ship in range(4):
            yield {"ship": ship}
    elif kind == "regress":
        targets = [[c, i] for c in rivals for i in range(4)]
        for size in range(1, p["ships"] + 1):
            for combo in combinations(targets, size):
                yield {"targets": [list(t) for t in combo]}
    elif kind == "shift":
        for back in range(4):
            for forward in range(4):
                yield {"back": back, "forward": forward}
    elif kind == "discard_planet":
        for other in s["row"]:
            yield {"planet": other}
    elif kind == "upgrade" and p["payment"] == "single":
        yield {"pay": "energy"}
        yield {"pay": "culture"}
    elif kind == "upgrade":
        for e in range(8):
            for c in range(8 - e):
                yield {"pay": {"energy": e, "culture": c}}
    elif kind == "reroll":
        for dice in subsets(range(n)):
            yield {"dice": dice, "faces": faces(len(dice))}
    elif kind == "steal":
        for color in rivals:
            yield {"player": color}
    elif kind == "trade":
        for amount in range(1, 8):
            yield {"amount": amount}
    elif kind == "extra_moves":
        firsts = list(moves(engine, s, me, chain))
        for first in firsts:
            yield {"moves": [first]}
            for second in firsts:
                yield {"moves": [first, second]}
    elif kind == "use_planet":
        for other in s["row"]:
            for params in ability(engine, s, me, other, chain):
                yield {"planet": other, "ability": params}
    elif kind == "use_colony":
        for rival in s["players"]:
            if rival["color"] in rivals:
                for colony in rival["colonies"]:
                    for params in ability(engine, s, me, colony, chain):
                        yield {"player": rival["color"], "colony": colony, "ability": params}
    elif kind == "free_action":
        for face in engine.uses.face_ids:
            for use in uses(engine, s, me, face, chain):
                yield {"face": face, "use": use}
    elif kind == "repeat_die":
        for die in range(n):
            for use in uses(engine, s, me, s["dice"][die]["face"], chain):
                yield {"die": die, "use": use}
    elif kind == "recall":
        for ship in range(4):
            for resource in p["choice"]:
                yield {"ship": ship, "resource": resource}
    elif kind == "relocate":
        for ship in range(4):
            for other in s["row"]:
                yield {"ship": ship, "planet": other}
    elif kind == "set_face":
        for die in range(n):
            for face in engine.uses.face_ids:
                yield {"dice": [die], "to": [face]}
    else:
        raise AssertionError(f"the oracle does not know the effect '{kind}'")
