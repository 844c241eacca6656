# ruff: noqa: RUF001 (Japanese punctuation is meant)
"""A translation catalogue is a modder's input: no slip in it runs code, breaks a save or
ends in a traceback. Each case breaks one `.po` of a project copy (tests/chaos.py) and runs
the commands that read it: one line per problem naming the file and line, exit 2, nothing
written. And `--lang` is checked alike by every command.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from chaos import project_copy, ttsmod

from generator import i18n
from generator.i18n import po

FRAMEWORK_PO = "cards/i18n/ja.po"
LIARS_PO = "cards/liars/i18n/ja.po"


def _line_of(root: Path, file: str, text: str) -> int:
    lines = (root / file).read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if line == text)


def _edit(root: Path, file: str, old: str, new: str) -> None:
    path = root / file
    text = path.read_text(encoding="utf-8")
    assert old in text, (file, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


# a msgstr that must not pass: (file, its msgid line, the msgstr line, the new msgstr, said)
MSGSTRS = {
    "an attribute field": (FRAMEWORK_PO, 'msgid "{color}: no bot"', 'msgstr "{color}：ボットなし"',
                           'msgstr "{color.__class__.__mro__}"', "lacks {color}"),
    "a misspelt placeholder": (FRAMEWORK_PO, 'msgid "{color}: no bot"',
                               'msgstr "{color}：ボットなし"', 'msgstr "{colour}：ボットなし"',
                               "has {colour}, which its msgid has not"),
    "an opened placeholder": (FRAMEWORK_PO, 'msgid "{color}: no bot"',
                              'msgstr "{color}：ボットなし"', 'msgstr "{color：ボットなし"',
                              "lacks {color}"),
    "a numbered placeholder": (FRAMEWORK_PO, 'msgid "{color}: no bot"',
                               'msgstr "{color}：ボットなし"', 'msgstr "{0}：ボットなし"',
                               "has {0}, which its msgid has not"),
    "a control character": (FRAMEWORK_PO, 'msgid "{color}: no bot"',
                            'msgstr "{color}：ボットなし"', 'msgstr "{color}：\x00ボットなし"',
                            "holds the control character U+0000"),
    "placeholders dropped in a game's words": (
        LIARS_PO, 'msgid "{player} bids {bid}."', 'msgstr "{player}が「{bid}」とビッドした。"',
        'msgstr "ビッドした。"', "lacks {bid}, {player}"),
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(MSGSTRS))
def test_a_msgstr_that_does_not_fit_its_msgid_stops_build_and_check(tmp_path, case):
    file, msgid, old, new, said = MSGSTRS[case]
    root = project_copy(tmp_path)
    line = _line_of(root, file, msgid)
    _edit(root, file, f"{msgid}\n{old}\n", f"{msgid}\n{new}\n")
    built = ttsmod(root, "build", "liars", "--lang", "ja")
    assert built.returncode == 2 and "Traceback" not in built.stderr, built.stderr
    assert re.search(
        rf"^{re.escape(file)}:{line}(:\d+)?: .*{re.escape(said)}", built.stdout, re.M
    ), built.stdout
    assert not (root / "build" / "liars-ja").exists()
    checked = ttsmod(root, "i18n", "check")
    assert checked.returncode == 2, checked.stdout
    assert re.search(rf"^{re.escape(file)}:{line}(:\d+)?: ", checked.stdout, re.M), checked.stdout
    assert "Traceback" not in checked.stderr


# a catalogue that cannot be read at all: (break it, the line named, said)
FILES = {
    "invalid UTF-8": (lambda t: t.replace(b'msgstr "{color}', b'msgstr "\xff{color}', 1),
                      "not UTF-8: byte 0xFF here"),
    "a syntax error": (lambda t: t.replace(b'\nmsgid "{color}: no bot"',
                                           b'\nthis is not po\nmsgid "{color}: no bot"', 1),
                       "not a gettext catalogue: Unknown or misformatted keyword"),
    "a msgid given twice": (lambda t: t + b'\nmsgid "{color}: no bot"\nmsgstr "x{color}"\n',
                            'msgid "{color}: no bot" is given twice'),
}  # fmt: skip
COMMANDS = {
    "build": ("build", "liars", "--lang", "ja"),
    "i18n check": ("i18n", "check"),
    "crosscheck": ("crosscheck", "liars", "--games", "1", "--lang", "ja"),
    "playtest": ("playtest", "liars", "--games", "1", "--lang", "ja"),
    "probe-text": ("probe-text", "--lang", "ja"),
}


@pytest.mark.parametrize("case", sorted(FILES))
def test_a_catalogue_that_cannot_be_read_is_one_line_in_every_command(tmp_path, case):
    breaks, said = FILES[case]
    root = project_copy(tmp_path)
    path = root / FRAMEWORK_PO
    path.write_bytes(breaks(path.read_bytes()))
    for name, args in COMMANDS.items():
        run = ttsmod(root, *args)
        assert run.returncode == 2 and "Traceback" not in run.stderr, (name, run.stderr)
        found = [line for line in run.stdout.splitlines() if FRAMEWORK_PO in line]
        assert len(found) == 1 and re.match(rf"^{FRAMEWORK_PO}:\d+(:\d+)?: ", found[0]), (
            name,
            found,
        )
        assert said in found[0], (name, found)
    assert not (root / "build").exists() or not any((root / "build").glob("*-ja"))


@pytest.mark.parametrize("lang", ["", "../../../evil", "xx", "ja/../ja"])
def test_every_command_checks_lang_alike(cli, build_dir, lang):
    for name, args in COMMANDS.items():
        given = [lang if a == "ja" else a for a in args]
        if "--lang" not in given:
            given += ["--lang", lang]
        run = cli(*given)
        lines = run.stderr.strip().splitlines()
        assert run.code == 2 and len(lines) == 1, (name, run)
        assert lines[0].startswith(f"ttsmod: --lang {lang!r}: "), (name, lines)
        assert "give one of en, ja" in lines[0] or "languages: en, ja" in lines[0]
        assert run.exception is None, (name, run.exception)
    assert not build_dir.exists()


def test_fill_knows_bare_names_only():
    assert po.fill("{color}: no bot", {"color": "Red"}) == "Red: no bot"
    assert po.fill("{color.__class__.__mro__}", {"color": "Red"}) == "{color.__class__.__mro__}"
    assert po.fill("{color[0]} {0} {missing}", {"color": "Red"}) == "{color[0]} {0} {missing}"
    with i18n.speaking({"{n} dice": "{n.real}個"}):
        assert i18n.tr("{n} dice", n=4) == "{n.real}個"


def test_update_rewrites_only_the_catalogues_whose_strings_changed(monkeypatch):
    real = i18n.extract

    def moved(domain):  # every string one line lower, and liars with one string more
        found = {text: [i18n.Where(w.file, w.line + 1) for w in where]
                 for text, where in real(domain).items()}  # fmt: skip
        if domain == "liars":
            found["A new string"] = [i18n.Where("lua/liars/table/words.lua", 1)]
        return found

    monkeypatch.setattr(i18n, "extract", moved)
    changed = {domain: sorted(p.name for p in i18n.update(domain)) for domain in i18n.domains()}
    assert changed == {
        **{domain: [] for domain in i18n.domains()},
        "liars": ["ja.po", "liars.pot"],
    }
