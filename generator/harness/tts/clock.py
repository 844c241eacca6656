"""The frame clock: frames and time, Wait, coroutines, autosave checkpoints (api wait.md).

The table advances one frame at a time (FPS a second): pieces move, zones notice what
entered and left, XmlUI set by setXml applies, waits and coroutines run, onUpdate fires, and
every `autosave_every` seconds a rewind checkpoint is taken, unless a script blocked them.

A script controls rewind states as TTS v14 lets it (api base.md, Rewind State Functions):
`storeRewindState(and_then, block_further_stores)` stores one (when the game changed since
the last) and then calls `and_then(success, new_state_was_stored)`; with the block, no
rewind state is stored by itself until `allowRewindStore()` or 60 seconds later. When the
store is taken is not documented; here it is at the start of the next frame, before that
frame's waits run (so after the handler that asked, and before any work it left to a
later frame).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from generator.harness.tts.runtime import Handle, Host, ScriptError, _values
from generator.harness.tts.world import Thing

FPS = 60
REWIND_BLOCK_SECONDS = 60.0  # storeRewindState's block lifts by itself after this (api base.md)


@dataclass
class Waiting:
    """A pending Wait: run `fn` when due (a frame, a time, or a condition)."""

    id: int
    fn: Any
    owner: Thing | None
    frame: int | None = None
    at: float | None = None
    every: float = 0.0
    reps: int = 1
    condition: Any = None
    timeout_at: float | None = None
    on_timeout: Any = None


class Clock:
    """The frame clock, waits and coroutines."""

    @property
    def time(self) -> float:
        """Seconds since the table loaded (Time.time)."""
        return self.frame / FPS

    def step(self, frames: int = 1) -> None:
        """Advance the clock frame by frame: moves, dice, zones, waits, coroutines, UI."""
        for _ in range(frames):
            self.frame += 1
            if self.rewind_requests:
                self._store_requested()
            self._move_things()
            self._zones()
            self._apply_xml()
            self._run_waits()
            self._run_coroutines()
            self.fire("onUpdate")
            if self.frame % int(self.autosave_every * FPS) == 0 and not self.rewind_blocked:
                self.checkpoint()

    def run(self, seconds: float) -> None:
        """Advance the clock by some seconds."""
        self.step(round(seconds * FPS))

    def run_until(self, condition: Callable[[], bool], seconds: float = 30.0) -> None:
        """Step until `condition()` holds; AssertionError after `seconds`."""
        for _ in range(int(seconds * FPS)):
            if condition():
                return
            self.step()
        if not condition():
            raise AssertionError(f"not reached within {seconds} s of table time")

    def checkpoint(self) -> None:
        """A rewind checkpoint (and autosave): every onSave runs, the save is kept."""
        self.snapshots.append(self.save(share=True))

    @property
    def rewind_blocked(self) -> bool:
        """Whether a script's storeRewindState blocks the checkpoints taken by themselves."""
        return self.rewind_block_until is not None and self.time < self.rewind_block_until

    def store_rewind_state(self, and_then: Any = None, block: Any = False) -> bool:
        """storeRewindState: a store asked for (taken at the next frame's start)."""
        self.rewind_requests.append(and_then)
        if block:
            self.rewind_block_until = self.time + REWIND_BLOCK_SECONDS
        return True

    def allow_rewind_store(self) -> bool:
        """allowRewindStore: checkpoints are taken by themselves again."""
        self.rewind_block_until = None
        return True

    def _store_requested(self) -> None:
        callbacks, self.rewind_requests = self.rewind_requests, []
        state = self.save(share=True)
        stored = not self.snapshots or state != self.snapshots[-1]
        if stored:
            self.snapshots.append(state)
        for fn in callbacks:
            if fn is not None:
                self._run("storeRewindState callback", fn, True, stored)

    def add_wait(self, wait: Waiting) -> int:
        """Queue a Wait; its id."""
        self.waits.append(wait)
        return wait.id

    def _run_waits(self) -> None:
        now = self.time
        for wait in list(self.waits):
            if wait not in self.waits:
                continue  # stopped by an earlier callback this frame
            if wait.condition is not None:
                if self._run("Wait.condition condition", wait.condition):
                    self.waits.remove(wait)
                    self._run("Wait.condition callback", wait.fn)
                elif wait.timeout_at is not None and now >= wait.timeout_at:
                    self.waits.remove(wait)
                    if wait.on_timeout is not None:
                        self._run("Wait.condition timeout", wait.on_timeout)
            elif wait.frame is not None and self.frame >= wait.frame:
                self.waits.remove(wait)
                self._run("Wait.frames callback", wait.fn)
            elif wait.at is not None and now >= wait.at - 1e-9:
                wait.reps -= 1
                if wait.reps == 0:
                    self.waits.remove(wait)
                else:
                    wait.at += wait.every
                self._run("Wait.time callback", wait.fn)

    def _start_coroutine(self, owner: Any, name: Any) -> bool:
        guid = "-1" if owner is None or owner.where == "Global" else owner._thing.guid
        fn = self._rawget(self.envs[guid], name)
        if fn is None:
            raise ScriptError(f"startLuaCoroutine: no function '{name}' in script {guid}")
        co = int(self._co_spawn(fn))
        thing = None if guid == "-1" else self.things[guid]
        self.coroutines.append((co, thing))
        self._resume(co, thing)
        return True

    def _resume(self, co: int, thing: Thing | None) -> None:
        marks = self._marks()
        start = time.perf_counter()
        counted = _values(self._count(self._co_resume, co))
        self._account("coroutine", start, marks, int(counted[0]), 0, 0)
        if not counted[1]:
            raise ScriptError(f"coroutine: {counted[2]}")
        if counted[3] == "dead":
            self.coroutines.remove((co, thing))

    def _run_coroutines(self) -> None:
        for co, thing in list(self.coroutines):
            if thing is not None and thing.destroyed:
                self.coroutines.remove((co, thing))
                continue
            self._resume(co, thing)

    def _new_id(self) -> int:
        self.next_wait += 1
        return self.next_wait - 1


class WaitHandle(Handle):
    """`Wait`: frames, time, condition, stop, stopAll on the frame clock.

    Each script has its own: a destroyed object's waits are dropped with it.
    """

    where = "Wait"

    def __init__(self, table: Host, owner: Thing | None = None) -> None:
        super().__init__(table)
        self._owner = owner

    def _call_frames(self, fn: Any, frames: Any = 1) -> int:
        t = self._table
        return t.add_wait(
            Waiting(t._new_id(), fn, self._owner, frame=t.frame + max(int(frames), 1))
        )

    def _call_time(self, fn: Any, seconds: Any, repetitions: Any = 1) -> int:
        t = self._table
        reps = int(repetitions)
        return t.add_wait(
            Waiting(
                t._new_id(),
                fn,
                self._owner,
                at=t.time + float(seconds),
                every=float(seconds),
                reps=reps if reps != -1 else -(10**9),
            )
        )

    def _call_condition(
        self, fn: Any, condition: Any, timeout: Any = None, on_timeout: Any = None
    ) -> int:
        t = self._table
        at = None if timeout is None else t.time + float(timeout)
        return t.add_wait(
            Waiting(
                t._new_id(),
                fn,
                self._owner,
                condition=condition,
                timeout_at=at,
                on_timeout=on_timeout,
            )
        )

    def _call_stop(self, wait_id: Any) -> bool:
        before = len(self._table.waits)
        self._table.waits = [w for w in self._table.waits if w.id != int(wait_id)]
        return len(self._table.waits) < before

    def _call_stopAll(self) -> bool:
        # This script's waits (the docs say "all"; a script stopping another's is unverified).
        self._table.waits = [w for w in self._table.waits if w.owner is not self._owner]
        return True


class TimeHandle(Handle):
    """`Time`: the frame clock's time."""

    where = "Time"

    def _get_time(self) -> float:
        return self._table.time

    def _get_delta_time(self) -> float:
        return 1 / FPS
