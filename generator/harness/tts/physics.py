"""Dice and physics: pieces gliding, dice tumbling and landing (sometimes cocked), shakes.

A die tumbles for a seeded number of frames and lands on a face (cocked once in
`cocked_chance` throws, as measured on a live TTS); setRotationValue is an animation (api
object.md); R over a piece lifts and turns it unless tryObjectRandomize says no.
"""

from __future__ import annotations

from typing import Any

from generator.harness.tts.world import TURN_FRAMES, Thing


class Physics:
    """Pieces that move, dice that tumble."""

    # measured on a live TTS: PeterPeet/Claude-TTSim-MCPServer docs/requirements.md Q8
    cocked_chance = 1 / 400

    def _move_things(self) -> None:
        moving = []
        for thing in self._live():
            if not thing.at_rest():
                moving.append(thing)
            if thing.smooth is not None:
                target, left = thing.smooth
                thing.pos = [p + (t - p) / left for p, t in zip(thing.pos, target, strict=True)]
                thing.smooth = None if left <= 1 else (target, left - 1)
                if thing.smooth is None:
                    thing.placed()
            if thing.tumbling:
                thing.tumbling -= 1
                if thing.tumbling == 0:
                    cocked = self.rng.random() < self.cocked_chance
                    tilt = self.rng.uniform(20.0, 40.0) if cocked else 0.0
                    if thing.faces:
                        face = self.rng.randrange(len(thing.faces))
                        thing.set_face(face, tilt, spin=self.rng.uniform(0.0, 360.0))
                    thing.resting = True
            if thing.turning is not None:
                face, left = thing.turning
                thing.turning = None if left <= 1 else (face, left - 1)
                if thing.turning is None:
                    thing.set_face(face)
                    thing.placed()
            elif thing.spawning:
                thing.spawning -= 1
            elif thing.settle:
                thing.settle -= 1
        self._merge(moving)

    def shake(self, color: str, guid: str, frames: int = 30) -> bool:
        """A player shakes a die or presses R over an object.

        tryObjectRandomize may veto; else a die rolls, and another object is lifted and
        turned at random (R on a ship or a token), with no onObjectDrop.

        onObjectRandomize fires repeatedly while the die is shaken (every 10 frames here).
        """
        thing = self.things[guid]
        answer = self.fire_at("-1", "tryObjectRandomize", self.handle(thing), color)
        if answer is False:
            return False
        for k in range(0, max(frames, 1), 10):
            self.fire("onObjectRandomize", self.handle(thing), color)
            if k + 10 < frames:
                self.step(10)
        if thing.faces:
            self.start_roll(thing)
        else:
            thing.pos = [thing.pos[0] + self.rng.uniform(-1, 1), thing.pos[1] + 1.0,
                         thing.pos[2] + self.rng.uniform(-1, 1)]  # fmt: skip
            thing.rot = [thing.rot[0], self.rng.uniform(0, 360), thing.rot[2]]
            thing.placed()
        return True

    def start_roll(self, thing: Thing) -> bool:
        """A die tumbles for a seeded number of frames (1 to 2.5 s), then rests on a face.

        A die that is held, smooth-moving or turning to a rotation value is not thrown.
        """
        if thing.held_by or thing.smooth is not None or thing.turning is not None:
            return False
        thing.resting = False
        thing.tilt = 0.0
        thing.tumbling = self.rng.randrange(60, 150)
        thing.thrown = self.frame
        return True


class DiceMembers:
    """The members of a die's handle."""

    _thing: Thing
    _table: Any

    # dice
    def _call_roll(self) -> bool:
        return self._table.start_roll(self._thing)

    def _call_randomize(self, color: Any = None) -> bool:
        if self._thing.faces:
            return self._table.start_roll(self._thing)
        return True

    def _call_getRotationValue(self) -> Any:
        return self._thing.face_value()

    def _call_getValue(self) -> Any:
        return self._thing.face_value() if self._thing.faces else self._thing.data.get("Value", 0)

    def _call_setRotationValue(self, value: Any) -> None:
        # "elevated (smooth moved upward), smoothly rotated ... and then released to fall back
        # into place" (api object.md): the face shows when the turn ends; until then the die
        # is not resting, and a roll does nothing.
        for i, (face, _) in enumerate(self._thing.faces):
            if str(face) == str(value):
                self._thing.turning = (i, TURN_FRAMES)
                self._thing.tumbling = 0
                return None
        return None

    def _call_getRotationValues(self) -> Any:
        return self._table.to_lua(
            [{"value": v, "rotation": self._table.vector(r)} for v, r in self._thing.faces]
        )
