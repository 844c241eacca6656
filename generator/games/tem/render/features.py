"""Where each Tiny Epic Mechs image's features are, in image pixels.

The drawing code (components.py) draws every track space, program slot and arena cell at the
rectangle these functions give, and the layout (generator.games.tem.tts) places every token, card
and snap point through the same rectangles. Names: `health:3` is the health track's space
for 3, `program:1` the first program slot, `vp:12` the score track's space for 12,
`round:2` the round track's second space, `cell:r2c3` an arena cell.
"""

from __future__ import annotations

from typing import Any

from generator.render.features import Features, Rect

CARD = (400, 560)  # 5:7, the size every card is drawn at
MAT = (2000, 1000)  # a player's board: program slots, pilot slot, health/energy/credits
SCORE = (1600, 700)  # the score track and the round track
TOKEN = 200  # token images are square
CELL = 300  # an arena cell's side on the arena mat, in pixels
SLOT = (268, 375)  # a card slot on a board: a card's shape
VP_COLUMNS = 20


def tracks(plain: dict[str, Any]) -> dict[str, int]:
    """Each track of a player's board and its highest space."""
    game = plain["game"]
    health = max(
        [game["statuses"]["armor"]["health"], game["statuses"]["mech"]["health"]]
        + [p["health"] for p in plain["pilots"]]
    )
    return {"health": health, "energy": game["resource_cap"], "credits": game["resource_cap"]}


def mat_features(plain: dict[str, Any]) -> Features:
    """A player's board: the program slots, the pilot and Mech slots, three tracks.

    Names: `title`; `program:<k>`, `pilot`, `mech` (card slots) and `<slot>:label` inside each;
    `<track>:label` and `<track>:<v>` for health, energy and credits. The tracks share one
    pitch, so that health 3 stands above energy 3 and credits 3.
    """
    out: Features = {"title": Rect(40, 20, 1160, 80)}
    slots = [f"program:{k + 1}" for k in range(plain["game"]["program_cards"])]
    for k, name in enumerate(slots):
        x0 = 40 + k * (SLOT[0] + 24)
        out[name] = Rect(x0, 100, x0 + SLOT[0], 100 + SLOT[1])
    out["pilot"] = Rect(1300, 100, 1300 + SLOT[0], 100 + SLOT[1])
    out["mech"] = Rect(1300 + SLOT[0] + 40, 100, 1300 + 2 * SLOT[0] + 40, 100 + SLOT[1])
    for name in [*slots, "pilot", "mech"]:
        r = out[name]
        out[f"{name}:label"] = Rect(r.x0, r.y1 - 60, r.x1, r.y1 - 10)
    spaces = max(tracks(plain).values()) + 1
    step = (MAT[0] - 300) / spaces
    for row, (name, top) in enumerate(tracks(plain).items()):
        cy = 560 + row * 150
        out[f"{name}:label"] = Rect(40, cy - 50, 240, cy + 50)
        for v in range(top + 1):
            cx = 260 + step * (v + 0.5)
            out[f"{name}:{v}"] = Rect(cx - 36, cy - 36, cx + 36, cy + 36)
    return out


def vp_top(plain: dict[str, Any]) -> int:
    """The score track's highest space (a score past it wraps round: the board says +N)."""
    return 2 * VP_COLUMNS - 1


def score_features(plain: dict[str, Any]) -> Features:
    """The score card: VP 0..vp_top in two rows, then the round track."""
    out: Features = {"title": Rect(40, 16, SCORE[0] - 40, 76)}
    step = (SCORE[0] - 80) / VP_COLUMNS
    for v in range(vp_top(plain) + 1):
        row, col = divmod(v, VP_COLUMNS)
        x0 = 40 + col * step
        y0 = 100 + row * 170
        out[f"vp:{v}"] = Rect(x0 + 4, y0, x0 + step - 4, y0 + 150)
    rounds = plain["game"]["rounds"]
    step = (SCORE[0] - 80) / rounds
    for r in range(1, rounds + 1):
        x0 = 40 + (r - 1) * step
        out[f"round:{r}"] = Rect(x0 + 10, 470, x0 + step - 10, 670)
    return out


def arena_size(plain: dict[str, Any]) -> tuple[int, int]:
    """(rows, columns) of the largest arena layout: the arena mat's grid."""
    rows = max(len(la["rows"]) for la in plain["layouts"])
    cols = max(len(r) for la in plain["layouts"] for r in la["rows"])
    return rows, cols


def arena_features(plain: dict[str, Any]) -> Features:
    """The arena mat: one cell per grid square (north at the image's top)."""
    rows, cols = arena_size(plain)
    out: Features = {}
    for r in range(rows):
        for c in range(cols):
            x0, y0 = 60 + c * CELL, 60 + r * CELL
            out[f"cell:r{r + 1}c{c + 1}"] = Rect(x0 + 8, y0 + 8, x0 + CELL - 8, y0 + CELL - 8)
    return out


def arena_pixels(plain: dict[str, Any]) -> tuple[int, int]:
    """The arena mat's size: the grid and a margin for the compass letters."""
    rows, cols = arena_size(plain)
    return 120 + cols * CELL, 120 + rows * CELL
