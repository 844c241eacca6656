"""Liar's Dice card data: one file of game constants, read as it is by both engines."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from generator.cards.yamlfile import YamlDoc
from generator.problems import Problem

GAME = "liars"
FILES = ("game",)  # each has schemas/liars/<name>.schema.json


def face_words(docs: dict[str, YamlDoc]) -> Iterator[Problem]:
    """Every face has its words ("1 three", "2 threes"): units face1 to face<faces>."""
    game = docs["game"]
    for face in range(1, game.data["faces"] + 1):
        if f"face{face}" not in game.data["units"]:
            yield game.problem(
                "/units",
                "UNITS",
                f"no words for face {face} (faces: {game.data['faces']}): "
                f"add face{face}: {{one: ..., other: ...}}",
            )


CHECKS: list[Any] = [(("game",), face_words)]


@dataclass(frozen=True)
class LiarsData:
    """Validated Liar's Dice data: `plain` is what both engines read."""

    plain: dict[str, Any]

    def summary(self) -> str:
        """One line for `ttsmod validate`."""
        g = self.plain["game"]
        return (
            f"liars: {g['players']['min']}-{g['players']['max']} players, {g['dice']} dice "
            f"of {g['faces']} faces each"
        )


def build(docs: dict[str, YamlDoc]) -> LiarsData:
    """The typed data of validated documents."""
    return LiarsData({name: doc.data for name, doc in docs.items()})
