"""Tiny Epic Mechs at the headless table: what its playtest adds to the shared driver.

The driver (generator/harness/playtest.py) plays whole games through the UI and checks them
against the Python engine. This game adds its seats, its secret decisions (answered in the
player's own dialog), how a panel names a cell (by its zone), a check of every seat's
weapons at each combat decision, and its secrets (the rules contract): each player's two
dealt pilots until everyone has kept one (and the one not kept, for ever), the cards a
player has programmed and not yet revealed, every mine's number, the weapon deck's order.
"""

from __future__ import annotations

import re
from typing import Any

from generator.engines.count import count, word
from generator.games.tem import TinyEpicMechs
from generator.games.tem.rules.bots import BOTS
from generator.games.tem.rules.engine import Engine
from generator.games.tem.tts.layout import layout
from generator.games.tem.tts.table import program_card_name
from generator.harness import flow, secrets
from generator.harness.play import PlaytestError, panel_options, seat_players  # noqa: F401
from generator.harness.playtest import Hooks, Mirror, Runner, record_of, settle  # noqa: F401
from generator.harness.tts.emulator import Table
from generator.i18n import tr

CELL = re.compile(r"^r\d+c\d+$")
PRIVATE = frozenset({"pilot", "base_mine", "basic", "program", "direction", "mine_number"})
# The weapon deck's order is readable when 5 of the next cards appear in a row, checked once
# the deck holds 8: the table's deck lies in a random order (shuffled again after the game
# read its order), so a run of 5 matches by chance once in 6,720 arrangements of 8 cards.
ORDER_RUN, ORDER_DECK = 5, 8


def names_of(engine: Engine) -> dict[str, str]:
    """Every card id -> its name."""
    d = engine.d
    cards = [*d["zones"], *d["bases"], d["mech_zone"], *d["basic"], *d["advanced"]]
    cards += [*d["pilots"], *d["sides"], *d["programs"]]
    return {c["id"]: c["name"] for c in cards}


_LAYOUTS: dict[int, tuple[Any, dict[str, Any]]] = {}


def _layout(engine: Engine) -> dict[str, Any]:
    """The table's layout for this engine's card data, worked out once.

    A plan places every piece: worked out again for each option's label, it was half of a
    whole game's time here.
    """
    known = _LAYOUTS.get(id(engine.d))
    if known is None or known[0] is not engine.d:
        known = (engine.d, layout(engine.d))
        _LAYOUTS[id(engine.d)] = known
    return known[1]


DEGREES = {"N": 0, "NE": 45, "E": 90, "SE": 135, "S": 180, "SW": 225, "W": 270, "NW": 315}


def from_seat(angle: int) -> str:
    """What a direction is from a seat, by the angle between it and the way the seat faces."""
    return {0: tr("forward"), 45: tr("forward-right"), 90: tr("right"), 135: tr("back-right"),
            180: tr("back, toward you"), 225: tr("back-left"), 270: tr("left"),
            315: tr("forward-left")}[angle]  # fmt: skip


def mine_number() -> re.Pattern[str]:
    """A mine's number as the table words it ("mine 4"; "地雷4" in Japanese): hidden."""
    said = re.escape(tr("mine {n}")).replace(re.escape("{n}"), "[0-9]+")
    return re.compile(r"(?<![A-Za-z])" + said + r"(?![0-9])")


def shown_label(engine: Engine, state: Any, d: dict[str, Any], option: dict[str, Any]) -> str:
    """An option as the table shows it.

    Written from the rules for players, on its own (the table's words must say the same):
    cells named by their zone, a free base slot by the zones beside it, a direction from the
    decider's seat, a weapon for sale with its numbers.
    """
    names = names_of(engine)
    label, oid = option["label"], option["id"]
    if d["name"] == "base":
        text = base_slot(names, state, oid).removeprefix("the ")
        return text[:1].upper() + text[1:]
    if d["name"] in ("direction", "ad_hoc_direction") and oid in DEGREES:
        seat = next(x for x in _layout(engine)["seats"] if x["color"] == d["player"])
        return tr("{dir} ({from_seat})", dir=tr(oid),
                  from_seat=from_seat(int(DEGREES[oid] - seat["turn"]) % 360))  # fmt: skip
    if d["name"] == "buy":
        w = engine.weapons[oid]
        units = engine.g["units"]
        cost = [count(units, w["cost"][r], r) for r in ("energy", "credits") if w["cost"].get(r)]
        return tr("{weapon} ({type}, damage {damage}, power {power}; costs {cost}; {vp})",
                  weapon=w["name"], type=word(units, 2, w["type"]), damage=w["damage"],
                  power=w["power_damage"],
                  cost=tr(" + ").join(cost) or tr("nothing"),
                  vp=count(units, w["vp"], "vp"))  # fmt: skip
    if CELL.match(label):
        zone = state["cells"][label]["zone"]
        return names.get(zone, zone) if zone else base_slot(names, state, label)
    return label


def base_slot(names: dict[str, str], state: Any, cell: str) -> str:
    """A free base slot as players find it: the arena's edge it lies on, the zones beside it."""
    r, c = (int(x) for x in cell[1:].split("c"))
    at = [tuple(int(x) for x in k[1:].split("c")) for k in state["cells"]]
    rows, cols = [x for x, _ in at], [y for _, y in at]
    ns = tr("north") if r == min(rows) else tr("south") if r == max(rows) else None
    ew = tr("west") if c == min(cols) else tr("east") if c == max(cols) else None
    side = tr("{ns}-{ew}", ns=ns, ew=ew) if ns and ew else ns or ew
    near = []
    for rr, cc in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)):
        other = state["cells"].get(f"r{rr}c{cc}")
        if other is not None and other["kind"] != "B":
            near.append(names.get(other["zone"], other["zone"]))
    text = tr("the {side} base slot", side=side) if side else tr("the base slot")
    return tr("{slot}, beside {zones}", slot=text, zones=tr(" and ").join(near)) if near else text


def facts_of(
    engine: Engine, _saved: dict[str, Any] | None, state: Any, shown: Any = None
) -> secrets.Facts:
    """The hidden facts of a table's full state.

    `shown`: the public view the table shows (an action part way through may have revealed
    a program card the state does not yet hold as played).
    """
    if state is None:
        return secrets.Facts()
    names = names_of(engine)
    pilots = set(_layout(engine)["guids"]["pilots"].values())
    facts = secrets.Facts(public=[mine_number()], no_container=pilots, order_run=ORDER_RUN,
                          order_min=ORDER_DECK, deck="weapon deck")  # fmt: skip
    facts.upcoming = [{names[w]} for w in state["deck"]]
    played = {q["color"]: set(q["played"]) for q in (shown or state)["players"]}
    for p in state["players"]:
        terms = {names[q] for q in p["dealt"] if q != p["pilot"]}
        revealed = set(p["played"]) | played[p["color"]]
        hidden = [x for x in p["program"] if x["card"] not in revealed]
        terms |= {program_card_name(p["color"], names[x["card"]]) for x in hidden}
        if hidden:  # the whole program as its own log entry writes it ("1. Forage W, 2. ...")
            slots = enumerate(p["program"], 1)
            said = [tr("{i}. {card} {dir}", i=i, card=names[x["card"]], dir=tr(x["dir"]))
                    for i, x in slots]  # fmt: skip
            terms.add(tr(", ").join(said))
        facts.private[p["color"]] = terms
    return facts


def _weapon_places(engine: Engine) -> list[tuple[float, float, str, str, float]]:
    """(x, z, colour, row, rotY) of every seat's weapon places, from the layout."""
    return [
        (p["x"], p["z"], seat["color"], row, p["ry"])
        for seat in _layout(engine)["seats"]
        for row in ("equipped", "stored")
        for p in seat[row]
    ]


def check_weapons(t: Table, engine: Engine, state: Any, exhausted: dict[str, list[str]]) -> None:
    """In a combat, each seat's weapon cards lie where the rules put them.

    `state`: Python's state part way through the action (what the table shows);
    `exhausted`: its decision's weapons each side has used. The equipped lie in the row
    toward the arena, turned 90 degrees when exhausted; the others in the row behind,
    upright.
    """
    names = {w["id"]: w["name"] for w in (*engine.d["basic"], *engine.d["advanced"])}
    places = _weapon_places(engine)
    seen: dict[tuple[str, str], list[str]] = {}
    turned: dict[str, set[str]] = {}
    wanted = set(names.values())
    for thing in t.things.values():
        if thing.destroyed or thing.name not in wanted:
            continue
        x, _, z = thing.pos
        for px, pz, color, row, ry in places:
            if abs(x - px) < 0.3 and abs(z - pz) < 0.3:
                seen.setdefault((color, row), []).append(thing.name)
                if round((thing.rot[1] - ry) % 360) == 90:
                    turned.setdefault(color, set()).add(thing.name)
                break
    for p in state["players"]:
        color = p["color"]
        stored = list(p["owned"])
        for w in p["equipped"]:
            stored.remove(w)
        rows = {"equipped": sorted(names[w] for w in p["equipped"]),
                "stored": sorted(names[w] for w in stored)}  # fmt: skip
        for row, want in rows.items():
            got = sorted(seen.get((color, row), []))
            if len(want) > sum(1 for q in places if q[2] == color and q[3] == row):
                continue  # past its places a row piles up (cards that touch make a deck)
            if got != want:
                raise PlaytestError(f"{color}'s {row} weapons lie as {got}, Python has {want}")
        want_turned = {names[w] for w in exhausted.get(color, [])}
        if turned.get(color, set()) != want_turned:
            raise PlaytestError(f"in the combat {color}'s weapons turned are "
                                f"{sorted(turned.get(color, set()))}, exhausted "
                                f"{sorted(want_turned)}")  # fmt: skip


def _at_decision(t: Table, engine: Engine, mirror: Mirror, d: Any) -> None:
    if "exhausted" in d:
        check_weapons(t, engine, mirror.shown(), d["exhausted"])


# --- the flow (lua/tem/table/flow.lua says the same) -------------------------------------------

LOOK = frozenset({"program", "ad_hoc_card", "act"})
INLINE = {"program": "direction", "ad_hoc_card": "ad_hoc_direction"}


def _inline(d: dict[str, Any], o: dict[str, Any], nxt: dict[str, Any]) -> bool:
    if d["name"] == "act":
        return nxt["name"] in ("buy", "power_up")
    return INLINE.get(d["name"]) == nxt["name"]


def _window(d: dict[str, Any]) -> bool:
    return d["name"].startswith("equip_") and any(o["id"] == "done" for o in d["options"])


def loadout(state: Any, color: str) -> str | None:
    """A player's loadout as an equip window sees it: round, status, owned and equipped."""
    for p in state["players"]:
        if p["color"] == color:
            return (f"{state['round']}|{p['status']}|{','.join(sorted(p['owned']))}|"
                    f"{','.join(sorted(p['equipped']))}")  # fmt: skip
    return None


def extras(engine: Engine, state: Any, d: dict[str, Any], menu: list[flow.Entry]) -> list[Any]:
    """An equip window's "Keep my loadout for the rest of the round"."""
    if not _window(d):
        return []
    done = next(e for e in menu if e.steps[0].id == "done")
    return [flow.Entry(done.steps, tr("Keep my loadout for the rest of the round"), done.complete,
                       done.result, f"keep:{state['round']}")]  # fmt: skip


def auto(
    engine: Engine, state: Any, shown: Any, color: str, d: dict[str, Any], prefs: flow.Prefs
) -> tuple[str, str] | None:
    """The table keeps a loadout kept for the round, or unchanged since it was chosen."""
    if not _window(d):
        return None
    if prefs.hold.get(color) == f"keep:{state['round']}":
        return "done", "hold"
    if prefs.note.get(color) is not None and prefs.note.get(color) == loadout(shown, color):
        return "done", "unchanged"
    return None


def chose(
    engine: Engine, shown: Any, color: str, d: dict[str, Any], entry: flow.Entry,
    prefs: flow.Prefs,
) -> None:  # fmt: skip
    """A player closing an equip window: the loadout they chose is noted."""
    if _window(d) and entry.steps[-1].id == "done":
        prefs.note[color] = loadout(shown, color) or ""


def confirm(d: dict[str, Any], entry: flow.Entry, depth: int) -> tuple[str, str] | None:
    """A program is locked in once, when its last card is chosen."""
    if d["name"] in ("program", "direction") and entry.complete:
        return tr("Lock in my program"), tr("Change the last card")
    return None


FLOW = flow.Game(
    label=shown_label,
    lookahead=lambda d: d["name"] in LOOK,
    inline=_inline,
    inline_lookahead=lambda d: d["name"] != "direction",
    extras=extras,
    auto=auto,
    chose=chose,
    confirm=confirm,
    private=PRIVATE,
)

HOOKS = Hooks(
    transient=TinyEpicMechs.transient,
    bots=BOTS,
    colors=lambda engine: list(engine.d["game"]["seat_colors"]),
    facts=facts_of,
    flow=FLOW,
    part_way=True,
    check=_at_decision,
    max_answers=6_000,
    seed_prefix="playtest:tem",
)
PLAYTEST = Runner(HOOKS)
play_game = PLAYTEST.play_game
run = PLAYTEST.run


def features(engine: Engine, record: dict[str, Any]) -> set[str]:
    """What a game's record reached, for coverage.

    `mech` (the Mighty Mech taken), `ko:<status>` (a KO while a pilot or in Power Armor;
    `ko:mech`: the Mech surrendered or stranded), `retreat`, `ad_hoc` (a card played in Ad
    Hoc Mode), `ability:<kind>` (an attack with a weapon of that ability), `power` (a power
    attack taken).
    """
    found: set[str] = set()
    state = engine.new_game(record["setup"])
    for action in record["actions"]:
        before = state
        path = engine.path_of(state, action)
        trace, _ = engine.trace(state, path)
        for d, answer in zip(trace, path, strict=False):
            if d["name"] == "retreat":
                found.add("retreat")
            elif d["name"] == "ad_hoc_card":
                found.add("ad_hoc")
            elif d["name"] == "attack":
                found.add("ability:" + engine.weapons[answer]["ability"]["kind"])
                label = next(o["label"] for o in d["options"] if o["id"] == answer)
                if label.endswith(tr(" (power attack)")):
                    found.add("power")
        state = engine.apply(state, action)
        if state["mech"]["controller"] is not None and before["mech"]["controller"] is None:
            found.add("mech")
        held = before["mech"]["controller"]
        if held is not None and state["mech"]["controller"] != held:
            found.add("ko:mech")  # the Mech surrendered or stranded
        was = {p["color"]: p for p in before["players"]}
        for p in state["players"]:
            q = was[p["color"]]
            if p["ad_hoc"] and not q["ad_hoc"] and q["status"] != "mech":
                found.add("ko:" + q["status"])
    return found
