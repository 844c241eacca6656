"""Where the Tiny Epic Mechs table scripts put every piece: the `tem.layout` Lua module.

The places are the save's own (generator.games.tem.tts.table.plan); this adds the GUIDs of the
objects the glue moves, derived from the same stable ids as the save's.
"""

from __future__ import annotations

from typing import Any

from generator.games.tem.tts import xmlui
from generator.games.tem.tts.table import guid_of, plan
from generator.tts import panels


def layout(plain: dict[str, Any]) -> dict[str, Any]:
    """The table's layout for the glue."""
    where = plan(plain, {})
    colors = plain["game"]["seat_colors"]
    copies = plain["weapons"]["basic_copies"]
    for seat in where["seats"]:
        c = seat["color"]
        seat["guids"] = {
            "board": guid_of(f"board:{c}"),
            "figure": guid_of(f"figure:{c}"),
            "hand": guid_of(f"hand:{c}"),
            "programs": {p["id"]: guid_of(f"card:{c}:{p['id']}") for p in plain["programs"]},
            "program_deck": guid_of(f"deck:programs:{c} program cards"),
            "mines": [guid_of(f"mine:{c}:{n}") for n in range(len(plain["game"]["mine_numbers"]))],
            "turrets": [guid_of(f"turret:{c}:{n}") for n in range(plain["game"]["turrets"])],
            "markers": {
                k: guid_of(f"marker:{c}:{k}") for k in ("health", "energy", "credits", "vp")
            },
            "adhoc": guid_of(f"adhoc:{c}"),
        }
    where["guids"] = {
        "zones": {
            z["id"]: guid_of(f"card:{z['id']}")
            for z in (*plain["zones"], *plain["bases"], plain["mech_zone"])
        },
        "pilots": {q["id"]: guid_of(f"card:{q['id']}") for q in plain["pilots"]},
        "advanced": {w["id"]: guid_of(f"card:{w['id']}") for w in plain["advanced"]},
        "basic": {
            w["id"]: [guid_of(f"card:{w['id']}:{n}") for n in range(copies)] for w in plain["basic"]
        },
        "mech_card": guid_of("card:mech"),
        "mech": guid_of("figure:mech"),
        "round": guid_of("marker:round"),
        "zone_deck": guid_of("deck:zones:Arena zones"),
        "pilot_deck": guid_of("deck:pilots:Pilots"),
        "weapon_deck": guid_of("deck:weapons:Weapon deck"),
    }
    where.update(panels.places(list(colors), xmlui.BOARD_COLUMNS))
    return where
