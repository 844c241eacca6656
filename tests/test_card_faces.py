"""The generic card renderer (generator/render/cards.py): faces drawn from a card's fields
through a layout file, deterministic, each mark where the layout puts it."""

from __future__ import annotations

import pytest

from generator.render import cards, png


def _face(rank: str, suit: str) -> object:
    return cards.face({"rank": rank, "suit": suit}, cards.layout("playing_cards"))


def _inked(image, box, color) -> int:  # pixels of `color` (within 40 each) inside `box`
    raw = image.crop(box).convert("RGB").tobytes()
    pixels = (raw[k : k + 3] for k in range(0, len(raw), 3))
    return sum(1 for p in pixels if all(abs(a - b) <= 40 for a, b in zip(p, color, strict=True)))


def test_the_same_fields_draw_the_same_bytes_and_other_fields_other_bytes() -> None:
    assert png(_face("Q", "h")) == png(_face("Q", "h"))
    assert len({png(_face(r, s)) for r in ("A", "10") for s in "cdhs"}) == 8


def test_a_suit_is_drawn_in_its_palette_colour_in_the_middle_and_both_corners() -> None:
    spec = cards.layout("playing_cards")
    red, black = (200, 16, 46), (27, 27, 27)
    middle, corner = (70, 120, 180, 230), (190, 246, 230, 286)
    heart, spade = _face("7", "h"), _face("7", "s")
    assert _inked(heart, middle, red) > 2000 and _inked(heart, middle, black) == 0
    assert _inked(spade, middle, black) > 2000 and _inked(spade, middle, red) == 0
    assert _inked(heart, corner, red) > 200  # the turned corner is drawn where its box says
    assert heart.size == tuple(spec["size"])


def test_the_back_is_one_image_for_every_card() -> None:
    spec = cards.layout("playing_cards")
    assert png(cards.back(spec)) == png(cards.back(spec)) and cards.back(spec).size == (250, 350)


def test_a_standard_deck_is_rank_major_with_labels() -> None:
    deck = cards.playing_cards(["a", "10", "q"], ["c", "h"])
    assert [c["id"] for c in deck] == ["ac", "ah", "10c", "10h", "qc", "qh"]
    assert deck[-1] == {"id": "qh", "rank": "Q", "suit": "h"}


def test_an_unknown_layout_names_the_layouts_there_are() -> None:
    with pytest.raises(ValueError, match=r"no card layout 'tarot' \(layouts: playing_cards\)"):
        cards.layout("tarot")
