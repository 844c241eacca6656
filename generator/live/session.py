"""Talking to a running TTS: push scripts, run a snippet, read its scripts back.

Each verb sends one message and collects TTS's answers from the Listener: prints, errors
(mapped back to our source lines), the reload that follows a Save & Play, a return value.
Nothing here prints or exits: the CLI turns an Outcome into output and a status.
"""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from generator.live.protocol import Listener, LiveError, Message, send
from generator.live.scripts import ModuleDiff, compare, map_error, positions, script_states

# Keep the user's snippet on line 1 (so its error lines are its own) and bring back any value,
# tables included, as JSON: TTS sends no reply at all for a returned table.
WRAPPER = "return JSON.encode({{pcall(function() {code}\nend)}})"


@dataclass
class Outcome:
    """What TTS said: lines to show (errors marked), how many Lua errors, a value."""

    lines: list[tuple[str, bool]] = field(default_factory=list)  # (text, is_error)
    errors: int = 0
    value: Any = None
    diffs: list[tuple[str, str, list[ModuleDiff]]] = field(default_factory=list)

    def say(self, text: str, error: bool = False) -> None:
        """Add a line."""
        self.lines.append((text, error))
        self.errors += error


class Session:
    """One conversation with TTS: where to send, where we listen, what we pushed."""

    def __init__(self, listener: Listener, game: str, tts_port: int, timeout: float = 10.0) -> None:
        self.listener = listener
        self.game = game
        self.tts_port = tts_port
        self.timeout = timeout
        self.scripts: dict[str, tuple[str, str]] = {}  # guid -> (name, bundled script)
        self._ids = itertools.count(1)

    def know(self, save: dict[str, Any]) -> None:
        """Remember the scripts of a save, to map TTS's error lines back to our source."""
        for state in script_states(save):
            self.scripts[state["guid"]] = (state["name"], state["script"])

    def describe(self, message: Message, outcome: Outcome, snippet_lines: int = 0) -> None:
        """Turn one TTS message into a line of the outcome (ignoring plain bookkeeping)."""
        kind = message.get("messageID")
        if kind == 2:
            outcome.say(f"print: {message.get('message', '')}")
        elif kind == 3:
            guid = str(message.get("guid", "-1"))
            name, script = self.scripts.get(guid, (guid, ""))
            prefix = message.get("errorMessagePrefix", "") or ""
            text = str(message.get("error", ""))
            mapped = (
                _snippet_error(text)
                if snippet_lines and _in_snippet(text, snippet_lines)
                else map_error(text, script, self.game, "Global" if guid == "-1" else name)
            )
            outcome.say(f"error in {name}: {prefix} {mapped}".replace("  ", " "), error=True)
        elif kind == 4:
            outcome.say(f"message: {json.dumps(message.get('customMessage'))}")
        elif kind == 6:
            outcome.say("TTS saved the game")
        elif kind == -1:
            outcome.say(f"TTS sent {message.get('error')}", error=True)

    def _wait(
        self, outcome: Outcome, done: Callable[[Message], bool], snippet_lines: int = 0
    ) -> Message:
        deadline = time.monotonic() + self.timeout
        while True:
            left = deadline - time.monotonic()
            message = self.listener.get(max(left, 0.0)) if left > 0 else None
            if message is None:
                raise LiveError(
                    f"TTS did not answer within {self.timeout:g} s (is a game loaded, and is "
                    "TTS not paused on a dialog?)"
                )
            if done(message):
                return message
            self.describe(message, outcome, snippet_lines)

    def settle(self, outcome: Outcome, seconds: float = 0.5) -> None:
        """Collect what TTS says in the next moments (onLoad's prints and errors)."""
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            message = self.listener.get(left)
            if message is not None:
                self.describe(message, outcome)

    def push(self, save: dict[str, Any]) -> Outcome:
        """Save & Play with every script and UI of a save; TTS reloads the game."""
        outcome = Outcome()
        self.know(save)
        self.listener.drain()
        states = [{k: s[k] for k in ("guid", "script", "ui")} for s in script_states(save)]
        send({"messageID": 1, "scriptStates": states}, self.tts_port)
        reply = self._wait(outcome, lambda m: m.get("messageID") == 1)
        loaded = len(reply.get("scriptStates") or [])
        outcome.say(f"pushed {len(states)} script(s); TTS reloaded the game ({loaded} scripted)")
        self.settle(outcome)
        return outcome

    def execute(self, code: str, guid: str = "-1") -> Outcome:
        """Run a snippet in an object's script (Global: "-1"); its value or its error."""
        outcome = Outcome()
        return_id = next(self._ids)
        self.listener.drain()
        send(
            {
                "messageID": 3,
                "guid": guid,
                "script": WRAPPER.format(code=code),
                "returnID": return_id,
            },
            self.tts_port,
        )
        lines = code.count("\n") + 1
        reply = self._wait(
            outcome,
            lambda m: m.get("messageID") == 5 and m.get("returnID") == return_id,
            snippet_lines=lines,
        )
        if "returnValue" not in reply:  # TTS leaves it out for nil (and after a compile error)
            if not outcome.errors:
                outcome.say("nil")
            return outcome
        try:
            results = json.loads(reply["returnValue"])
        except (TypeError, json.JSONDecodeError):
            outcome.value = reply["returnValue"]
            outcome.say(json.dumps(outcome.value))
            return outcome
        if isinstance(results, list) and results and results[0] is False:
            err = str(results[1]) if len(results) > 1 else "error"
            name, script = self.scripts.get(guid, (guid, ""))
            mapped = (
                _snippet_error(err)
                if _in_snippet(err, lines)
                else map_error(err, script, self.game, "Global" if guid == "-1" else name)
            )
            outcome.say(f"error: {mapped}", error=True)
            return outcome
        values = results[1:] if isinstance(results, list) else [results]
        outcome.value = values[0] if len(values) == 1 else values
        outcome.say(", ".join(json.dumps(v) for v in values) if values else "nil")
        return outcome

    def pull(self, save: dict[str, Any]) -> Outcome:
        """Ask TTS for its scripts; report, per object, how they differ from our build."""
        outcome = Outcome()
        self.listener.drain()
        send({"messageID": 0}, self.tts_port)
        reply = self._wait(outcome, lambda m: m.get("messageID") == 1)
        theirs = {str(s.get("guid")): s for s in reply.get("scriptStates") or []}
        ours = {s["guid"]: s for s in script_states(save)}
        for guid in sorted(set(ours) | set(theirs), key=lambda g: (g != "-1", g)):
            mine, tts = ours.get(guid), theirs.get(guid)
            name = (mine or tts or {}).get("name") or guid
            if tts is None:
                outcome.say(f"{name} ({guid}): only in our build")
                continue
            if mine is None:
                outcome.say(f"{name} ({guid}): only in TTS")
                continue
            diffs = compare(mine["script"], str(tts.get("script", "")), self.game, name)
            changed = [d for d in diffs if d.status != "same"]
            ui_changed = (mine.get("ui") or "") != (tts.get("ui") or "")
            if not changed and not ui_changed:
                outcome.say(f"{name} ({guid}): same as our build")
                continue
            parts = [f"{d.module} {d.status}" for d in changed]
            if ui_changed:
                parts.append("UI changed")
            outcome.say(f"{name} ({guid}): differs: {', '.join(parts)}")
            outcome.diffs.append((name, guid, changed))
        return outcome


def _in_snippet(message: str, lines: int) -> bool:
    """Whether an error's first position lies in a snippet of `lines` lines (wrapped)."""
    found = positions(message)
    return bool(found) and found[0][0] <= lines


def _snippet_error(message: str) -> str:
    return message + "\n  at the snippet"
