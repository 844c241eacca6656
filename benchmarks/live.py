"""Benchmark `ttsmod watch`: from a changed file to the push being sent. Not a test.

Run `.venv/bin/python benchmarks/live.py`. A stand-in for TTS (on loopback ports) notes
when each Save & Play arrives. Prints, for a change to one Lua file (a comment appended to
lua/teg/core/rules.lua, then removed) and for a change to one card's text (in a copy of
cards/teg: one card image and its sheet drawn again), the seconds from the file write to the
push, with the watcher's debounce (50 ms here) included. Goals (issue 12): under 1 s for a
script-only change, under 3 s when one card image changes.
"""

from __future__ import annotations

import json
import shutil
import socket
import statistics
import tempfile
import threading
import time
from pathlib import Path

from generator import paths
from generator.live.protocol import Listener
from generator.live.session import Session
from generator.live.watch import run_watch
from generator.paths import CARDS, ROOT


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class StandIn:
    """Receives pushes, notes when each arrived, answers with a reload."""

    def __init__(self, editor_port: int) -> None:
        self.port = free_port()
        self.editor_port = editor_port
        self.arrivals: list[float] = []
        self.server = socket.socket()
        self.server.bind(("127.0.0.1", self.port))
        self.server.listen(8)
        threading.Thread(target=self.serve, daemon=True).start()

    def serve(self) -> None:
        while True:
            conn, _ = self.server.accept()
            with conn:
                data = b""
                while chunk := conn.recv(65536):
                    data += chunk
            if json.loads(data).get("messageID") == 1:
                self.arrivals.append(time.monotonic())
                reply = json.dumps({"messageID": 1, "scriptStates": []}).encode()
                with socket.create_connection(("127.0.0.1", self.editor_port)) as out:
                    out.sendall(reply)


def timed_change(stand_in: StandIn, path: Path, change: str, undo: str, rounds: int) -> list[float]:
    """Seconds from each write of `path` to the push that follows it."""
    out = []
    original = path.read_text(encoding="utf-8")
    try:
        for k in range(rounds):
            seen = len(stand_in.arrivals)
            start = time.monotonic()
            text = original + change if k % 2 == 0 else original + undo
            path.write_text(text, encoding="utf-8")
            while len(stand_in.arrivals) == seen:
                time.sleep(0.005)
            out.append(stand_in.arrivals[-1] - start)
            time.sleep(0.4)  # let the watcher settle before the next change
    finally:
        path.write_text(original, encoding="utf-8")
    return out


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        paths.BUILD = Path(tmp) / "build"
        cards = Path(tmp) / "teg"
        shutil.copytree(CARDS / "teg", cards)
        editor_port = free_port()
        stand_in = StandIn(editor_port)
        stop = threading.Event()
        with Listener(editor_port) as listener:
            session = Session(listener, "teg", stand_in.port, timeout=30)

            def watch() -> None:
                for _ in run_watch(session, str(cards), cards, 50, None, stop):
                    pass

            threading.Thread(target=watch, daemon=True).start()
            while not stand_in.arrivals:  # the first (cold) build and push
                time.sleep(0.05)
            time.sleep(0.5)
            lua = timed_change(
                stand_in, ROOT / "lua" / "teg" / "core" / "rules.lua", "\n-- a\n", "\n-- b\n", 5
            )
            planets = cards / "planets.yaml"
            text = planets.read_text(encoding="utf-8")
            card = []
            for k in range(3):
                seen = len(stand_in.arrivals)
                start = time.monotonic()
                planets.write_text(
                    text.replace("Gain 1 culture.", f"Gain 1 culture{'!' * (k + 1)}"),
                    encoding="utf-8",
                )
                while len(stand_in.arrivals) == seen:
                    time.sleep(0.005)
                card.append(stand_in.arrivals[-1] - start)
                time.sleep(0.4)
            stop.set()
    print("from a file write to the push sent (watch debounce 50 ms, warm image cache):")
    print(
        f"  one Lua file changed:   median {statistics.median(lua):.2f} s, "
        f"max {max(lua):.2f} s over {len(lua)} changes"
    )
    print(
        f"  one card image changed: median {statistics.median(card):.2f} s, "
        f"max {max(card):.2f} s over {len(card)} changes"
    )


if __name__ == "__main__":
    main()
