"""Render every image of the Tiny Epic Galaxies mod (cached by what each is drawn from)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from PIL import Image

from generator.games.teg.cards import TegData
from generator.games.teg.render import components as C
from generator.games.teg.render.features import control_features, mat_features, planet_features
from generator.render import Assets, Cache, RenderError, Sheet, TextProblem, plain, sheet_name
from generator.render import png_size as _png_size
from generator.render.draw import TextFitError
from generator.render.features import Features


def render(
    data: TegData,
    cache: Cache,
    font_path: str | None = None,
    step: Callable[[str], None] = lambda name: None,
) -> Assets:
    """Render every image of the mod. `step(name)` is called after each one (for progress).

    Raises RenderError listing every text that does not fit its box.
    """
    files: dict[str, bytes] = {}
    sizes: dict[str, tuple[int, int]] = {}
    problems: list[TextProblem] = []

    def keep(name: str, key: Any, draw: Callable[[], Image.Image], where: tuple[str, str]) -> None:
        drawn = cache.drawn
        try:
            files[name] = cache.png([key, font_path], draw)
            if cache.drawn > drawn:
                cache.files_drawn += 1
            else:
                cache.files_reused += 1
        except TextFitError as err:
            problems.append(TextProblem(*where, str(err)))
            return
        except _CardTextErrors as err:
            problems.extend(err.problems)
            return
        sizes[name] = _png_size(files[name])
        step(name)

    sheets: dict[str, tuple[Sheet, ...]] = {}
    for kind, cards, draw_card in (
        ("planets", data.planets, partial(C.planet_card, data=data)),
        ("missions", data.missions, C.mission_card),
    ):
        back_kind = "planet" if kind == "planets" else "mission"
        back_key = [["back", back_kind, data.rules.name], font_path]
        keep(
            f"{back_kind}_back.png",
            back_key[0],
            lambda k=back_kind: C.card_back(k, data.rules.name, font_path),
            ("game", "/name"),
        )
        found = []
        for number, first in enumerate(range(0, len(cards), C.SHEET_CARDS), start=1):
            chunk = list(cards[first : first + C.SHEET_CARDS])
            # a planet is drawn with the game's unit words and face names too
            words = [plain(data.rules.units), plain(data.faces)] if kind == "planets" else []
            card_keys = [[[kind, plain(c), *words], font_path] for c in chunk]
            pointers = [f"/{kind}/{first + i}" for i in range(len(chunk))]
            compose = partial(
                _compose,
                cache,
                chunk,
                pointers,
                kind,
                draw_card,
                card_keys,
                back_kind,
                back_key,
                font_path,
            )
            name = sheet_name(kind, number)
            keep(name, ["sheet", card_keys, back_key], compose, (kind, f"/{kind}"))
            columns, rows = C.grid(len(chunk))
            found.append(
                Sheet(name, f"{back_kind}_back.png", columns, rows, tuple(c.id for c in chunk))
            )
        sheets[kind] = tuple(found)
    mat_inputs = [plain(data.levels), plain(data.rules)]
    for index, color in enumerate(data.rules.seat_colors):
        keep(
            f"mat_{color}.png",
            ["mat", color, mat_inputs],
            lambda c=color: C.galaxy_mat(c, data, font_path),
            ("game", f"/seat_colors/{index}"),
        )
        keep(
            f"ship_{color}.png",
            ["ship", color],
            lambda c=color: C.ship(c),
            ("game", f"/seat_colors/{index}"),
        )
    keep(
        "control_mat.png",
        ["control", data.dice_count],
        lambda: C.control_mat(data, font_path),
        ("dice", "/count"),
    )
    keep(
        "dice.png",
        ["dice", plain(data.faces)],
        lambda: C.dice_texture(data, font_path),
        ("dice", "/faces"),
    )
    for kind in ("energy", "culture", "empire"):
        keep(
            f"token_{kind}.png",
            ["token", kind],
            lambda k=kind: C.token(k, font_path),
            ("game", "/resources"),
        )
    try:
        thumbnail = cache.png(
            [["thumbnail", data.rules.name], font_path], lambda: C.thumbnail(data, font_path)
        )
    except TextFitError as err:
        problems.append(TextProblem("game", "/name", str(err)))
    if problems:
        raise RenderError(problems)
    features: dict[str, Features] = {
        "mat": mat_features(data),
        "control_mat.png": control_features(data),
        **{f"planet:{p.id}": planet_features(p) for p in data.planets},
    }
    return Assets(files, sheets, sizes, thumbnail, features)


class _CardTextErrors(Exception):
    def __init__(self, problems: list[TextProblem]) -> None:
        super().__init__(f"{len(problems)} card(s) with text that does not fit")
        self.problems = problems


def _compose(
    cache: Cache,
    cards: list[Any],
    pointers: list[str],
    kind: str,
    draw_card: Callable[..., Image.Image],
    card_keys: list[Any],
    back_kind: str,
    back_key: Any,
    font_path: str | None,
) -> Image.Image:
    faces = []
    problems = []
    for key, card, ptr in zip(card_keys, cards, pointers, strict=True):
        try:
            faces.append(cache.image(key, partial(draw_card, card, font_path)))
        except TextFitError as err:
            # Name the field whose text it is, so the message points at the line to shorten.
            field = next((f for f in ("name", "text") if getattr(card, f) == err.text), None)
            problems.append(TextProblem(kind, f"{ptr}/{field}" if field else ptr, str(err)))
    if problems:
        raise _CardTextErrors(problems)
    # the back is kept under back_key by render(); drawn here only if it is not (the
    # game's name is the key's third part)
    back = cache.image(back_key, partial(C.card_back, back_kind, back_key[0][2], font_path))
    return C.sheet(faces, back)[0]


def expected_steps(data: TegData) -> int:
    """How many images render() makes (for a progress bar)."""
    sheets = sum(-(-len(cards) // C.SHEET_CARDS) for cards in (data.planets, data.missions))
    return sheets + 2 + 2 * len(data.rules.seat_colors) + 2 + 3
