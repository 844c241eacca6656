"""Tiny Epic Mechs card texts in words: an ability, a cost, a program's arrow.

Every text is said in the language being built (`generator.i18n.tr`).
"""

from __future__ import annotations

from typing import Any

from generator.engines.count import count
from generator.i18n import tr

Units = dict[str, dict[str, str]]  # game.yaml's unit words


def arrow(kind: str, units: Units) -> str:
    """Where a program card's arrow takes its pilot."""
    return {
        "step": tr("{zones} N/E/S/W", zones=count(units, 1, "zones")),
        "double": tr("{zones} N/E/S/W, jumping", zones=count(units, 2, "zones")),
        "diagonal": tr("{zones} diagonally", zones=count(units, 1, "zones")),
    }[kind]


def ability(a: dict[str, Any], units: Units) -> str:
    """One ability of the fixed vocabulary, as a sentence a player reads."""
    kind = a["kind"]
    n = a.get("n", 0)
    res = a.get("resource", "")

    def amount(m: int) -> str:  # every text below is built: only some abilities name a resource
        return count(units, m, res) if res else str(m)

    # what an attack sets off ("gain 1 credit."), said after its trigger
    effect = {
        "gain": lambda: tr("gain {amount}.", amount=amount(n)),
        "vp": lambda: tr("gain {vp}.", vp=count(units, n, "vp")),
        "drain": lambda: tr("the opponent loses {amount}.", amount=amount(n)),
        "heal": lambda: tr("heal {n}.", n=n),
    }.get(kind)
    if effect is not None:
        if a.get("on_power"):
            return tr("After a power attack: {effect}", effect=effect())
        return tr("After attacking: {effect}", effect=effect())
    return {
        "none": lambda: "",
        "pay_for_damage": lambda: tr(
            "Pay up to {amount}: +1 damage each.", amount=amount(a.get("max", 0))
        ),
        "shield": lambda: tr("The next damage you take this combat is {n} less.", n=n),
        "pierce": lambda: tr("Ignores shields."),
        "extra_vp_on_ko": lambda: tr("+{vp} when you KO a rival.", vp=count(units, n, "vp")),
        "cheaper_deploy": lambda: tr("Mines and turrets cost {n} less.", n=n),
        "mine_immune": lambda: tr("Mines do not hurt you."),
        "turret_immune": lambda: tr("Turrets do not fire at you."),
        "first_strike_power": lambda: tr("Your first attack in a combat is a power attack."),
    }[kind]()


def cost(c: dict[str, int], units: Units) -> str:
    """A weapon's cost ("2 energy + 1 credit")."""
    return tr(" + ").join(count(units, n, r) for r, n in sorted(c.items())) or tr("free")
