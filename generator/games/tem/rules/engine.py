"""The Tiny Epic Mechs rules engine: new game, choices one decision at a time, apply, view.

Pure: `apply` works on a clone and returns the new state or raises IllegalAction with the
reason, leaving its input untouched. No chance after the setup.

One resolution (`_resolve`) runs every action. It asks each decision of it through a source:
a path of option ids (`choices`: stops with the next decision when the path runs out), a
complete action (`apply`: a missing or unknown answer is a refusal), or a chooser (`play`: a
bot or a player answers): the stepwise base every engine shares, generator/engines/steps.py,
gives those verbs from `_resolve` and `_answers`. An action's answers are its fields
(`cell`, `pilot`, `number`, `weapon`, `cards`) or, for a turn, the list `decisions`: every
answer in the order asked.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from generator.engines.count import count
from generator.engines.errors import IllegalAction
from generator.engines.steps import Source, Stepwise
from generator.games.tem.rules.state import DIAG, ORTHO, State, new_state, view
from generator.i18n import tr

SIMULTANEOUS = ("pilot", "base_mine", "basic", "program")


def act_label(action: str) -> str:
    """What a program card action is called: in its decision's option, and on the card."""
    return {
        "collect": tr("Collect"),
        "mine": tr("Deploy a mine"),
        "turret": tr("Deploy a turret"),
        "buy": tr("Buy a weapon"),
        "power_up": tr("Heal or upgrade"),
    }[action]


class Engine(Stepwise):
    """The rules of one card data. Holds no game state; every method is pure."""

    def __init__(self, data: Any) -> None:
        self.data = data
        d = data.plain
        self.d = d
        self.g = d["game"]
        self.zones = {z["id"]: z for z in d["zones"]}
        self.bases = {b["color"]: b for b in d["bases"]}
        self.programs = {p["id"]: p for p in d["programs"]}
        self.weapons = {w["id"]: {**w, "class": "basic"} for w in d["basic"]}
        self.weapons.update({w["id"]: {**w, "class": "advanced"} for w in d["advanced"]})
        self.pilots = {p["id"]: p for p in d["pilots"]}
        self.sides = {s["id"]: s for s in d["sides"]}

    def _amount(self, n: int, res: str) -> str:
        """An amount of a resource in a refusal: "2 credits", "1 credit", "5 energy"."""
        return count(self.g["units"], n, res)

    # --- queries --------------------------------------------------------------------------

    def new_game(self, setup: dict[str, Any]) -> State:
        """The opening state of a setup; BadSetup when it cannot start a game."""
        return new_state(self.d, setup)

    def is_over(self, s: State) -> bool:
        """True once the last round is scored."""
        return s["phase"] == "over"

    def to_act(self, s: State) -> str | None:
        """Who acts next: the active player, or in a simultaneous phase the first still to."""
        if self.is_over(s):
            return None
        if s["phase"] in SIMULTANEOUS:
            return self._pending(s)[0]
        return str(s["active"])

    def view(self, s: State, color: str | None) -> State:
        """What `color` may know of the state (see state.view)."""
        return view(s, color)

    def _pending(self, s: State) -> list[str]:
        if s["phase"] == "program":
            return [p["color"] for p in s["players"] if not p["programmed"]]
        return [p["color"] for p in s["players"] if p["chosen"] is None]

    # --- decisions ------------------------------------------------------------------------

    def _answers(self, s: State, action: Any) -> list[str]:
        """The answers an action gives, in the order its decisions are asked."""
        kind = action.get("type")
        want = "execute" if s["phase"] == "execute" else s["phase"]
        if kind != want:
            raise IllegalAction(f"it is the {s['phase']} phase: expected a '{want}' action")
        who = action["player"]
        if kind in SIMULTANEOUS:
            if who not in self._pending(s):
                raise IllegalAction(self._not_pending(s, who))
        elif who != s["active"]:
            raise IllegalAction(
                tr("it is {player}'s turn, not {other}'s", player=s["active"], other=who)
            )
        lead = [who] if kind in SIMULTANEOUS else []
        try:
            if kind == "base":
                return [str(action["cell"])]
            if kind == "pilot":
                return [*lead, str(action["pilot"])]
            if kind == "base_mine":
                number = action["number"]
                if not isinstance(number, int) or isinstance(number, bool):
                    raise IllegalAction("number must be a whole number")
                return [*lead, str(number)]
            if kind == "basic":
                return [*lead, str(action["weapon"])]
            if kind == "program":
                out = list(lead)
                for item in action["cards"]:
                    out += [str(item["card"]), str(item["dir"])]
                return out
            decisions = action["decisions"]
            if not isinstance(decisions, list) or not all(isinstance(d, str) for d in decisions):
                raise IllegalAction("decisions must be a list of option ids")
            return list(decisions)
        except (KeyError, TypeError):
            raise IllegalAction(f"a '{kind}' action is missing a field") from None

    def _not_pending(self, s: State, who: str) -> str:
        """Why `who` has no simultaneous decision now (not a player, or already chosen)."""
        if all(q["color"] != who for q in s["players"]):
            return f"{who} is not playing"
        if s["phase"] == "program":
            return f"{who} has already programmed their cards this round"
        return f"{who} has already made this choice"

    # --- resolution ----------------------------------------------------------------------

    def _resolve(self, s: State, src: Source) -> Any:
        if self.is_over(s):
            raise IllegalAction(tr("the game is over"))
        s["events"] = []  # what this action does, in order (the log words them)
        phase = s["phase"]
        if phase in SIMULTANEOUS:
            pending = self._pending(s)
            who = src.ask("player", None, [(c, c) for c in pending])
            return getattr(self, "_" + phase)(s, self._seat(s, who), src)
        me = self._seat(s, str(s["active"]))
        if phase == "base":
            return self._base(s, me, src)
        return self._execute(s, me, src)

    @staticmethod
    def _earn(p: dict[str, Any], why: str, n: int) -> None:
        """`p` scores `n` VP, counted under `why` (combat, ko, mech or weapons)."""
        p["vp"] += n
        p["vp_by"][why] += n

    @staticmethod
    def _say(s: State, kind: str, player: str, **fields: Any) -> None:
        """Note an event of the action under way, for the game log.

        Public facts, plus the acting player's own secrets that the view removes for
        everyone else (a deployed mine's number).
        """
        s["events"].append({"kind": kind, "player": player, **fields})

    def _place(self, s: State, cell: str) -> str:
        """A cell as players name it: its zone's name."""
        c = s["cells"][cell]
        if c["kind"] == "R":
            return str(self.zones[c["zone"]]["name"])
        if c["kind"] == "M":
            return str(self.d["mech_zone"]["name"])
        return next((str(b["name"]) for b in self.d["bases"] if b["id"] == c["zone"]),
                    f"the free base slot {cell}")  # fmt: skip

    def _seat(self, s: State, color: str) -> dict[str, Any]:
        return next(p for p in s["players"] if p["color"] == color)

    def _base(self, s: State, p: dict[str, Any], src: Source) -> Any:
        taken = {q["base"] for q in s["players"]}
        free = sorted(c for c, cell in s["cells"].items() if cell["kind"] == "B" and c not in taken)

        def why(cell: str) -> str | None:
            owner = next((q["color"] for q in s["players"] if q["base"] == cell), None)
            return f"{owner} already has the base slot {cell}" if owner else None

        cell = src.ask(
            "base", p["color"], [(c, tr("base slot {cell}", cell=c)) for c in free], why=why
        )
        self._say(s, "base", p["color"], cell=cell)
        p["base"] = cell
        p["zone"] = cell
        s["cells"][cell]["zone"] = self.bases[p["color"]]["id"]
        colors = [q["color"] for q in s["players"]]
        i = colors.index(p["color"])
        if i == 0:
            s["phase"] = "pilot"
            s["active"] = None
        else:
            s["active"] = colors[i - 1]
        return {"type": "base", "player": p["color"], "cell": cell}

    def _secret_pick(
        self,
        s: State,
        p: dict[str, Any],
        pick: Any,
        reveal: Callable[[dict[str, Any], Any], None],
        next_phase: str,
    ) -> None:
        """Keep a secret setup pick in `chosen`; once all have picked, reveal every one."""
        p["chosen"] = pick
        self._say(s, "chosen", p["color"], what=s["phase"])
        if self._pending(s):
            return
        for q in s["players"]:
            reveal(q, q["chosen"])
            q["chosen"] = None
        self._say(s, "revealed", p["color"], what=s["phase"])
        s["phase"] = next_phase

    def _pilot(self, s: State, p: dict[str, Any], src: Source) -> Any:
        names = {q: self.pilots[q]["name"] for q in p["dealt"]}
        pick = src.ask("pilot", p["color"], [(q, names[q]) for q in p["dealt"]])

        def reveal(q: dict[str, Any], pilot: str) -> None:
            q["pilot"] = pilot
            q["health"] = self.pilots[pilot]["health"]

        self._secret_pick(s, p, pick, reveal, "base_mine")
        return {"type": "pilot", "player": p["color"], "pilot": pick}

    def _base_mine(self, s: State, p: dict[str, Any], src: Source) -> Any:
        opts = [(str(n), tr("mine {n}", n=n)) for n in p["mines"]]
        number = int(src.ask("base_mine", p["color"], opts))

        def reveal(q: dict[str, Any], n: int) -> None:
            q["mines"].remove(n)
            s["cells"][q["base"]]["mine"] = {"owner": q["color"], "number": n}

        self._secret_pick(s, p, number, reveal, "basic")
        return {"type": "base_mine", "player": p["color"], "number": number}

    def _basic(self, s: State, p: dict[str, Any], src: Source) -> Any:
        opts = [(w["id"], w["name"]) for w in self.d["basic"]]
        pick = src.ask("basic", p["color"], opts)

        def reveal(q: dict[str, Any], w: str) -> None:
            q["owned"] = [w]
            q["equipped"] = [w]
            s["piles"][w] -= 1

        self._secret_pick(s, p, pick, reveal, "program")
        return {"type": "basic", "player": p["color"], "weapon": pick}

    def _program(self, s: State, p: dict[str, Any], src: Source) -> Any:
        chosen: list[dict[str, str]] = []
        for _ in range(self.g["program_cards"]):
            used = {c["card"] for c in chosen}
            card = src.ask(
                "program", p["color"],
                [(c["id"], c["name"]) for c in self.d["programs"] if c["id"] not in used],
            )  # fmt: skip
            dirs = self._dirs(self.programs[card]["arrow"])
            d = src.ask("direction", p["color"], [(x, x) for x in dirs])
            chosen.append({"card": card, "dir": d})
        p["program"] = chosen
        p["programmed"] = True
        self._say(s, "programmed", p["color"])
        if not self._pending(s):
            s["phase"] = "execute"
            s["turn"] = 1
            s["active"] = s["players"][s["start"]]["color"]
        return {"type": "program", "player": p["color"], "cards": chosen}

    @staticmethod
    def _dirs(arrow: str) -> list[str]:
        return list(DIAG) if arrow == "diagonal" else list(ORTHO)

    # --- the arena -------------------------------------------------------------------------

    @staticmethod
    def _rc(cell: str) -> tuple[int, int]:
        r, c = cell[1:].split("c")
        return int(r), int(c)

    def _offset(self, s: State, cell: str, dr: int, dc: int) -> str | None:
        r, c = self._rc(cell)
        target = f"r{r + dr}c{c + dc}"
        return target if target in s["cells"] else None

    def _landing(self, s: State, cell: str, arrow: str, d: str) -> tuple[str | None, bool]:
        """Where a move ends (None: a wall, no move) and whether it was a jump."""
        if arrow == "diagonal":
            dr, dc = DIAG[d]
            target = self._offset(s, cell, dr, dc)
            return target, target is not None
        dr, dc = ORTHO[d]
        first = self._offset(s, cell, dr, dc)
        if arrow == "step":
            return first, False
        second = self._offset(s, cell, 2 * dr, 2 * dc)
        if second is not None:
            return second, True
        return first, False  # the landing is a wall: stop on the first cell, entered normally

    def _value(self, s: State, cell: str) -> int:
        c = s["cells"][cell]
        if c["kind"] == "R":
            return int(self.zones[c["zone"]]["value"])
        if c["kind"] == "M":
            return int(self.d["mech_zone"]["value"])
        owner = next(b for b in self.d["bases"] if b["id"] == c["zone"])
        return int(owner["value"])

    def _enemies_at(self, s: State, cell: str, color: str) -> list[str]:
        return [q["color"] for q in s["players"] if q["zone"] == cell and q["color"] != color]

    def _hostile(self, s: State, cell: str, color: str) -> bool:
        c = s["cells"][cell]
        if self._enemies_at(s, cell, color):
            return True
        if c["mine"] is not None and c["mine"]["owner"] != color:
            return True
        return c["turret"] is not None and c["turret"] != color

    def _nearest_safe(self, s: State, start: str, color: str) -> list[str]:
        """The nearest non-hostile zones by orthogonal steps (ties: all of them)."""
        seen = {start}
        frontier = [start]
        while frontier:
            nxt: list[str] = []
            for cell in frontier:
                for dr, dc in ORTHO.values():
                    n = self._offset(s, cell, dr, dc)
                    if n is not None and n not in seen:
                        seen.add(n)
                        nxt.append(n)
            safe = sorted(c for c in nxt if not self._hostile(s, c, color))
            if safe:
                return safe
            frontier = nxt
        return []

    # --- a player's abilities -------------------------------------------------------------

    def _powers(self, s: State, p: dict[str, Any]) -> list[dict[str, Any]]:
        out = [self.pilots[p["pilot"]]["ability"]] if p["pilot"] else []
        if s["mech"]["controller"] == p["color"] and s["mech"]["side"]:
            out.append(self.sides[s["mech"]["side"]]["ability"])
        return out

    def _has(self, s: State, p: dict[str, Any], kind: str) -> int:
        """How much of a standing modifier the player has (0: none; flags count 1)."""
        return sum(a.get("n", 1) for a in self._powers(s, p) if a["kind"] == kind)

    def _health_max(self, p: dict[str, Any]) -> int:
        if p["status"] == "pilot":
            return int(self.pilots[p["pilot"]]["health"])
        return int(self.g["statuses"][p["status"]]["health"])

    def _gain(self, p: dict[str, Any], resource: str, n: int) -> None:
        p[resource] = max(0, min(int(self.g["resource_cap"]), p[resource] + n))

    # --- equipment ------------------------------------------------------------------------

    def _fits(self, p: dict[str, Any], weapon: str) -> bool:
        cls = self.weapons[weapon]["class"]
        slots = self.g["statuses"][p["status"]]["slots"][cls]
        used = sum(1 for w in p["equipped"] if self.weapons[w]["class"] == cls)
        return used < slots

    def _refit(self, p: dict[str, Any]) -> None:
        """After a status change: unequip what the new status has no slot for (last first)."""
        for cls in ("basic", "advanced"):
            slots = self.g["statuses"][p["status"]]["slots"][cls]
            mine = [w for w in p["equipped"] if self.weapons[w]["class"] == cls]
            for w in mine[slots:]:
                p["equipped"].remove(w)

    def _equip_window(self, s: State, p: dict[str, Any], src: Source, moment: str) -> None:
        toggled: set[str] = set()
        while True:
            opts: list[tuple[str, str]] = []
            must = not p["equipped"] and p["status"] != "mech"
            if not must:
                opts.append(("done", tr("Done")))
            for w in p["owned"]:
                if w in toggled:
                    continue
                if w not in p["equipped"] and self._fits(p, w):
                    opts.append(
                        (f"equip:{w}", tr("Equip {weapon}", weapon=self.weapons[w]["name"]))
                    )
                elif w in p["equipped"] and len(p["equipped"]) > 1:
                    opts.append(
                        (f"unequip:{w}", tr("Unequip {weapon}", weapon=self.weapons[w]["name"]))
                    )
            if not opts or [o for o, _ in opts] == ["done"]:
                return
            pick = src.ask(f"equip_{moment}", p["color"], opts)
            if pick == "done":
                return
            verb, w = pick.split(":", 1)
            toggled.add(w)
            self._say(s, "equip", p["color"], weapon=w, on=verb == "equip")
            if verb == "equip":
                p["equipped"].append(w)
            else:
                p["equipped"].remove(w)

    # --- a turn -----------------------------------------------------------------------------

    def _execute(self, s: State, p: dict[str, Any], src: Source) -> Any:
        color = p["color"]
        fresh = p["ad_hoc"] and p["ad_hoc_fresh"]
        p["ad_hoc_fresh"] = False
        self._equip_window(s, p, src, "start")
        if p["ad_hoc"]:
            card, d = self._ad_hoc_card(s, p, src, fresh)
        else:
            step = p["program"][len(p["played"])]
            card, d = step["card"], step["dir"]
        self._say(s, "card", color, card=card, dir=d, ad_hoc=p["ad_hoc"])
        p["played"].append(card)
        program = self.programs[card]
        moved_to = None
        jumped = False
        if d != "stay":
            moved_to, jumped = self._landing(s, p["zone"], program["arrow"], d)
            if moved_to is None:
                self._say(s, "wall", color, dir=d, cell=p["zone"])
        standing = True
        fought = False
        if moved_to is not None:
            self._say(s, "move", color, dir=d, cell=moved_to)
            self._move(s, p, moved_to)
            standing, fought = self._enter(s, p, src, jumped)
        if standing and not fought:
            self._act(s, p, src, program["action"])
        elif not fought:
            self._say(s, "no_action", color, action=program["action"], why="ko")
        else:
            self._say(s, "no_action", color, action=program["action"], why="combat")
        self._equip_window(s, p, src, "end")
        self._next_turn(s)
        return {"type": "execute", "player": color, "decisions": list(src.taken)}

    def _ad_hoc_card(
        self, s: State, p: dict[str, Any], src: Source, fresh: bool
    ) -> tuple[str, str]:
        card = src.ask(
            "ad_hoc_card", p["color"], [(c["id"], c["name"]) for c in self.d["programs"]]
        )
        arrow = self.programs[card]["arrow"]
        dirs = []
        for d in self._dirs(arrow):
            target, _ = self._landing(s, p["zone"], arrow, d)
            if fresh and target is not None and self._enemies_at(s, target, p["color"]):
                continue  # the first Ad Hoc turn may not start a combat
            dirs.append(d)
        opts = [(d, d) for d in dirs] or [("stay", tr("stay"))]
        return card, src.ask("ad_hoc_direction", p["color"], opts)

    def _move(self, s: State, p: dict[str, Any], cell: str) -> None:
        p["zone"] = cell
        if s["mech"]["controller"] == p["color"]:
            s["mech"]["zone"] = cell

    def _enter(self, s: State, p: dict[str, Any], src: Source, jumped: bool) -> tuple[bool, bool]:
        """Mine, combat, turret, the Mech: (still standing, a combat took place)."""
        cell = p["zone"]
        here = s["cells"][cell]
        color = p["color"]
        mine = here["mine"]
        if mine is not None and mine["owner"] != color and self._has(s, p, "mine_immune"):
            self._say(s, "spared", color, owner=mine["owner"], cell=cell)  # the pilot's ability
        elif mine is not None and mine["owner"] != color:
            here["mine"] = None
            owner = self._seat(s, mine["owner"])
            owner["mines"].append(mine["number"])
            owner["mines"].sort()
            hurt = self._value(s, cell) + mine["number"]
            self._say(s, "mine", color, owner=owner["color"], cell=cell, number=mine["number"],
                      damage=min(hurt, p["health"]), hurt=hurt,
                      health=max(0, p["health"] - hurt))  # fmt: skip
            if self._damage(p, hurt):
                self._ko(s, p, owner, src, by_trap=True)
                return False, False
        enemies = self._enemies_at(s, cell, color)
        if enemies:
            foe = enemies[0]
            if len(enemies) > 1:
                foe = src.ask("fight", color, [(e, e) for e in enemies])
            self._say(s, "combat", color, foe=foe, vp=int(self.g["vp"]["combat_start"]))
            loser = self._combat(s, p, self._seat(s, foe), src, jumped)
            if loser is not p and here["turret"] == foe and not self._turret_fires(s, p, src):
                return False, True
            return loser is not p, True
        turret = here["turret"]
        if turret is not None and turret != color and not self._turret_fires(s, p, src):
            return False, False
        self._offer_mech(s, p, src)
        return True, False

    def _damage(self, p: dict[str, Any], n: int) -> bool:
        """Deal damage; True when it KOs."""
        p["health"] = max(0, p["health"] - n)
        return p["health"] == 0

    def _turret_fires(self, s: State, p: dict[str, Any], src: Source) -> bool:
        """An enemy turret fires at the entering pilot; False when that KOs them."""
        if self._has(s, p, "turret_immune"):
            return True
        cell = p["zone"]
        owner = self._seat(s, s["cells"][cell]["turret"])
        hurt = self._value(s, cell)
        self._say(s, "turret", p["color"], owner=owner["color"], cell=cell,
                  damage=min(hurt, p["health"]), hurt=hurt,
                  health=max(0, p["health"] - hurt))  # fmt: skip
        if self._damage(p, hurt):
            self._ko(s, p, owner, src, by_trap=True)
            return False
        s["cells"][cell]["turret"] = None
        owner["turrets"] += 1
        return True

    def _offer_mech(self, s: State, p: dict[str, Any], src: Source) -> None:
        mech = s["mech"]
        if mech["controller"] is not None or mech["zone"] != p["zone"]:
            return
        if p["status"] != "armor" or p["health"] < self._health_max(p):
            return
        take = src.ask(
            "mech", p["color"], [("take", tr("Take the Mighty Mech")), ("decline", tr("Decline"))]
        )
        if take == "decline":
            return
        side = src.ask("mech_side", p["color"], [(x["id"], x["name"]) for x in self.d["sides"]])
        mech["side"] = side
        self._take_mech(s, p, src)

    def _take_mech(self, s: State, p: dict[str, Any], src: Source) -> None:
        self._say(s, "mech", p["color"], side=s["mech"]["side"],
                  vp=int(self.g["vp"]["mech_entry"]))  # fmt: skip
        s["mech"]["controller"] = p["color"]
        s["mech"]["zone"] = p["zone"]
        self._earn(p, "mech", int(self.g["vp"]["mech_entry"]))
        p["status"] = "mech"
        p["health"] = self._health_max(p)
        self._refit(p)
        self._equip_window(s, p, src, "status")

    # --- combat --------------------------------------------------------------------------

    def _combat(
        self, s: State, a: dict[str, Any], b: dict[str, Any], src: Source, jumped: bool
    ) -> dict[str, Any]:
        """Fight to a KO or a retreat; returns the loser."""
        self._earn(a, "combat", int(self.g["vp"]["combat_start"]))
        exhausted: dict[str, list[str]] = {a["color"]: [], b["color"]: []}  # in order of use
        last: dict[str, str | None] = {a["color"]: None, b["color"]: None}
        shield = {a["color"]: 0, b["color"]: 0}
        attacks = {a["color"]: 0, b["color"]: 0}
        me, foe = a, b

        def shown() -> dict[str, list[str]]:
            # what the combat's decisions show (copies: a trace keeps its decisions)
            return {c: list(ws) for c, ws in exhausted.items()}

        while True:
            ready = [w for w in me["equipped"] if w not in exhausted[me["color"]]]
            if not ready:
                self._retreat(s, me, foe, src)
                return me
            first = attacks[me["color"]] == 0 and (
                (me is a and jumped) or bool(self._has(s, me, "first_strike_power"))
            )

            def powered(x: str, foe: dict[str, Any] = foe, first: bool = first) -> bool:
                return first or self.g["counters"][self.weapons[x]["type"]] == last[foe["color"]]

            # An option says when it would be a power attack: the players see it coming.
            w = src.ask("attack", me["color"], [(x, self._attack_label(x, powered(x)))
                                                for x in ready], shown())  # fmt: skip
            exhausted[me["color"]].append(w)
            weapon = self.weapons[w]
            power = powered(w)
            damage = int(weapon["power_damage"] if power else weapon["damage"])
            ability = weapon["ability"]
            active = not ability.get("on_power") or power
            pay = 0  # what the attacker paid for more damage
            if active and ability["kind"] == "pay_for_damage":
                res = ability["resource"]
                most = min(int(ability["max"]), me[res])
                pay = int(
                    src.ask(
                        "boost",
                        me["color"],
                        [
                            (str(k), tr("pay {amount}", amount=self._amount(k, res)))
                            for k in range(most + 1)
                        ],
                        shown(),
                    )
                )
                me[res] -= pay
                damage += pay
            if not (active and ability["kind"] == "pierce") and shield[foe["color"]]:
                damage = max(0, damage - shield[foe["color"]])
                shield[foe["color"]] = 0
            dealt = min(damage, foe["health"])
            foe["health"] -= dealt
            self._earn(me, "combat", dealt * int(self.g["vp"]["per_damage"]))
            why = ""
            if power:
                why = ("jump" if me is a and jumped else "first_strike") if first else "counter"
            self._say(s, "attack", me["color"], foe=foe["color"], weapon=w, power=why,
                      damage=dealt, vp=dealt * int(self.g["vp"]["per_damage"]),
                      ability=ability["kind"] if active else "none",
                      health=foe["health"], paid=pay)  # fmt: skip
            if active:
                kind = ability["kind"]
                if kind == "gain":
                    self._gain(me, ability["resource"], int(ability["n"]))
                elif kind == "vp":
                    self._earn(me, "combat", int(ability["n"]))
                elif kind == "drain":
                    self._gain(foe, ability["resource"], -int(ability["n"]))
                elif kind == "heal":
                    me["health"] = min(self._health_max(me), me["health"] + int(ability["n"]))
                elif kind == "shield":
                    shield[me["color"]] = int(ability["n"])
            last[me["color"]] = weapon["type"]
            attacks[me["color"]] += 1
            if foe["health"] == 0:
                self._ko(s, foe, me, src, by_trap=False)
                return foe
            me, foe = foe, me

    def _attack_label(self, w: str, power: bool) -> str:
        """An attack option: the weapon, its damage before shields, a power attack said.

        The players see it coming.
        """
        weapon = self.weapons[w]
        damage = int(weapon["power_damage"] if power else weapon["damage"])
        said = tr(
            "{weapon}: {damage}", weapon=weapon["name"], damage=self._amount(damage, "damage")
        )
        return said + (tr(" (power attack)") if power else "")

    def _retreat(self, s: State, p: dict[str, Any], winner: dict[str, Any], src: Source) -> None:
        self._earn(winner, "combat", int(self.g["vp"]["retreat"]))
        self._say(s, "retreat", p["color"], by=winner["color"], vp=int(self.g["vp"]["retreat"]))
        self._relocate(s, p, src, "retreat", p["zone"])
        self._enter_ad_hoc(p)

    def _relocate(self, s: State, p: dict[str, Any], src: Source, name: str, start: str) -> None:
        """To the non-hostile zone nearest `start` (their pick among ties; none: stay)."""
        safe = self._nearest_safe(s, start, p["color"])
        if not safe:
            self._say(s, "to", p["color"], cell=p["zone"], why=name + "_stay")
            return
        cell = safe[0] if len(safe) == 1 else src.ask(name, p["color"], [(c, c) for c in safe])
        self._say(s, "to", p["color"], cell=cell, why=name)
        self._move(s, p, cell)

    def _enter_ad_hoc(self, p: dict[str, Any]) -> None:
        p["ad_hoc"] = True
        p["ad_hoc_fresh"] = True
        p["played"] = []

    def _ko(
        self, s: State, p: dict[str, Any], by: dict[str, Any], src: Source, by_trap: bool
    ) -> None:
        if by_trap:
            vp = int(self.g["vp"]["trap_ko"])
        else:
            vp = int(self.g["vp"]["ko"]) + self._has(s, by, "extra_vp_on_ko")
        self._earn(by, "ko", vp)
        status = p["status"]
        self._say(s, "ko", p["color"], by=by["color"], trap=by_trap, vp=vp, status=status)
        if status == "mech":
            s["mech"]["controller"] = None  # after a mine or a turret it stays where it fell
            if not by_trap:
                self._take_mech(s, by, src)
        p["status"] = "pilot"
        p["health"] = self._health_max(p)
        self._refit(p)
        if status == "pilot":
            for res in ("energy", "credits"):
                p[res] = max(p[res], int(self.g["ko_resource_floor"]))
            base = p["base"]
            if not self._hostile(s, base, p["color"]):
                self._say(s, "to", p["color"], cell=base, why="ko_base")
                self._move(s, p, base)
            else:
                # the rules text: "the nearest Zone that isn't controlled by the enemy" to
                # the base, not to where the KO happened
                self._relocate(s, p, src, "ko_zone", base)
        else:
            self._relocate(s, p, src, "ko_zone", p["zone"])
            self._equip_window(s, p, src, "status")
        self._enter_ad_hoc(p)

    # --- actions --------------------------------------------------------------------------

    def _deploy_cost(self, s: State, p: dict[str, Any], what: str) -> tuple[str, int]:
        res = self.g["costs"][what]["resource"]
        cost = max(0, self._value(s, p["zone"]) - self._has(s, p, "cheaper_deploy"))
        return res, cost

    def _why_not_deploy(self, s: State, p: dict[str, Any], what: str) -> str | None:
        """The rule that stops `p` deploying a mine or turret here, with its numbers."""
        zone = p["zone"]
        here = s["cells"][zone]
        place = self._place(s, zone)
        mine, color = what == "mine", p["color"]
        if here["mine"] is not None:
            return tr("a mine already stands in {place}", place=place)
        if here["turret"] is not None:
            return tr("a turret already stands in {place}", place=place)
        mech = s["mech"]
        if here["kind"] == "M" and mech["zone"] == zone and mech["controller"] != color:
            if mine:
                return tr("no mine in {place} while the Mighty Mech stands there", place=place)
            return tr("no turret in {place} while the Mighty Mech stands there", place=place)
        res, cost = self._deploy_cost(s, p, what)
        if p[res] < cost:
            said = {"place": place, "cost": self._amount(cost, res), "player": color, "has": p[res]}
            if mine:
                return tr("a mine in {place} costs {cost}; {player} has {has}", **said)
            return tr("a turret in {place} costs {cost}; {player} has {has}", **said)
        if what == "mine":
            left = bool(p["mines"]) or any(
                c["mine"] is not None and c["mine"]["owner"] == p["color"]
                for c in s["cells"].values()
            )
        else:
            left = p["turrets"] > 0 or any(c["turret"] == p["color"] for c in s["cells"].values())
        if left:
            return None
        if mine:
            return tr("{player} has no mine to deploy", player=color)
        return tr("{player} has no turret to deploy", player=color)

    def _buyable(self, s: State, p: dict[str, Any]) -> list[str]:
        out = [w for w in s["row"] if self._affordable(p, w)]
        for w in self.d["basic"]:
            wid = w["id"]
            if wid not in p["owned"] and s["piles"][wid] > 0 and self._affordable(p, wid):
                out.append(wid)
        return out

    def _affordable(self, p: dict[str, Any], w: str) -> bool:
        cost = self.weapons[w]["cost"]
        return p["energy"] >= cost.get("energy", 0) and p["credits"] >= cost.get("credits", 0)

    def _why_not_buy(self, s: State, p: dict[str, Any], w: str | None = None) -> str | None:
        """Why `p` cannot buy weapon `w` (None: any weapon), with the numbers."""
        if w is None:
            if self._buyable(s, p):
                return None
            return tr(
                "{player} can afford no weapon on offer ({energy}, {credits})",
                player=p["color"],
                energy=self._amount(p["energy"], "energy"),
                credits=self._amount(p["credits"], "credits"),
            )
        weapon = self.weapons.get(w)
        if weapon is None:
            return f"there is no weapon '{w}'"
        name, color = weapon["name"], p["color"]
        if weapon["class"] == "advanced" and w not in s["row"]:
            return tr("{weapon} is not in the row of weapons for sale", weapon=name)
        if weapon["class"] == "basic" and w in p["owned"]:
            return tr("{player} already owns {weapon}", player=color, weapon=name)
        if weapon["class"] == "basic" and s["piles"][w] == 0:
            return tr("no {weapon} is left in its pile", weapon=name)
        cost = weapon["cost"]
        for res in ("energy", "credits"):
            if p[res] < cost.get(res, 0):
                need = self._amount(cost[res], res)
                return tr("{weapon} costs {cost}; {player} has {has}", weapon=name, cost=need,
                          player=color, has=p[res])  # fmt: skip
        return None

    def _why_not_power(self, s: State, p: dict[str, Any], pick: str | None = None) -> str | None:
        """Why `p` cannot power up (`pick`: heal:k or upgrade; None: either), with numbers."""
        if p["status"] == "mech":
            return tr("no Power Up in the Mighty Mech")
        heal = self.g["costs"]["heal"]
        up = self.g["costs"]["upgrade"]
        color = p["color"]
        no_upgrade = (
            tr("no upgrade in Power Armor") if p["status"] != "pilot"
            else tr("an upgrade costs {cost}; {player} has {has}",
                    cost=self._amount(up["pay"], up["resource"]), player=color,
                    has=p[up["resource"]])
        )  # fmt: skip
        if pick == "upgrade":
            return no_upgrade
        full = p["health"] >= self._health_max(p)
        no_heal = (
            tr("{player} is at full health ({health})", player=color, health=p["health"]) if full
            else tr("healing costs {cost} for {health}; {player} has {has}",
                    cost=self._amount(heal["pay"], heal["resource"]),
                    health=self._amount(heal["health"], "health"), player=color,
                    has=p[heal["resource"]])
        )  # fmt: skip
        if pick is not None:
            return no_heal if full else tr("{player} cannot heal that much ({why})", player=color,
                                           why=no_heal)  # fmt: skip
        if self._power_options(s, p):
            return None
        return tr("{why} and {also}", why=no_heal, also=no_upgrade)

    def _power_options(self, s: State, p: dict[str, Any]) -> list[tuple[str, str]]:
        if p["status"] == "mech":
            return []
        heal = self.g["costs"]["heal"]
        up = self.g["costs"]["upgrade"]
        opts = []
        missing = self._health_max(p) - p["health"]
        units = -(-missing // int(heal["health"]))
        units = min(units, p[heal["resource"]] // int(heal["pay"]))
        for k in range(1, units + 1):
            healed = self._amount(min(missing, k * int(heal["health"])), "health")
            opts.append((f"heal:{k}", tr("heal {health}", health=healed)))
        if p["status"] == "pilot" and p[up["resource"]] >= int(up["pay"]):
            opts.append(("upgrade", tr("upgrade to Power Armor")))
        return opts

    def _act(self, s: State, p: dict[str, Any], src: Source, action: str) -> None:
        why = {
            "collect": None,
            "mine": self._why_not_deploy(s, p, "mine"),
            "turret": self._why_not_deploy(s, p, "turret"),
            "buy": self._why_not_buy(s, p),
            "power_up": self._why_not_power(s, p),
        }[action]
        if why is not None:
            if src.next_is(action):
                raise IllegalAction(why)  # a record that does what the rules forbid
            self._say(s, "no_action", p["color"], action=action, why=why)
            return
        if (
            src.ask("act", p["color"], [(action, act_label(action)), ("skip", tr("Skip it"))])
            == "skip"
        ):
            self._say(s, "no_action", p["color"], action=action, why="skip")
            return
        getattr(self, "_do_" + action)(s, p, src)

    def _do_collect(self, s: State, p: dict[str, Any], src: Source) -> None:
        mine = {p["zone"]}
        for cid, c in s["cells"].items():
            if (c["mine"] is not None and c["mine"]["owner"] == p["color"]) or c["turret"] == p[
                "color"
            ]:
                mine.add(cid)
        had = (p["energy"], p["credits"])
        for cid in sorted(mine):
            c = s["cells"][cid]
            if c["kind"] == "R":
                self._gain(p, self.zones[c["zone"]]["yield"], 1)
            else:
                self._gain(p, "energy", 1)
                self._gain(p, "credits", 1)
        self._say(s, "collect", p["color"], zones=len(mine), energy=p["energy"] - had[0],
                  credits=p["credits"] - had[1])  # fmt: skip

    def _do_mine(self, s: State, p: dict[str, Any], src: Source) -> None:
        res, cost = self._deploy_cost(s, p, "mine")
        here = s["cells"][p["zone"]]
        came = ""
        if p["mines"]:
            n = int(
                src.ask(
                    "mine_number",
                    p["color"],
                    [(str(n), tr("mine {n}", n=n)) for n in p["mines"]],
                    why=lambda x: f"{p['color']} has no mine {x} in supply",
                )
            )
            p["mines"].remove(n)
        else:
            where = sorted(
                cid for cid, c in s["cells"].items()
                if c["mine"] is not None and c["mine"]["owner"] == p["color"]
            )  # fmt: skip
            cid = src.ask("move_mine", p["color"], [(c, c) for c in where])
            n = s["cells"][cid]["mine"]["number"]
            s["cells"][cid]["mine"] = None
            came = cid
        p[res] -= cost
        here["mine"] = {"owner": p["color"], "number": n}
        self._say(s, "deploy", p["color"], what="mine", cell=p["zone"], cost=cost, resource=res,
                  moved=came, number=n)  # fmt: skip

    def _do_turret(self, s: State, p: dict[str, Any], src: Source) -> None:
        res, cost = self._deploy_cost(s, p, "turret")
        came = ""
        if p["turrets"] > 0:
            p["turrets"] -= 1
        else:
            where = sorted(cid for cid, c in s["cells"].items() if c["turret"] == p["color"])
            cid = src.ask("move_turret", p["color"], [(c, c) for c in where])
            s["cells"][cid]["turret"] = None
            came = cid
        p[res] -= cost
        s["cells"][p["zone"]]["turret"] = p["color"]
        self._say(s, "deploy", p["color"], what="turret", cell=p["zone"], cost=cost,
                  resource=res, moved=came)  # fmt: skip

    def _do_buy(self, s: State, p: dict[str, Any], src: Source) -> None:
        w = src.ask("buy", p["color"], [(x, self.weapons[x]["name"]) for x in self._buyable(s, p)],
                    why=lambda x: self._why_not_buy(s, p, x))  # fmt: skip
        cost = self.weapons[w]["cost"]
        self._say(s, "buy", p["color"], weapon=w, energy=cost.get("energy", 0),
                  credits=cost.get("credits", 0))  # fmt: skip
        p["energy"] -= cost.get("energy", 0)
        p["credits"] -= cost.get("credits", 0)
        if w in s["row"]:
            i = s["row"].index(w)
            if s["deck"]:
                s["row"][i] = s["deck"].pop(0)
            else:
                s["row"].pop(i)
        else:
            s["piles"][w] -= 1
        p["owned"].append(w)
        p["bought"].append(w)

    def _do_power_up(self, s: State, p: dict[str, Any], src: Source) -> None:
        pick = src.ask("power_up", p["color"], self._power_options(s, p),
                       why=lambda x: self._why_not_power(s, p, x))  # fmt: skip
        if pick == "upgrade":
            up = self.g["costs"]["upgrade"]
            self._say(s, "upgrade", p["color"], cost=int(up["pay"]), resource=up["resource"])
            p[up["resource"]] -= int(up["pay"])
            p["status"] = "armor"
            p["health"] = self._health_max(p)
            self._refit(p)
            self._equip_window(s, p, src, "status")
            return
        heal = self.g["costs"]["heal"]
        k = int(pick.split(":")[1])
        p[heal["resource"]] -= k * int(heal["pay"])
        was = p["health"]
        p["health"] = min(self._health_max(p), p["health"] + k * int(heal["health"]))
        self._say(s, "heal", p["color"], health=p["health"] - was, cost=k * int(heal["pay"]),
                  resource=heal["resource"])  # fmt: skip

    # --- rounds and scoring ------------------------------------------------------------------

    def _next_turn(self, s: State) -> None:
        colors = [q["color"] for q in s["players"]]
        n = len(colors)
        i = colors.index(str(s["active"]))
        if (i + 1) % n != s["start"]:
            s["active"] = colors[(i + 1) % n]
            return
        if s["turn"] < self.g["program_cards"]:
            s["turn"] += 1
            s["active"] = colors[s["start"]]
            return
        if s["round"] in self.g["scoring_rounds"]:
            self._score(s)
        if s["round"] >= self.g["rounds"]:
            self._finish(s)
            return
        s["round"] += 1
        s["turn"] = 1
        s["start"] = (s["start"] + 1) % n
        s["active"] = None
        s["phase"] = "program"
        for q in s["players"]:
            q["program"] = []
            q["played"] = []
            q["programmed"] = False
            q["ad_hoc"] = False
            q["ad_hoc_fresh"] = False

    def _score(self, s: State) -> None:
        for q in s["players"]:
            lines = [{"what": "pilot", "cell": q["zone"], "vp": self._value(s, q["zone"])}]
            for cid in sorted(s["cells"]):
                c = s["cells"][cid]
                if c["mine"] is not None and c["mine"]["owner"] == q["color"]:
                    lines.append({"what": "mine", "cell": cid, "vp": self._value(s, cid)})
                if c["turret"] == q["color"]:
                    lines.append({"what": "turret", "cell": cid, "vp": 2 * self._value(s, cid)})
            if s["mech"]["controller"] == q["color"]:
                lines.append({"what": "mech", "cell": s["mech"]["zone"],
                              "vp": int(self.g["vp"]["mech_control"])})  # fmt: skip
            total = sum(x["vp"] for x in lines)
            control = sum(x["vp"] for x in lines if x["what"] == "mech")
            q["vp"] += total
            q["vp_by"]["rounds"].append(total - control)  # the zones, round by round
            q["vp_by"]["mech"] += control
            self._say(s, "score", q["color"], round=s["round"], lines=lines, vp=total)

    def _finish(self, s: State) -> None:
        for q in s["players"]:
            lines = [{"weapon": w, "vp": int(self.weapons[w]["vp"])} for w in q["bought"]]
            self._earn(q, "weapons", sum(x["vp"] for x in lines))
            self._say(s, "weapons_vp", q["color"], lines=lines, vp=sum(x["vp"] for x in lines))
        s["phase"] = "over"
        s["active"] = None
        order = sorted(s["players"], key=lambda q: (-q["vp"], -len(q["bought"])))
        ranking = []
        for q in order:
            ahead = sum(
                1 for o in order if (o["vp"], len(o["bought"])) > (q["vp"], len(q["bought"]))
            )
            ranking.append({"color": q["color"], "vp": q["vp"], "place": ahead + 1})
        s["ranking"] = ranking
