"""Checks on a TTS save that no schema can make, plus the schema itself.

Each problem carries the JSON pointer of the object at fault:
    TTS001 schema            TTS004 card outside its sheet grid   TTS007 duplicate GUID
    TTS002 CardID/CustomDeck TTS005 sheet grid over 10x7          TTS008 script does not compile
    TTS003 DeckIDs           TTS006 asset URL that does not resolve
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

from generator.luabuild.compile import compiles
from generator.paths import SCHEMAS
from generator.problems import Problem, pointer
from generator.schemas import errors

URL_KEYS = ("FaceURL", "BackURL", "ImageURL", "ImageSecondaryURL")


def walk_objects(
    objects: list[Any],
    path: tuple[Any, ...] = ("ObjectStates",),
    parent: dict[str, Any] | None = None,
) -> Iterator[tuple[tuple[Any, ...], dict[str, Any], dict[str, Any] | None]]:
    """Every object, nested ones too, with its path and the container holding it."""
    for i, obj in enumerate(objects):
        here = (*path, i)
        yield here, obj, parent
        yield from walk_objects(obj.get("ContainedObjects") or [], (*here, "ContainedObjects"), obj)


def check_cards(save: dict[str, Any]) -> Iterator[tuple[tuple[Any, ...], str, str]]:
    """TTS002-TTS005: CardIDs point into an existing sheet's grid; DeckIDs match."""
    for path, obj, parent in walk_objects(save.get("ObjectStates", [])):
        for key, sheet in (obj.get("CustomDeck") or {}).items():
            if sheet.get("NumWidth", 0) > 10 or sheet.get("NumHeight", 0) > 7:
                yield (
                    path,
                    "TTS005",
                    f"sheet {key}: {sheet.get('NumWidth')}x{sheet.get('NumHeight')} is over 10x7",
                )
        if obj.get("Name") in ("Deck", "DeckCustom"):
            contained = [c.get("CardID") for c in obj.get("ContainedObjects") or []]
            if obj.get("DeckIDs") != contained:
                yield path, "TTS003", "DeckIDs differ from the CardIDs of the cards in the deck"
        if "CardID" not in obj:
            continue
        card_id = obj["CardID"]
        sheets = {**((parent or {}).get("CustomDeck") or {}), **(obj.get("CustomDeck") or {})}
        sheet = sheets.get(str(card_id // 100))
        if sheet is None:
            yield path, "TTS002", f"CardID {card_id}: no CustomDeck {card_id // 100} for it"
            continue
        slots = sheet.get("NumWidth", 0) * sheet.get("NumHeight", 0)
        if card_id % 100 >= slots - 1:  # the last slot is the hidden card
            yield (
                path,
                "TTS004",
                f"CardID {card_id}: index {card_id % 100} is past the {slots - 1} card slots",
            )


def url_problem(url: str, asset_dir: Path, base_url: str) -> str | None:
    """Why an asset URL does not resolve to a built file (None when it does)."""
    if url == "":
        return None
    if base_url and url.startswith(base_url):
        name = url[len(base_url) :]
        return None if (asset_dir / name).is_file() else f"no file {name} in {asset_dir}"
    parsed = urlparse(url)
    if parsed.scheme == "file":
        path = Path(unquote(parsed.path))
        return None if path.is_file() else f"{url} does not exist"
    return f"{url} is neither a built asset nor a local file"


def check_urls(
    save: dict[str, Any], asset_dir: Path, base_url: str
) -> Iterator[tuple[tuple[Any, ...], str, str]]:
    """TTS006: every image URL resolves to a file the build wrote."""
    for path, obj, _ in walk_objects(save.get("ObjectStates", [])):
        for key, sheet in (obj.get("CustomDeck") or {}).items():
            for field in ("FaceURL", "BackURL"):
                why = url_problem(sheet.get(field, ""), asset_dir, base_url)
                if why:
                    yield (*path, "CustomDeck", key, field), "TTS006", why
        image = obj.get("CustomImage") or {}
        for field in ("ImageURL", "ImageSecondaryURL"):
            why = url_problem(image.get(field, ""), asset_dir, base_url)
            if why:
                yield (*path, "CustomImage", field), "TTS006", why


def check_guids(save: dict[str, Any]) -> Iterator[tuple[tuple[Any, ...], str, str]]:
    """TTS007: GUIDs are unique across the whole save (real saves sometimes repeat them)."""
    first: dict[str, tuple[Any, ...]] = {}
    for path, obj, _ in walk_objects(save.get("ObjectStates", [])):
        guid = obj.get("GUID")
        if guid in first:
            yield path, "TTS007", f"GUID {guid} is also used at {pointer(first[guid])}"
        else:
            first[guid] = path


def check_scripts(save: dict[str, Any]) -> Iterator[tuple[tuple[Any, ...], str, str]]:
    """TTS008: the Global script and every object script compile under Lua 5.2."""
    scripts = [(("LuaScript",), save.get("LuaScript", ""))]
    scripts += [
        ((*p, "LuaScript"), o.get("LuaScript", ""))
        for p, o, _ in walk_objects(save.get("ObjectStates", []))
    ]
    for path, script in scripts:
        for finding in compiles(script) if script else ():
            yield path, "TTS008", f"line {finding.line}: {finding.message}"


def check_save(
    save: dict[str, Any], name: str, asset_dir: Path, base_url: str = ""
) -> list[Problem]:
    """Every problem of a save: its schema, then the checks above."""
    problems = [
        Problem(name, None, None, pointer(e.absolute_path), "TTS001", e.message)
        for e in errors(save, SCHEMAS / "tts" / "save.schema.json")
    ]
    for check in (
        check_cards(save),
        check_urls(save, asset_dir, base_url),
        check_guids(save),
        check_scripts(save),
    ):
        problems += [Problem(name, None, None, pointer(p), code, msg) for p, code, msg in check]
    return problems
