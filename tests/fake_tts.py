"""A fake TTS for the External Editor API tests: the protocol as documented, quirks included.

It listens on a loopback port chosen per test and sends to the editor's port, one JSON object
per connection (pretty-printed, as TTS writes them). Save & Play runs the pushed Global
script in the headless TTS (generator/harness/tts), so a Lua error comes back as TTS reports
it ("chunk_0:(line,col-col): message"). Quirks (SAVE-FORMAT.md §12, TABLE-AUTOMATION.md §3):
returnID is echoed; returnValue is left out for nil; a compile error arrives as an error
without returnID, then a reply without returnValue; executing on an object without a script
fails. Switches: `silent` (never answers), `garbage` (a malformed message), `cut` (a message
cut short); `stop()` / `start()` for a TTS that restarts.
"""

from __future__ import annotations

import json
import re
import socket
import threading
from typing import Any

from generator.harness.tts import ScriptError, Table

HOST = "127.0.0.1"


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def tts_error(text: str) -> str:
    """A lupa error ("Global:12: boom") in TTS's words ("chunk_0:(12,1-1): boom")."""
    return re.sub(r"\b[\w ()]+?:(\d+): ", lambda m: f"chunk_0:({m.group(1)},1-1): ", text, count=1)


class FakeTTS:
    """A TTS that listens on `tts_port` and talks to the editor on `editor_port`."""

    def __init__(self, editor_port: int) -> None:
        self.tts_port = free_port()
        self.editor_port = editor_port
        self.scripts: dict[str, dict[str, str]] = {}  # guid -> {name, script, ui}
        self.received: list[dict[str, Any]] = []
        self.silent = False
        self.garbage = False
        self.cut = False
        self.table: Table | None = None
        self._server: socket.socket | None = None
        self.start()

    # --- lifecycle -------------------------------------------------------------------------

    def start(self) -> None:
        """Listen (again) on the same port."""
        server = socket.socket()
        server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        server.bind((HOST, self.tts_port))
        server.listen(8)
        server.settimeout(0.1)
        self._server = server
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop listening (a TTS that quit)."""
        self._stop.set()
        self._thread.join(timeout=2)
        if self._server is not None:
            self._server.close()
            self._server = None

    def _serve(self) -> None:
        assert self._server is not None
        while not self._stop.is_set():
            try:
                conn, _ = self._server.accept()
            except (TimeoutError, OSError):
                continue
            with conn:
                data = b""
                while chunk := conn.recv(65536):
                    data += chunk
            message = json.loads(data.decode("utf-8"))
            self.received.append(message)
            if not self.silent:
                self._answer(message)

    # --- talking ---------------------------------------------------------------------------

    def send(self, message: dict[str, Any]) -> None:
        """One message to the editor: connect, write, close."""
        text = json.dumps(message, indent=2)
        if self.garbage:
            text = "{ this is not json"
        elif self.cut:
            text = text[: len(text) // 2]
        with socket.create_connection((HOST, self.editor_port), timeout=2) as conn:
            conn.sendall(text.encode("utf-8"))

    def _states(self) -> list[dict[str, str]]:
        return [{"guid": g, **s} for g, s in self.scripts.items()]

    def _answer(self, message: dict[str, Any]) -> None:
        kind = message.get("messageID")
        if kind == 0:
            self.send({"messageID": 1, "scriptStates": self._states()})
        elif kind == 1:
            for state in message.get("scriptStates") or []:
                name = "Global" if state["guid"] == "-1" else state["guid"]
                self.scripts[state["guid"]] = {
                    "name": name,
                    "script": state.get("script", ""),
                    "ui": state.get("ui", ""),
                }
            self.send({"messageID": 1, "scriptStates": self._states()})
            self._reload()
        elif kind == 3:
            self._execute(message)

    def _reload(self) -> None:
        """Load the game again with the pushed scripts: prints and errors go to the editor."""
        glob = self.scripts.get("-1", {"script": "", "ui": ""})
        try:
            self.table = Table.load(
                {"LuaScript": glob["script"], "XmlUI": glob["ui"], "ObjectStates": []},
                count_instructions=False,
            )
        except ScriptError as err:
            self.table = None
            self.send(
                {
                    "messageID": 3,
                    "error": tts_error((err.raw or str(err)).split(": ", 2)[-1]),
                    "guid": "-1",
                    "errorMessagePrefix": "Error in Script (Global) function <onLoad>:",
                }
            )
            return
        for kind, _, text in self.table.chat:
            if kind == "print":
                self.send({"messageID": 2, "message": text})

    def _execute(self, message: dict[str, Any]) -> None:
        return_id = message.get("returnID")
        reply: dict[str, Any] = {"messageID": 5, "returnID": return_id}
        if message.get("guid") not in self.scripts or self.table is None:
            self.send(
                {"messageID": 3, "error": "Object reference not set to an instance of an object"}
            )
            self.send(reply)
            return
        table = self.table
        loaded = table._load(message["script"], "exec", table.envs["-1"])
        chunk, err = loaded if isinstance(loaded, tuple) else (loaded, None)
        if chunk is None:  # a compile error: an error without returnID, then an empty reply
            self.send({"messageID": 3, "error": tts_error(str(err)), "guid": "-1"})
            self.send(reply)
            return
        try:
            value = table._run("exec", chunk)
        except ScriptError as failure:
            self.send(
                {"messageID": 3, "error": tts_error(failure.raw or str(failure)), "guid": "-1"}
            )
            self.send(reply)
            return
        if value is not None:
            reply["returnValue"] = float(value) if isinstance(value, int) else value
        self.send(reply)
