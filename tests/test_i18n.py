# ruff: noqa: RUF001, RUF002 (Japanese punctuation is meant)
"""The players' words in other languages (issue 38): marked literals found and translated in
place, catalogues kept in step with the code, and a build that refuses an untranslated string.
"""

from __future__ import annotations

import pytest

from generator.i18n.lua import LiteralError, marked, translated


def test_marked_literals_are_found_with_their_lines_and_nothing_else():
    source = (
        'local tr = require("lib.tr")\n'
        '-- tr("not this: a comment")\n'
        'local a = tr("Roll {n} dice", { n = 4 }) .. " plain"\n'
        'local b = x.tr("a field") .. tr("Start")\n'
        'local c = [[tr("in a long string")]]\n'
        'local d = tr("He said \\"go\\"\\n")\n'
    )
    found = [(m.text, m.line) for m in marked(source)]
    assert found == [("Roll {n} dice", 3), ("Start", 4), ('He said "go"\n', 6)]


@pytest.mark.parametrize(
    "source",
    [
        "local a = tr(words)\n",  # the catalogue cannot see a variable
        'local a = tr("Roll " .. n .. " dice")\n',  # nor a joined string
        "local a = tr('single')\n",
    ],
)
def test_a_marked_string_the_catalogue_cannot_see_is_refused_with_its_line(source):
    with pytest.raises(LiteralError) as caught:
        marked("\n" + source)
    assert caught.value.line == 2


def test_translation_replaces_each_literal_on_its_own_line():
    source = 'x = tr("Start")\ny = tr("Roll {n} dice", { n = 4 })\nz = "Start"\n'
    words = {"Start": "スタート", "Roll {n} dice": "ダイスを{n}個振る\\"}
    out = translated(source, words.__getitem__)
    assert out.count("\n") == source.count("\n")
    assert out.splitlines() == [
        'x = tr("スタート")',
        'y = tr("ダイスを{n}個振る\\092", { n = 4 })',
        'z = "Start"',
    ]


# --- the catalogues and the build ------------------------------------------------------------

import json  # noqa: E402
import re  # noqa: E402

from generator import cards, games, i18n  # noqa: E402
from generator.build import BuildError, build  # noqa: E402


@pytest.mark.parametrize("domain", i18n.domains())
def test_every_catalogue_is_in_step_with_the_code_and_wholly_translated(domain):
    """`ttsmod i18n update` has been run, and every language translates every string: a new
    English string with no Japanese entry fails here."""
    from babel.messages import pofile

    marked_now = set(i18n.extract(domain))
    template = pofile.read_po((i18n.folder(domain) / f"{domain}.pot").open("rb"))
    assert {m.id for m in template if m.id} == marked_now, "run `ttsmod i18n update`"
    for lang in i18n.languages():
        po = pofile.read_po((i18n.folder(domain) / f"{lang}.po").open("rb"))
        assert {m.id for m in po if m.id} == marked_now, "run `ttsmod i18n update`"
        assert not [m.id for m in po if m.id and m.fuzzy], f"fuzzy entries in {lang}.po"
        if lang in i18n.declared(domain):  # a game is held whole in the languages it declares
            assert i18n.missing(domain, lang) == []
            assert i18n.off_glossary(domain, lang) == []  # one word for each term


def test_a_second_translation_of_a_term_is_named_where_it_is(tmp_path, monkeypatch):
    """The glossary gives 'step' one Japanese word, マス: a planted ステップ in Galaxies'
    catalogue is named with its line, the word asked for and the English; a term's other
    meanings ('in turn') and the names in placeholders ask for nothing."""
    from generator.i18n import glossary

    terms = glossary.load("ja")
    step = ("orbiting {planet}, step {step}", "{planet}の軌道、{step}マス目")
    assert glossary.breaks(terms, *step) == []
    assert glossary.breaks(terms, "Bases are chosen in turn.", "基地を順番に選ぶ。") == []
    assert glossary.breaks(terms, "Gain {energy}.", "{energy}を得る。") == []
    (term,) = glossary.breaks(terms, "it is {player}'s turn", "{player}の番です")
    assert term.word == "ターン"
    po = (i18n.folder("teg") / "ja.po").read_text(encoding="utf-8")
    planted = po.replace("{step}マス目に進む", "ステップ{step}に進む", 1)
    assert planted != po, "the entry to plant the word in has changed"
    (tmp_path / "ja.po").write_text(planted, encoding="utf-8")
    monkeypatch.setattr(i18n, "folder", lambda domain: tmp_path)
    (found,) = i18n.off_glossary("teg", "ja")
    line = planted[: planted.index("ステップ{step}に進む")].count("\n") + 1
    assert found.file.endswith("ja.po") and found.line in (line, line - 1, line - 2)
    assert "lacks マス" in found.message and '"step"' in found.message
    assert "ship {n} advances to step {step} on {planet}" in found.message


def test_a_glossary_that_breaks_its_schema_is_named_with_its_entry(tmp_path, monkeypatch):
    from generator.i18n import glossary

    (tmp_path / "ja.yaml").write_text("- {en: [ship], word: 船}\n- {en: [], word: 惑星}\n",
                                      encoding="utf-8")  # fmt: skip
    monkeypatch.setattr(glossary, "FOLDER", tmp_path)
    (problem,) = i18n.off_glossary("teg", "ja")
    assert "entry 1/en" in problem.message and "ja.yaml" in problem.file


def test_each_translation_keeps_the_placeholders_of_its_english():
    import re

    for domain in i18n.domains():
        for lang in i18n.languages():
            for english, words in i18n.words(domain, lang).items():
                names = sorted(re.findall(r"{(\w+)}", english))
                assert sorted(re.findall(r"{(\w+)}", words)) == names, (domain, english)


def test_a_string_with_no_translation_stops_the_build_where_it_is_written(tmp_path, monkeypatch):
    real = i18n.words

    def lacking(domain, lang):
        found = dict(real(domain, lang))
        found.pop("Not possible: {why}", None)
        return found

    monkeypatch.setattr(i18n, "words", lacking)
    with pytest.raises(BuildError) as caught:
        build("liars", tmp_path, lang="ja")
    assert caught.value.stage == "the ja words"
    where = [(p.file, p.message) for p in caught.value.problems]
    assert len(where) == 1 and where[0][0] == "lua/glue/clicks.lua"
    assert (
        where[0][1] == 'no ja words for "Not possible: {why}": give its msgstr in cards/i18n/ja.po'
    )

    assert not (tmp_path / "liars-ja").exists()


def test_an_unknown_language_is_named_with_the_known_ones(tmp_path):
    with pytest.raises(BuildError) as caught:
        build("liars", tmp_path, lang="xx")
    assert "no translation to 'xx' (languages: en, ja)" in caught.value.problems[0].message


def test_a_japanese_table_plays_whole_games_beside_the_english_build(tmp_path):
    """`ttsmod build liars --lang ja` writes build/liars-ja/ (the English build untouched);
    its Lua carries the Japanese words only, and whole games play at it as at the English
    table, each colour's own entries marked in Japanese."""
    english = build("liars", tmp_path)
    before = {p: p.read_bytes() for p in english.folder.rglob("*") if p.is_file()}
    built = build("liars", tmp_path, lang="ja")
    assert built.folder.name == "liars-ja" and built.save_name == "LiarsDice-ja"
    assert {p: p.read_bytes() for p in english.folder.rglob("*") if p.is_file()} == before
    save = json.loads((built.folder / "LiarsDice-ja.json").read_text(encoding="utf-8"))
    assert save["SaveName"] == "ライアーズダイス (日本語)"
    script = save["LuaScript"]
    assert 'tr("できません：{why}"' in script and 'tr("Not possible: {why}"' not in script
    again = build("liars", tmp_path / "again", lang="ja")
    assert (again.folder / "LiarsDice-ja.json").read_bytes() == (
        built.folder / "LiarsDice-ja.json"
    ).read_bytes()
    rules = games.get("liars")
    words = i18n.translator("liars", "ja")
    # the Python twin speaks Japanese too: its card data's words, its labels
    engine = rules.engine(i18n.translate_cards(cards.validate("liars"), words).data)
    run = rules.build_parts().playtest.run
    with i18n.speaking(words):
        result = next(iter(run(engine, save, 1, 3, 2, "mixed", count=False)))
    assert result.problem is None
    assert any("［Redのみ］" in line for line in result.logs["Red"].splitlines())
    assert "［Redのみ］" not in result.logs["Blue"]


def test_playtest_in_japanese_builds_that_table_and_checks_its_story_in_japanese(
    cli, build_dir, tmp_path
):
    """`ttsmod playtest liars --lang ja`: the Japanese build (made when missing), whole games
    at it, and each colour's log compared, word for word, with the story told in Japanese."""
    logs = tmp_path / "logs"
    run = cli("playtest", "liars", "--games", "1", "--players", "2", "--lang", "ja",
              "--logs", str(logs))  # fmt: skip
    assert run.code == 0, run
    assert (build_dir / "liars-ja" / "LiarsDice-ja.json").is_file()
    assert not (build_dir / "liars").exists()
    red = (logs / "game-0001-Red.log").read_text(encoding="utf-8")
    assert "［Redのみ］" in red


def test_playtest_ui_lang_plays_the_build_whose_table_speaks_it(cli, build_dir, tmp_path):
    """`ttsmod playtest liars --ui-lang ja`: the build with English cards and a Japanese
    table (build/liars-en-ui-ja), its log and what is seen checked in Japanese."""
    logs = tmp_path / "logs"
    run = cli("playtest", "liars", "--games", "1", "--players", "2", "--ui-lang", "ja",
              "--logs", str(logs), "--secrets-every", "10")  # fmt: skip
    assert run.code == 0, run
    assert (build_dir / "liars-en-ui-ja").is_dir() and not (build_dir / "liars-ja").exists()
    assert "［Redのみ］" in (logs / "game-0001-Red.log").read_text(encoding="utf-8")


def test_the_text_probe_shows_every_surface_numbered_and_every_character(cli, build_dir):
    """`ttsmod probe-text --lang ja`: each of the ten surfaces carries its number and the
    sample; the long ones every character the Japanese catalogues use; its scripts run."""
    from generator.harness.tts.emulator import Table
    from generator.tts.probe import SURFACES, characters

    run = cli("probe-text", "--lang", "ja")
    assert run.code == 0, run
    path = build_dir / "probe-text-ja" / "ProbeText-ja.json"
    save = json.loads(path.read_text(encoding="utf-8"))
    every = characters("ja")
    assert "ゲ" in every and "。" in every and not any(ord(c) < 0x7F for c in every)
    text = json.dumps(save, ensure_ascii=False)
    for k, surface in enumerate(SURFACES, 1):
        assert f"{k}. {surface}: ゲームを始める" in text, surface
    assert every.replace("\n", "")[:40] in save["XmlUI"] and every[:40] in save["Note"]
    t = Table.load(save, seed=1)
    t.step()
    said = [message for _, _, message in t.chat]
    assert any(m.startswith("7. chat") for m in said) and any(
        m.startswith("8. broadcast") for m in said
    )
    assert cli("probe-text", "--lang", "xx").code == 2


def test_a_japanese_build_draws_its_images_in_a_typeface_that_has_the_characters(tmp_path):
    """Mechs' weapon cards say their cost in the card data's unit words ("クレジット"):
    Source Sans Pro has no such glyph (the build would stop there), so a Japanese build
    draws in Noto Sans CJK JP, and its images are never the English build's, reused."""
    from generator.render.draw import language_font, missing_glyphs

    assert (
        missing_glyphs("クレジット2") != []
        and missing_glyphs("クレジット2", language_font("ja")) == []
    )
    english = build("tem", tmp_path)
    built = build("tem", tmp_path, lang="ja")
    assert built.images_drawn > 0  # (nothing of the English build's cache reused)
    manifest = json.loads((built.folder / "build.json").read_text(encoding="utf-8"))
    assert manifest["lang"] == "ja" and manifest["font"].endswith("NotoSansCJKjp-Regular.otf")
    assert english.folder.name == "tem" and built.folder.name == "tem-ja"

    # the fallback (docs/i18n.md): Japanese cards at a table that speaks English
    fallback = build("tem", tmp_path, lang="ja", ui_lang="en")
    assert fallback.folder.name == "tem-ja-ui-en" and fallback.images_drawn == 0
    assets = {p: sorted((b.folder / "assets").iterdir()) for p, b in
              (("ja", built), ("en", english), ("fallback", fallback))}  # fmt: skip
    names = [[p.name for p in a] for a in assets.values()]
    assert names[2] == names[0] != names[1]  # the Japanese build's images, not the English
    save = json.loads((fallback.folder / f"{fallback.save_name}.json").read_text("utf-8"))
    japanese = re.compile("[\u3040-\u30ff\u4e00-\u9fff]")
    said = [save["XmlUI"], json.dumps(save["TabStates"], ensure_ascii=False)]
    said += [o["Nickname"] for o in save["ObjectStates"]]
    assert not [s for s in said if japanese.search(s)]
    lua = "\n".join(line for line in save["LuaScript"].splitlines() if "--" not in line)
    assert not japanese.search(lua)
    assert save["SaveName"] == "Tiny Epic Mechs (日本語, UI: English)"


def test_the_secrets_check_finds_a_secret_leaked_in_japanese(tmp_path):
    """The status line of the Japanese table planted to tell the bidder's dice: every colour
    reads them, and the check says so; a colour's own "［Redのみ］" lines stay its own."""
    import re

    built = build("liars", tmp_path, lang="ja")
    save = json.loads((built.folder / "LiarsDice-ja.json").read_text(encoding="utf-8"))
    said = i18n.words("liars", "ja")[
        "Round {round}, {dice} on the table. Bid: {bid}. {player} raises or calls."
    ]
    line = f'return tr("{said}", v)'
    assert save["LuaScript"].count(line) == 1
    leaky = {**save, "LuaScript": save["LuaScript"].replace(
        line, line[:-1] + ") .. tostring(W.own(ctx, s.active))")}  # fmt: skip
    words = i18n.translator("liars", "ja")
    rules = games.get("liars")
    engine = rules.engine(i18n.translate_cards(cards.validate("liars"), words).data)
    run = rules.build_parts().playtest.run
    with i18n.speaking(words):
        honest = next(iter(run(engine, save, 1, 3, 1, "mixed", count=False)))
        leaked = next(iter(run(engine, leaky, 1, 3, 1, "mixed", count=False)))
    assert honest.problem is None, honest.problem
    assert leaked.problem is not None and re.search(r"can read \w+'s secret dice", leaked.problem)


@pytest.mark.parametrize("game", ["teg", "tem"])
def test_both_engines_offer_the_same_labels_in_japanese(game):
    """`crosscheck --lang ja`: the Lua core built in Japanese and the Python engine speaking
    it offer the same options, labelled alike, at every decision of whole games; and the
    labels are Japanese (the first decision's differ from the English build's)."""
    from generator import cards, games, i18n
    from generator.harness.crosscheck import Pair, crosscheck
    from generator.harness.lua_engine import LuaEngine
    from generator.luabuild.scripts import generated_modules

    rules = games.get(game)
    report = cards.validate(cards.resolve(game)[1], game)
    words = i18n.translator(game, "ja")
    spoken = i18n.translate_cards(report, words)
    data = generated_modules(game, spoken.documents)[f"{game}.data"]
    pair = Pair(rules.engine(spoken.data), LuaEngine({f"{game}.data": data}, seed=3, game=game,
                words=words), game=game)  # fmt: skip
    with i18n.speaking(words):
        played = list(crosscheck(pair, 1, 5, [3], ["random"]))
        ja = pair.python.choices(pair.python.new_game(played[0].record["setup"]), [])
    assert [r.divergence.describe() for r in played if r.divergence] == []
    en_engine = rules.engine()
    en = en_engine.choices(en_engine.new_game(played[0].record["setup"]), [])
    ja_labels = {o["id"]: o["label"] for o in ja["decision"]["options"]}
    en_labels = {o["id"]: o["label"] for o in en["decision"]["options"]}
    assert ja_labels.keys() == en_labels.keys()
    assert all(ja_labels[k] != en_labels[k] for k in ja_labels), (ja_labels, en_labels)


def test_japanese_text_breaks_between_characters_and_never_before_closing_punctuation():
    """Japanese writes no spaces: a card text breaks between any two characters, but no line
    starts with 、。」 or a small kana and none ends with 「; Latin text still breaks at spaces."""
    from generator.render.draw import font, language_font, wrap

    face = font(30, language_font("ja"))
    text = "各船につき、カルチャーを1獲得する。「カルチャー」の惑星にいる自分の船ごとに獲得します。"
    for width in range(120, 520, 23):
        lines = wrap(text, face, width)
        assert "".join(lines) == text
        assert len(lines) > 1 or face.getlength(text) <= width
        assert all(face.getlength(line) <= width for line in lines), (width, lines)
        assert not any(line[0] in "、。」ゃっ" for line in lines), lines
        assert not any(line[-1] == "「" for line in lines), lines
    english = wrap("Gain 1 culture for each of your ships at a culture planet.", face, 300)
    assert " ".join(english) == "Gain 1 culture for each of your ships at a culture planet."
    assert all(" " not in (line[0], line[-1]) for line in english)


def test_japanese_lines_break_between_budoux_phrases_in_every_catalogue_string():
    """Issue 60: a Japanese line breaks where BudouX (Google's phrase segmenter) ends a
    phrase, so no word is cut ("クレ/ジット") and no line is one lone character; inside a
    phrase only when the phrase alone is wider than the line."""
    import budoux

    from generator.render.draw import font, language_font, wrap

    parse = budoux.load_default_japanese_parser().parse
    face = font(28, language_font("ja"))
    texts = {
        t
        for game in ("teg", "tem")
        for t in i18n.words(game, "ja").values()
        if len(t) > 24 and "\n" not in t and "{" not in t
    }
    assert len(texts) > 50
    checked = 0
    for text in sorted(texts):
        spans, at = [], 0
        for phrase in parse(text):
            spans.append((at, at + len(phrase)))
            at += len(phrase)
        ends = {e for _, e in spans}
        for width in (260, 420):
            lines = wrap(text, face, width)
            assert "".join(lines).replace(" ", "") == text.replace(" ", ""), lines
            at = 0
            for line in lines[:-1]:
                at = text.index(line, at) + len(line)
                spaced = text[at : at + 1] == " "  # Latin words in it break at spaces
                after_mark = text[at - 1] in "・＋、。：）」"  # a phrase's own end
                if at in ends or spaced or after_mark:
                    checked += 1
                    continue
                start, end = next((x, y) for x, y in spans if x < at < y)
                assert face.getlength(text[start:end]) > width, (text, lines)  # wider: cut
            assert len(lines) == 1 or len(lines[-1]) > 1, (text, lines)
    assert checked > 100


def test_english_left_on_a_japanese_table_is_named_with_its_surface(tmp_path):
    """The seen-text check (harness.seen): at the Japanese Liar's Dice table, Latin words are
    only colours, VP, KO and the cards' names; an English word planted in a bid's question is
    named with the panel that shows it and the chat that tells it."""
    from generator.games import get
    from generator.harness import seen

    built = build("liars", tmp_path, lang="ja")
    save = built.read_save()
    words = i18n.translator("liars", "ja")
    report = i18n.translate_cards(cards.validate("liars"), words)
    engine = get("liars").engine(report.data)
    ok = seen.allowed(seen.names_in(report.documents))
    play = get("liars").build_parts().playtest
    with i18n.speaking(words), seen.reading(ok):
        clean = play.play_game(engine, save, 3, 1, 1)
        assert clean.problem is None and clean.foreign == {}, clean.foreign
        marker = "ラウンド{round}"
        assert save["LuaScript"].count(marker) >= 1
        leaky = {**save, "LuaScript": save["LuaScript"].replace(marker, "Round {round}", 1)}
        found = play.play_game(engine, leaky, 3, 1, 1).foreign
    assert {("UI #seat:*:title", "Round"), ("chat", "Round")} <= set(found), sorted(found)


def test_an_ascii_mark_in_japanese_text_is_named_where_japanese_writes_its_own():
    """「ラウンド1/6. Redが」 and 「ゾーン13（ラウンド 4 + 5 + 4）」 are named (。＋ are
    Japanese's); English text, a number's point and an ellipsis are not."""
    from generator.harness import seen

    said = [("UI #status", "ラウンド1/6. Redが選んでいます。"),
            ("chat", "Round 1/6. Red chooses."),
            ("log", "ダイス1.5倍…待っています..."),
            ("log of Red", "ゾーン13（ラウンド 4 + 5 + 4）"),
            ("UI #board", "1位 Red：26＋13＝VP39")]  # fmt: skip
    found = [(f.surface, f.word) for f in seen.marks(said)]
    assert found == [("UI #status", "."), ("log of Red", "+"), ("log of Red", "+")]


def test_words_a_player_would_read_unmarked_are_named_with_their_line():
    """`ttsmod i18n check` reads the code too: a literal the table says or names an object
    with, not in tr(...), is named (none in the tree: the check passes on it)."""
    from generator.i18n import unmarked

    lua = ('local T = {}\nT.say("Everyone is ready.")\nT.say(tr("Fine"))\n'
           'local x = { text = "Round " .. n, label = "Red" }\n'
           'obj.setName(busy and "Red hand" or tr("x"))\nsay(s, "equip", p.color)\n')  # fmt: skip
    assert list(unmarked.in_lua(lua)) == [(2, "Everyone is ready."), (4, "Round "),
                                          (5, "Red hand")]  # fmt: skip
    python = 'O.card(nickname="Planet deck", description=tr("Deck"), name=f"{c} hand")\n'
    assert list(unmarked.in_python(python)) == [(1, "Planet deck"), (1, "Name hand")]
    assert i18n.unmarked_literals() == []


def test_a_japanese_log_entry_in_the_polite_form_is_named():
    """The log is told in the plain form (振った); panels and refusals may be polite."""
    from generator.harness import seen

    logs = {"Red": "Redはダイス4個を振った。\nBlueが「4が2個」とビッドしました。\nRound 1 starts.",
            "Grey": "実際は3が8個（1も数えます）。"}  # fmt: skip
    found = [(f.surface, f.word) for f in seen.polite(logs)]
    assert found == [("log of Red", "ました"), ("log of Grey", "ます")]
