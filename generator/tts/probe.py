"""A save that puts a language's words on every surface TTS draws text on (any language).

Whether TTS draws Japanese on each surface is not documented (XmlUI, chat, broadcasts,
tooltips, object names and descriptions, 3D text, buttons on objects, the Notebook, the
table's Notes). This save shows, numbered on each surface, a short sample and every character
the language's catalogues use, so a player can look at each number in a few minutes and say
which shows boxes or nothing (docs/i18n.md: the probe, and what to do when a surface fails).
"""

from __future__ import annotations

import json
from typing import Any
from xml.etree import ElementTree as ET

from generator import __version__, i18n
from generator.tts import objects as O
from generator.tts.geometry import Place
from generator.tts.save import DATE, TTS_VERSION

# The surfaces, in the order the save numbers them.
SURFACES = (
    "XmlUI text",
    "XmlUI button",
    "object name (its tooltip's title)",
    "object description (its tooltip)",
    "3D text on the table",
    "button on an object",
    "chat: printToAll",
    "broadcast: broadcastToAll (the middle of the screen)",
    "Notebook tab: its title and its page",
    "the table's Notes (top right)",
)


def characters(lang: str) -> str:
    """Every character other than ASCII that the language's catalogues write, sorted."""
    found: set[str] = set()
    for domain in i18n.domains():
        for text in i18n.words(domain, lang).values():
            found |= {c for c in text if ord(c) > 0x7E}
    return "".join(sorted(found))


def sample(lang: str) -> str:
    """A short sentence of the language's own words (the start button's, and the wait's)."""
    words = i18n.words(i18n.FRAMEWORK, lang)
    return words.get("Start the game", "") + " / " + words.get("Rolling the dice...", "")


def _chunks(text: str, width: int = 40) -> str:
    return "\n".join(text[i : i + width] for i in range(0, len(text), width))


def _lua(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)  # a JSON string is a Lua string literal here


def probe_save(lang: str) -> dict[str, Any]:
    """The probe save for `lang` (a language with a catalogue)."""
    name = i18n.language_name(lang)
    short, every = sample(lang), _chunks(characters(lang))

    def label(k: int, text: str) -> str:
        return f"{k}. {SURFACES[k - 1]}: {text}"

    ui = ET.Element("Panel", width="640", height="520", rectAlignment="MiddleLeft",
                    offsetXY="20 0", color="#101426E6")  # fmt: skip
    column = ET.SubElement(ui, "VerticalLayout", padding="10 10 10 10", spacing="6")
    text = ET.SubElement(column, "Text", fontSize="18", color="#F2F2F2",
                         alignment="UpperLeft", horizontalOverflow="Wrap")  # fmt: skip
    text.text = label(1, short) + "\n" + every
    button = ET.SubElement(column, "Button", preferredHeight="40", fontSize="18")
    button.text = label(2, short)
    block = O.base(
        "BlockSquare",
        "a0b0c0",
        Place(0.0, 0.0, y=1.5, rot_y=180.0, scale=(2.0, 2.0, 2.0)),
        nickname=label(3, short),
        description=label(4, short) + "\n" + every,
        LuaScript=(
            "function onLoad()\n"
            "  self.createButton({ click_function = 'none', function_owner = self,\n"
            f"    label = {_lua(label(6, short))},\n"
            "    position = { 0, 0.6, 0 }, width = 3000, height = 400, font_size = 120 })\n"
            "end\n"
            "function none() end\n"
        ),
    )
    words3d = O.text("d0e0f0", Place(0.0, -5.0, y=1.05, rot_y=0.0), label(5, short), size=64)
    script = (
        "function onLoad()\n"
        f"  printToAll({_lua(label(7, short))})\n"
        f"  printToAll({_lua(every)})\n"
        f"  broadcastToAll({_lua(label(8, short))})\n"
        "end\n"
    )
    return {
        "SaveName": f"ttsmod text probe ({name})",
        "GameMode": f"ttsmod text probe ({name})",
        "Date": DATE,
        "VersionNumber": TTS_VERSION,
        "GameType": "",
        "GameComplexity": "",
        "PlayerCounts": [],
        "Tags": [],
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Table": "Table_RPG",
        "Sky": "Sky_Museum",
        "Note": label(10, short) + "\n" + every,
        "Rules": "",
        "XmlUI": ET.tostring(ui, encoding="unicode"),
        "LuaScript": script,
        "LuaScriptState": "",
        **O.table_settings(),
        "TabStates": {
            "0": {
                "title": label(9, short)[:60],
                "body": label(9, short) + "\n" + every + f"\n\n(ttsmod {__version__})",
                "color": "Grey",
                "visibleColor": {"r": 0.5, "g": 0.5, "b": 0.5},
                "id": 0,
            }
        },
        "ComponentTags": {"labels": []},
        "DecalPallet": [],
        "SnapPoints": [],
        "ObjectStates": [block, words3d],
    }
