"""Tiny Epic Mechs card texts in words: an ability, a cost, a program's arrow and action."""

from __future__ import annotations

from typing import Any

from generator.engines.count import count

Units = dict[str, dict[str, str]]  # game.yaml's unit words

ARROWS = {
    "step": "1 zone N/E/S/W",
    "double": "2 zones N/E/S/W, jumping",
    "diagonal": "1 zone diagonally",
}
ACTIONS = {
    "collect": "Collect",
    "mine": "Deploy a mine",
    "turret": "Deploy a turret",
    "buy": "Buy a weapon",
    "power_up": "Heal or upgrade",
}


def ability(a: dict[str, Any], units: Units) -> str:
    """One ability of the fixed vocabulary, as a sentence a player reads."""
    kind = a["kind"]
    n = a.get("n", 0)
    res = a.get("resource", "")

    def amount(m: int) -> str:  # every text below is built: only some abilities name a resource
        return count(units, m, res) if res else str(m)

    text = {
        "none": "",
        "gain": f"After attacking: gain {amount(n)}.",
        "vp": f"After attacking: gain {n} VP.",
        "drain": f"After attacking: the opponent loses {amount(n)}.",
        "pay_for_damage": f"Pay up to {amount(a.get('max', 0))}: +1 damage each.",
        "heal": f"After attacking: heal {n}.",
        "shield": f"The next damage you take this combat is {n} less.",
        "pierce": "Ignores shields.",
        "extra_vp_on_ko": f"+{n} VP when you KO a rival.",
        "cheaper_deploy": f"Mines and turrets cost {n} less.",
        "mine_immune": "Mines do not hurt you.",
        "turret_immune": "Turrets do not fire at you.",
        "first_strike_power": "Your first attack in a combat is a power attack.",
    }[kind]
    if a.get("on_power") and text:
        text = "After a power attack: " + text.split(": ", 1)[-1]
    return text


def cost(c: dict[str, int], units: Units) -> str:
    """A weapon's cost ("2 energy + 1 credit")."""
    return " + ".join(count(units, n, r) for r, n in sorted(c.items())) or "free"
