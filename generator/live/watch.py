"""`ttsmod watch`: rebuild on every change and push, streaming what TTS says in between.

A change to the card data, the Lua or the game's schemas rebuilds the mod (the image cache
keeps an unchanged card from being drawn again) and pushes it. A failed build pushes
nothing; an unreachable TTS is reported and the next change tries again. Between changes,
TTS's prints and errors are shown as they come.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

from generator import cards, paths
from generator.live.protocol import LiveError
from generator.live.session import Outcome, Session
from generator.paths import ROOT
from generator.problems import render


def watched(game: str, card_folder: Path) -> list[Path]:
    """The folders a build of `game` reads: its cards, the Lua, its schemas."""
    return [card_folder, ROOT / "lua", ROOT / "schemas" / game, ROOT / "schemas" / "tts"]


# What a build reads; editors' swap, backup and temporary files are none of it.
SOURCE_SUFFIXES = (".yaml", ".yml", ".lua", ".json")
TEMP_MARKS = ("~", ".swp", ".swx", ".swo", ".tmp", ".bak", ".crswap", ".orig")


def is_source_change(change: object, path: str) -> bool:
    """True for a change to a file a build reads (watchfiles' watch_filter).

    Card YAML, Lua, schemas; never an editor's temporary file (".planets.yaml.swp",
    "planets.yaml~", "#planets.yaml#", vim's "4913", ".goutputstream-*").
    """
    name = Path(path).name
    if name.startswith((".", "#")) or name.endswith(TEMP_MARKS) or name == "4913":
        return False
    return name.endswith(SOURCE_SUFFIXES)


def build_and_push(session: Session, source: str) -> Outcome:
    """One round: build (with the last build's settings), then push; never raises."""
    from generator.build import BuildError, build, build_key, read_manifest
    from generator.outputs import OutputError
    from generator.render.draw import FontError

    outcome = Outcome()
    settings = read_manifest(paths.BUILD, build_key(*cards.resolve(source))) or {}
    try:
        result = build(source, paths.BUILD, settings.get("asset_base_url"), settings.get("font"))
    except BuildError as err:
        outcome.say(render(err.problems), error=True)
        outcome.say(f"build stopped at {err.stage}: nothing pushed", error=True)
        return outcome
    except (FontError, OutputError) as err:
        outcome.say(f"build failed: {err}: nothing pushed", error=True)
        return outcome
    save = result.read_save()
    try:
        return session.push(save)
    except LiveError as err:
        outcome.say(f"built, not pushed: {err}", error=True)
        return outcome


def run_watch(
    session: Session,
    source: str,
    card_folder: Path,
    debounce_ms: int = 300,
    stop_after: int | None = None,
    stop: threading.Event | None = None,
) -> Iterator[Outcome]:
    """Push now, then after every change; yield each round's outcome and TTS's chatter."""
    from watchfiles import watch

    pushes = 0
    for changes in watch(
        *watched(session.game, card_folder),
        watch_filter=is_source_change,
        debounce=debounce_ms,
        step=50,
        rust_timeout=250,
        yield_on_timeout=True,
        stop_event=stop,
    ):
        if pushes == 0:  # the watcher is running now: the first push, before any change
            yield build_and_push(session, source)
            pushes += 1
            if stop_after is not None and pushes >= stop_after:
                return
            continue
        if not changes:  # quiet: show what TTS said meanwhile
            chatter = Outcome()
            for message in session.listener.drain():
                session.describe(message, chatter)
            if chatter.lines:
                yield chatter
            continue
        names = sorted({Path(p).name for _, p in changes})
        heard = Outcome()
        heard.say(f"changed: {', '.join(names[:5])}{' ...' if len(names) > 5 else ''}")
        yield heard
        yield build_and_push(session, source)
        pushes += 1
        if stop_after is not None and pushes >= stop_after:
            return
