"""A game's pages (generator/tts/pages.py): its notebook's Rules page and its Start panel's
text are Jinja templates in cards/<game>/pages/, their sentences in the game's catalogue."""

from __future__ import annotations

import pytest

from generator import cards, i18n
from generator.tts import pages


def _game(game):
    return cards.load(game).plain["game"]


def test_a_page_says_what_the_card_data_says():
    """Liar's Dice's rules page follows its data: ones wild and 'spot on' only when on."""
    g = _game("liars")
    both = pages.render("liars", "rules", g={**g, "ones_wild": True, "spot_on": True})
    plain = pages.render("liars", "rules", g={**g, "ones_wild": False, "spot_on": False})
    assert "Ones are wild" in both and "Spot on!" in both
    assert "Ones are wild" not in plain and "Spot on!" not in plain
    assert plain.startswith(f"Liar's Dice: {g['players']['min']} to {g['players']['max']} players")
    # the sentences follow on, one paragraph
    assert "(more dice, or as many of a higher face). Instead of raising" in plain


def test_a_game_without_a_start_page_has_the_frameworks():
    g = _game("gofish")
    text = pages.render("gofish", "start", g=g)
    assert text.startswith(f"Sit at a seat ({', '.join(g['seat_colors'])}): ")


def test_the_pages_speak_the_language_built(tmp_path):
    words = i18n.translator("liars", "ja")
    with i18n.speaking(words):
        text = pages.notebook("liars", "abc", g=_game("liars"))
    assert "ビッド" in text and "ttsmod" in text and "Each round" not in text


def test_a_pages_sentences_are_in_its_catalogue_where_they_are_written():
    found = i18n.extract("liars")
    (where,) = found[" Ones are wild: they count as any face, unless the bid is of ones."]
    assert where.file == "cards/liars/pages/rules.j2" and where.line > 1
    assert any(w.file == "generator/tts/pages/start.j2" for w in i18n.extract("ttsmod").get(
        "Sit at a seat ({colors}): {low} to {high} players, or add bots in the Bots panel. The "
        "host (or a promoted player) presses Start.", []))  # fmt: skip


def test_a_value_a_page_asks_for_and_is_not_given_is_named_with_its_line(tmp_path, monkeypatch):
    (tmp_path / "rules.j2").write_text('{{ _("Hello.") }}\n{{ _("{n} dice", n=g.dice) }}\n',
                                       encoding="utf-8")  # fmt: skip
    monkeypatch.setattr(pages, "folder", lambda game: tmp_path)
    with pytest.raises(pages.PageError) as err:
        pages.render("a-new-game", "rules", g={})
    assert err.value.line == 2 and err.value.file.endswith("rules.j2") and "dice" in err.value.why
    (tmp_path / "start.j2").write_text("{{ _('x' }}\n", encoding="utf-8")
    with pytest.raises(pages.PageError) as bad:
        pages.render("a-new-game", "start", g={})
    assert bad.value.line == 1 and bad.value.file.endswith("start.j2")
