"""The words players read, in their language: gettext catalogues, English the source.

Every player-facing string is marked `tr("...")`: in the table's Lua (lua/lib/tr.lua), and
in the Python that writes the save (`from generator.i18n import tr`: the XmlUI's fixed
words). The words are gathered into a template per domain, `<domain>.pot`, and translated in
one `.po` file per language beside it:

- the shared layers' words (lua/glue, lua/lib, generator/tts, generator/render): domain
  `ttsmod`, in cards/i18n/;
- a game's words (lua/<game>/, generator/games/<game>/): domain `<game>`, in
  cards/<game>/i18n/.

`ttsmod i18n update` refreshes the templates and adds each new string to every language's
file; `ttsmod build GAME --lang ja` replaces each marked literal with its translation as it
bundles (generator/i18n/lua.py), so the table carries one language and looks nothing up. A
string with no translation stops that build, named by its file and line.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from generator import games
from generator.i18n import po
from generator.i18n.lua import LiteralError, marked
from generator.paths import CARDS, ROOT, display, page_templates
from generator.problems import WHOLE_FILE, Problem

SOURCE = "en"  # the language the code is written in
FRAMEWORK = "ttsmod"  # the shared layers' domain
# Catalogue headers carry this date, so that the same strings give the same files.
EPOCH = datetime(2026, 1, 1, tzinfo=UTC)


@dataclass(frozen=True)
class Where:
    """A string's place in the sources: a file below the repository and a line."""

    file: str
    line: int


def domains() -> list[str]:
    """Every domain: the shared layers', then each game's."""
    return [FRAMEWORK, *games.ids()]


def folder(domain: str) -> Path:
    """Where a domain's template and translations are."""
    return CARDS / "i18n" if domain == FRAMEWORK else CARDS / domain / "i18n"


def _lua_files(domain: str) -> list[Path]:
    roots = (
        [ROOT / "lua" / "glue", ROOT / "lua" / "lib"]
        if domain == FRAMEWORK
        else [ROOT / "lua" / domain]
    )
    return sorted(p for root in roots for p in root.rglob("*.lua"))


def _python_files(domain: str) -> list[Path]:
    gen = ROOT / "generator"
    shared = [gen / "tts", gen / "render", gen / "engines"]
    roots = shared if domain == FRAMEWORK else [gen / "games" / domain]
    return sorted(p for root in roots for p in root.rglob("*.py"))


def languages() -> list[str]:
    """The languages with a translation of the shared layers' words."""
    return sorted(p.stem for p in folder(FRAMEWORK).glob("*.po") if _LANGUAGE_ID.match(p.stem))


# A language id as catalogues are named: ja, pt_BR, zh_Hant (letters, nothing path-like).
_LANGUAGE_ID = re.compile(r"^[a-z]{2,3}(?:_[A-Za-z]{2,4})?$")


def lang_problem(lang: str) -> str | None:
    """Why `lang` is no language a command can speak (None: it is English or has catalogues).

    Every command's --lang (and --ui-lang) is checked here: an empty or path-like value
    never reaches a file name.
    """
    known = ", ".join([SOURCE, *languages()])
    if not lang:
        return f"an empty language: give one of {known}"
    if not _LANGUAGE_ID.match(lang):
        return f"'{lang}' is no language id (two or three letters, as ja): give one of {known}"
    if lang != SOURCE and lang not in languages():
        where = display(folder(FRAMEWORK))
        return f"no translation to '{lang}' in {where} (languages: {known})"
    return None


class WordsError(Exception):
    """Marked words that cannot be read, or that have no translation; `problems` say where."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__(f"{len(problems)} problem(s) with the words")
        self.problems = problems


def extract(domain: str) -> dict[str, list[Where]]:
    """Every marked string of a domain and where it is written (WordsError if malformed)."""
    found: dict[str, list[Where]] = {}
    problems = []
    for path in _lua_files(domain):
        rel = path.relative_to(ROOT).as_posix()
        try:
            for m in marked(path.read_text(encoding="utf-8")):
                found.setdefault(m.text, []).append(Where(rel, m.line))
        except LiteralError as err:
            problems.append(Problem(display(path), err.line, None, WHOLE_FILE, "WORDS", str(err)))
    from babel.messages.extract import extract as babel_extract

    for path in _python_files(domain):
        rel = path.relative_to(ROOT).as_posix()
        with path.open("rb") as f:
            for line, text, _, _ in babel_extract("python", f, keywords={"tr": None}):
                if isinstance(text, str):
                    found.setdefault(text, []).append(Where(rel, line))
    from jinja2.ext import babel_extract as jinja_extract

    for path in page_templates(None if domain == FRAMEWORK else domain):
        rel = path.relative_to(ROOT).as_posix()
        with path.open("rb") as f:  # a page's sentences: each `_("...")` (generator/tts/pages.py)
            for line, text, _, _ in babel_extract(jinja_extract, f, keywords={"_": None}):
                if isinstance(text, str):
                    found.setdefault(text, []).append(Where(rel, line))
    if problems:
        raise WordsError(problems)
    if domain != FRAMEWORK:
        for text, where in _card_words(domain):
            found.setdefault(text, []).append(where)
    return found


def _card_words(game: str) -> list[tuple[str, Where]]:
    """The shipped card data's words (generator.i18n.data), where each is written."""
    from generator import cards
    from generator.i18n.data import words_of

    report = cards.validate(game)
    if report.documents is None or report.docs is None:
        raise cards.CardDataError(report.problems)
    out = []
    for file, pointer, text in words_of(game, report.documents):
        doc = report.docs[file]
        at = doc.locate(pointer)
        rel = doc.path.resolve().relative_to(ROOT).as_posix()
        out.append((text, Where(rel, at[0] if at else 1)))
    return out


def translate_cards(report: object, words: dict[str, str]) -> object:
    """A card data report with every marked string of the card data translated."""
    import dataclasses
    from pathlib import PurePath

    from generator import cards
    from generator.cards.yamlfile import YamlDoc
    from generator.i18n.data import translated

    documents = translated(report.game, report.documents, words.__getitem__)  # type: ignore[attr-defined]
    docs = {name: YamlDoc(PurePath(name), value) for name, value in documents.items()}  # type: ignore[arg-type]
    data = cards.typed(report.game, docs)  # type: ignore[attr-defined]
    return dataclasses.replace(report, documents=documents, data=data)  # type: ignore[type-var]


def _catalog(domain: str, lang: str | None) -> object:
    from babel.messages.catalog import Catalog

    return Catalog(
        locale=lang,
        domain=domain,
        project="ttsmod",
        version="",
        copyright_holder="the ttsmod authors",
        msgid_bugs_address="",
        creation_date=EPOCH,
        revision_date=EPOCH,
        header_comment=(
            f"# The {domain} words of ttsmod"
            + (f", in {lang}" if lang else " (the template: `ttsmod i18n update` writes it)")
            + ".\n# docs/i18n.md says how to add a language."
        ),
        fuzzy=False,
    )


def _written(catalog: object, path: Path, out: dict[Path, bytes]) -> None:
    """Put the catalogue's text in `out` under `path` when it differs from the file's."""
    from babel.messages import pofile

    text = io.BytesIO()
    pofile.write_po(text, catalog, width=100, omit_header=False, include_previous=False)
    if not (path.is_file() and path.read_bytes() == text.getvalue()):
        out[path] = text.getvalue()


def _read(path: Path) -> object:
    """The catalogue at `path` (WordsError naming each problem's file and line)."""
    catalog, problems = po.read(path)
    if problems:
        raise WordsError(problems)
    return catalog


def _ids(path: Path) -> list[str] | None:
    """The msgids a catalogue holds, in order (None: no such file)."""
    if not path.is_file():
        return None
    return [m.id for m in _read(path) if m.id]  # type: ignore[attr-defined]


def update(domain: str) -> dict[Path, bytes]:
    """The domain's template and each translation brought up to it: the files that change.

    Each with its new bytes: the caller writes them (WordsError before any is written).

    A new string enters every language's file untranslated; a string no longer marked
    leaves them. Nothing is guessed: a translation is never carried to a changed string. A
    domain whose strings are all the same keeps its files as they are.
    """
    template = _catalog(domain, None)
    for text, places in extract(domain).items():
        template.add(text, locations=[(w.file, w.line) for w in places])  # type: ignore[attr-defined]
    ids = [m.id for m in template if m.id]  # type: ignore[attr-defined]
    pot = folder(domain) / f"{domain}.pot"
    # a domain whose strings are the same keeps its files: a line moved in its sources is no
    # reason to rewrite them (every other domain's files stayed as they were)
    same = _ids(pot) == ids
    changed: dict[Path, bytes] = {}
    if not same:
        _written(template, pot, changed)
    for lang in languages():
        path = folder(domain) / f"{lang}.po"
        old = _read(path) if path.is_file() else None
        if same and old is not None and [m.id for m in old if m.id] == ids:  # type: ignore[attr-defined]
            continue
        fresh = _catalog(domain, lang)
        for message in template:  # type: ignore[attr-defined]
            if not message.id:
                continue
            before = old.get(message.id) if old is not None else None  # type: ignore[attr-defined]
            fresh.add(  # type: ignore[attr-defined]
                message.id,
                before.string if before is not None and not before.fuzzy else "",
                locations=message.locations,
            )
        _written(fresh, path, changed)
    return changed


def words(domain: str, lang: str) -> dict[str, str]:
    """The domain's translated strings in `lang` (untranslated ones left out)."""
    path = folder(domain) / f"{lang}.po"
    if not path.is_file():
        return {}
    return {
        m.id: m.string
        for m in _read(path)  # type: ignore[attr-defined]
        if m.id and m.string and not m.fuzzy
    }


def missing(domain: str, lang: str) -> list[Problem]:
    """Each marked string of the domain with no `lang` translation, where it is written."""
    have = words(domain, lang)
    po = display(folder(domain) / f"{lang}.po")
    return [
        Problem(places[0].file, places[0].line, None, WHOLE_FILE, "WORDS",
                f'no {lang} words for "{text}": give its msgstr in {po}')
        for text, places in extract(domain).items()
        if text not in have
    ]  # fmt: skip


def unmarked_literals() -> list[Problem]:
    """Each literal a player would read that is not marked for translation (any language).

    Read from the code (generator/i18n/unmarked.py): what the table's Lua shows players and
    the build's Python names objects with.
    """
    from generator.i18n import unmarked as code

    return [Problem(display(path), line, None, WHOLE_FILE, "WORDS",
                    f"{text!r} reaches players unmarked: write it tr(...) so that a catalogue "
                    f"can translate it")
            for path, line, text in code.found()]  # fmt: skip


def off_glossary(domain: str, lang: str) -> list[Problem]:
    """Each `lang` translation of the domain lacking its glossary's word for a term.

    The terms are its English's (generator/i18n/glossary.py); none when `lang` has no
    glossary.
    """
    from generator.i18n import glossary

    po = folder(domain) / f"{lang}.po"
    try:
        terms = glossary.load(lang)
    except ValueError as err:
        return [Problem(display(glossary.path(lang)), None, None, WHOLE_FILE, "WORDS", str(err))]
    if not terms or not po.is_file():
        return []
    out = []
    for m in _read(po):  # type: ignore[attr-defined]
        english = m.id[0] if isinstance(m.id, tuple) else m.id
        said = m.string[0] if isinstance(m.string, tuple) else m.string
        if not english or not said or m.fuzzy:
            continue
        for term in glossary.breaks(terms, english, said):
            out.append(Problem(display(po), m.lineno, None, WHOLE_FILE, "WORDS",
                               f'"{said}" lacks {term.word}, the {lang} word for '
                               f'"{term.forms[0]}" ({display(glossary.path(lang))}): the '
                               f'English says "{english}"'))  # fmt: skip
    return out


def declared(domain: str) -> list[str]:
    """The languages a domain is translated to, whole.

    The shared layers' every language; a game's those its binding declares (`languages`).
    """
    if domain == FRAMEWORK:
        return languages()
    try:
        return list(games.get(domain).languages)
    except games.GameLoadError:
        return []


def translator(game: str, lang: str) -> dict[str, str]:
    """Every translated string a build of `game` in `lang` carries (WordsError if one lacks)."""
    if lang not in languages():
        known = ", ".join(languages()) or "none"
        where = display(folder(FRAMEWORK))
        message = f"no translation to '{lang}' (languages: {SOURCE}, {known})"
        raise WordsError([Problem(where, None, None, WHOLE_FILE, "WORDS", message)])
    if lang not in declared(game):
        said = ", ".join(declared(game)) or "none"
        po_file = display(folder(game) / f"{lang}.po")
        message = (f"{game} is not translated to {lang} (its binding's `languages`: {said}): "
                   f"translate {po_file}, then add '{lang}' to them")  # fmt: skip
        raise WordsError([Problem(po_file, None, None, WHOLE_FILE, "WORDS", message)])
    problems = missing(FRAMEWORK, lang) + missing(game, lang)
    if problems:
        raise WordsError(problems)
    return {**words(FRAMEWORK, lang), **words(game, lang)}


def language_name(lang: str) -> str:
    """A language's name in itself ("日本語" for ja), from the Unicode CLDR (Babel)."""
    from babel import Locale

    return Locale.parse(lang).get_display_name(lang) or lang


# The words the Python writing a save speaks now (None: English, the source).
_speaking: ContextVar[dict[str, str] | None] = ContextVar("speaking", default=None)


@contextmanager
def speaking(words: dict[str, str] | None) -> Iterator[None]:
    """Within this block, `tr` gives `words`' translations (None: the English itself)."""
    token = _speaking.set(words)
    try:
        yield
    finally:
        _speaking.reset(token)


def tr(text: str, /, **values: object) -> str:
    """A player's words, in the language being built: `tr("Page {page}", page=2)`.

    `text` must be a literal, so `ttsmod i18n update` finds it; a build in another language
    has checked that every such string has its translation.
    """
    words = _speaking.get()
    said = words.get(text, text) if words is not None else text
    return po.fill(said, values) if values else said
