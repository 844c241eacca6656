"""TTS's External Editor API on the wire: one JSON object per TCP connection, localhost only.

TTS listens on 39999; an editor listens on 39998 and TTS connects to it to send each
message (API externaleditorapi.md). Checked against a live TTS by another client
(PeterPeet/Claude-TTSim-MCPServer, tts_mcp/comms.py): the sender writes one JSON object and
closes; the receiver reads to
the end. Only one program can listen on 39998: an editor plugin (VS Code's or Atom's TTS
extension) holding it blocks us, and we say so.
"""

from __future__ import annotations

import errno
import json
import queue
import socket
import threading
from typing import Any

HOST = "127.0.0.1"  # loopback only: we never talk to or listen for another machine
TTS_PORT = 39999
EDITOR_PORT = 39998
MAX_MESSAGE = 64 * 1024 * 1024  # a save's scripts and UI fit many times over

Message = dict[str, Any]


class LiveError(Exception):
    """TTS cannot be reached, or our port is taken: the message says what to do."""


def send(message: Message, port: int = TTS_PORT, timeout: float = 5.0) -> None:
    """Send one message to TTS: connect, write the JSON, close. LiveError when nobody listens."""
    data = json.dumps(message).encode("utf-8")
    try:
        with socket.create_connection((HOST, port), timeout=timeout) as conn:
            conn.sendall(data)
            conn.shutdown(socket.SHUT_WR)
    except ConnectionRefusedError:
        raise LiveError(
            f"TTS is not running, or no game is loaded: nothing listens on {HOST}:{port}. "
            "Start Tabletop Simulator and load a game (the External Editor API needs no setting)."
        ) from None
    except OSError as err:
        raise LiveError(f"cannot send to TTS on {HOST}:{port}: {err.strerror or err}") from None


class Listener:
    """Receives TTS's messages on the editor port, in a background thread, into a queue.

    A message that is not JSON, or is cut short, arrives as {"messageID": -1, "error": why}
    so the caller can report it instead of hanging.
    """

    def __init__(self, port: int = EDITOR_PORT) -> None:
        self.port = port
        self.messages: queue.Queue[Message] = queue.Queue()
        self._server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            self._server.bind((HOST, port))
        except OSError as err:
            self._server.close()
            if err.errno == errno.EADDRINUSE:
                raise LiveError(
                    f"another program listens on {HOST}:{port}, TTS's editor port: most likely "
                    "an editor plugin (VS Code's or Atom's Tabletop Simulator extension). "
                    "Close that editor or disable the plugin, then try again."
                ) from None
            raise LiveError(f"cannot listen on {HOST}:{port}: {err.strerror or err}") from None
        self._server.listen(16)
        self._server.settimeout(0.2)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self._server.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            with conn:
                self.messages.put(_read(conn))

    def get(self, timeout: float) -> Message | None:
        """The next message, or None after `timeout` seconds."""
        try:
            return self.messages.get(timeout=timeout)
        except queue.Empty:
            return None

    def drain(self) -> list[Message]:
        """Every message waiting now."""
        out = []
        while True:
            try:
                out.append(self.messages.get_nowait())
            except queue.Empty:
                return out

    def close(self) -> None:
        """Stop listening and free the port."""
        self._stop.set()
        self._server.close()
        self._thread.join(timeout=2)

    def __enter__(self) -> Listener:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _read(conn: socket.socket) -> Message:
    conn.settimeout(5.0)
    chunks, size = [], 0
    try:
        while True:
            chunk = conn.recv(65536)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > MAX_MESSAGE:
                return {"messageID": -1, "error": f"a message over {MAX_MESSAGE} bytes"}
    except TimeoutError:
        return {"messageID": -1, "error": "a message that never ended (connection left open)"}
    except OSError as err:
        return {"messageID": -1, "error": f"a connection that broke: {err.strerror or err}"}
    text = b"".join(chunks).decode("utf-8", errors="replace")
    try:
        message = json.loads(text)
    except json.JSONDecodeError as err:
        return {"messageID": -1, "error": f"a message that is not JSON ({err.msg})"}
    if not isinstance(message, dict) or not isinstance(message.get("messageID"), int):
        return {"messageID": -1, "error": "a message without a messageID"}
    return message
