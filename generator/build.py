"""Build a game's mod: card data -> scripts and images -> the TTS save -> checks -> build/.

The pipeline runs one way and writes nothing until every step has passed; then the game's
outputs replace build/<game>/ whole (generator.outputs.publish), so a failed build leaves
build/ as it was and a build never leaves a stale save of an earlier name behind. Each
game has its own folder; `build/.cache` is shared.

build/<game>/ holds <Save>.json, <Save>.png, assets/, scripts/ and build.json, the
manifest that `install` and `preview` read: which sources and settings made this build.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit, urlunsplit

from generator import __version__, cards, contract, games, i18n
from generator.luabuild.scripts import build_scripts
from generator.outputs import OutputError, cache_dir, publish
from generator.paths import CARDS, ROOT, display, file_stem
from generator.problems import WHOLE_FILE, Problem
from generator.render import Cache, RenderError
from generator.render.draw import language_font
from generator.render.features import layout_faults
from generator.tts.checks import check_save

MANIFEST = "build.json"


class BuildError(Exception):
    """The build stopped; `problems` say where and why (nothing was written)."""

    def __init__(self, stage: str, problems: list[Problem] | tuple[Problem, ...]) -> None:
        super().__init__(f"{stage}: {len(problems)} problem(s)")
        self.stage = stage
        self.problems = list(problems)


class BadOption(ValueError):
    """A build option is not usable (the message says why and what is accepted)."""


@dataclass(frozen=True)
class BuildResult:
    """What a build wrote and how it went."""

    folder: Path  # build/<game>
    save_name: str
    files: dict[str, int]  # path relative to the folder -> size in bytes
    images_drawn: int
    images_reused: int
    summary: str
    warnings: tuple[Problem, ...]

    def read_save(self) -> dict[str, Any]:
        """The save it wrote, read back (a dict of the caller's own)."""
        text = (self.folder / f"{self.save_name}.json").read_text(encoding="utf-8")
        return dict(json.loads(text))


def source_hash(
    game: str, card_folder: Path, lang: str | None = None, ui_lang: str | None = None
) -> str:
    """A hash of every source a build reads (card data, Lua, schemas, words, pages)."""
    digest = hashlib.sha256()
    patterns = ["lua/lib/**/*.lua", "lua/glue/**/*.lua", f"lua/{game}/**/*.lua"]
    patterns += [f"schemas/{game}/*.json", "schemas/tts/*.json", "schemas/words/*.json"]
    patterns += [f"cards/{game}/pages/*.j2", "generator/tts/pages/*.j2"]  # its pages
    for said in {lang, ui_lang} - {None}:
        patterns += [f"cards/i18n/{said}.po", f"cards/{game}/i18n/{said}.po"]
    sources = sorted(card_folder.glob("*.yaml"))
    sources += sorted({p for pattern in patterns for p in ROOT.glob(pattern)})
    for path in sources:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return "sha256:" + digest.hexdigest()[:16]


def asset_base_url(text: str) -> str:
    """The --asset-base-url as every image URL will start: http(s), a host, a trailing '/'.

    Characters a URL path cannot hold raw (spaces, quotes, non-ASCII) are %-escaped; a
    query, a fragment or any other scheme is refused with BadOption.
    """
    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError as err:
        raise BadOption(f"--asset-base-url {text!r} is not a URL: {err}") from None
    if parts.scheme.lower() not in ("http", "https"):
        raise BadOption(
            f"--asset-base-url {text!r}: use an http:// or https:// URL "
            "(TTS downloads the images from it)"
        )
    host = parts.hostname or ""
    if not host or any(c.isspace() or c in '<>"{}|\\^`' for c in host):
        raise BadOption(f"--asset-base-url {text!r} names no valid host")
    if parts.query or parts.fragment or text.strip().endswith(("?", "#")):
        raise BadOption(
            f"--asset-base-url {text!r}: a folder URL cannot have a ?query or #fragment "
            "(image file names are appended to it)"
        )
    path = quote(parts.path, safe="/%:@!$&'()*+,;=-._~")
    if not path.endswith("/"):
        path += "/"
    del port  # read only to refuse a malformed one
    return urlunsplit((parts.scheme.lower(), parts.netloc, path, "", ""))


def lang_suffix(lang: str | None, ui_lang: str | None = None) -> str:
    """What a build's folder and file names add for its languages: "", "-ja", "-ja-ui-en"."""
    return (f"-{lang or i18n.SOURCE}" if lang or ui_lang else "") + (
        f"-ui-{ui_lang}" if ui_lang else ""
    )


def build_key(
    game: str, card_folder: Path, lang: str | None = None, ui_lang: str | None = None
) -> str:
    """The build folder's name for a card folder (and a language other than English).

    The game id for the shipped cards (cards/<game>), else the game, the folder's name and a
    hash of its full path ("teg-mycopy-1a2b3c4d"), so a build of an edited copy never
    replaces another's; a build in another language adds it ("teg-ja"), and one whose
    table speaks another language than its cards adds that too ("teg-ja-ui-en"), so the
    English build stays as it is.
    """
    folder = Path(card_folder).resolve()
    suffix = lang_suffix(lang, ui_lang)
    if folder == (CARDS / game).resolve():
        return game + suffix
    digest = hashlib.sha256(folder.as_posix().encode("utf-8")).hexdigest()[:8]
    return f"{game}-{file_stem(folder.name) or 'cards'}-{digest}{suffix}"


def game_folder(build_dir: Path, key: str) -> Path:
    """Where one source's outputs go: build/<key>/ (see build_key)."""
    return build_dir / key


def read_manifest(build_dir: Path, key: str) -> dict[str, Any] | None:
    """The manifest of the last build under `key` (None when there is none, or unreadable)."""
    try:
        manifest = json.loads((game_folder(build_dir, key) / MANIFEST).read_text("utf-8"))
    except (OSError, ValueError):
        return None
    return manifest if isinstance(manifest, dict) else None


def small_text_warnings(report: cards.Report, font_path: str | None) -> list[Problem]:
    """A located warning for every card text drawn smaller than legible at print size."""
    parts = games.get(report.game).build_parts()
    out = []
    for file, ptr, size in parts.small_text(report.data, font_path):
        doc = (report.docs or {}).get(file)
        message = (
            f"drawn at {size} px, below the {parts.legible} px that reads at the card's print "
            "size: shorten it"
        )
        if doc is not None:
            out.append(doc.problem(ptr, "SMALLTEXT", message))
    return out


def build(
    game: str,
    build_dir: Path,
    asset_base_url_text: str | None = None,
    font_path: str | None = None,
    steps: Callable[[int], Callable[[str], None]] = lambda total: lambda name: None,
    report: cards.Report | None = None,
    lang: str | None = None,
    ui_lang: str | None = None,
) -> BuildResult:
    """Build GAME's mod into build_dir/<game>, or raise BuildError (build_dir untouched).

    `game` is a game id or a card folder (as for validate); `report` is the card data's
    validation, when the caller already has it; `lang` a language other than English
    (build_dir/<game>-<lang>: the table's words translated, generator.i18n); `ui_lang` the
    table's language when it is not the cards' (its panels, log, chat and object names; the
    images stay in `lang`): a fallback for a TTS surface that cannot draw `lang`. Raises
    BadOption for an unusable option, BuildError for problems in the inputs, OutputError when
    build_dir cannot be written.
    """
    base_url = asset_base_url(asset_base_url_text) if asset_base_url_text else None
    report = report or cards.validate(game)
    if not report.ok or report.data is None or report.documents is None:
        raise BuildError("card data", report.problems)
    data = report.data
    try:
        parts = games.get(report.game).build_parts()
    except games.NoTable as err:
        where = Problem(display(report.source), None, None, "", "TABLE", str(err))
        raise BuildError("table", [where]) from None

    cache_folder = cache_dir(build_dir)  # (before anything is cached there)
    lacks = contract.check(report.game)
    if lacks:
        problems = [Problem(lack.where, None, None, "", "GAME", lack.what) for lack in lacks]
        raise BuildError("the game's parts (ttsmod check)", problems)
    warnings = small_text_warnings(report, font_path)
    lang = None if lang == i18n.SOURCE else lang
    ui_lang = None if ui_lang == (lang or i18n.SOURCE) else ui_lang
    english = report

    def speaks(said: str | None) -> tuple[dict[str, str] | None, cards.Report]:
        """The words of a language other than English, and the card data read in them."""
        if said is None or said == i18n.SOURCE:
            return None, english
        try:
            found = i18n.translator(english.game, said)
        except i18n.WordsError as err:
            raise BuildError(f"the {said} words", err.problems) from None
        return found, i18n.translate_cards(english, found)  # type: ignore[return-value]

    # the images speak `lang`; the table (its Lua, the save's names) `ui_lang`, else the same
    words, report = speaks(lang)
    data = report.data
    if lang is not None:
        font_path = font_path or language_font(lang)
    ui_words, ui_report = (words, report) if ui_lang is None else speaks(ui_lang)
    assert ui_report.documents is not None and ui_report.data is not None
    scripts = build_scripts(report.game, ui_report.documents, cache_folder, ui_words)
    if scripts.problems:
        raise BuildError("lint", scripts.problems)
    said = (
        ""
        if words is None
        else f"{lang}:{hashlib.sha256(json.dumps(words, sort_keys=True).encode()).hexdigest()}"
    )
    cache = Cache(cache_folder, said)
    try:
        with i18n.speaking(words):  # (card texts written in Python speak the language too)
            assets = parts.render(data, cache, font_path, steps(parts.expected_steps(data)))
    except RenderError as err:
        raise BuildError("images", [_locate(report, p) for p in err.problems]) from None
    faults = layout_faults(assets.features)
    if faults:
        where = display(report.source)
        problems = [Problem(where, None, None, WHOLE_FILE, "LAYOUT", f) for f in faults]
        raise BuildError("layout", problems)
    key = build_key(report.game, report.source, lang, ui_lang)
    folder = game_folder(build_dir, key)
    url_base = base_url or (folder / "assets").absolute().as_uri() + "/"
    source = source_hash(report.game, report.source, lang, ui_lang)
    from generator.tts.pages import PageError

    try:
        with i18n.speaking(ui_words):
            built = parts.build_save(
                ui_report.data, assets, url_base, scripts.bundles["Global"].text, source
            )
    except PageError as err:  # a page template: where and why, and nothing written
        raise BuildError("pages", [Problem(err.file, err.line, None, WHOLE_FILE, "PAGE",
                                           err.why)]) from None  # fmt: skip
    name = file_stem(built.save["SaveName"])  # the game's name: checked non-empty
    if lang is not None or ui_lang is not None:
        # the file keeps the English name's letters ("TinyEpicGalaxies-ja.json")
        plain = {said: text for text, said in (ui_words or {}).items()}.get(built.save["SaveName"])
        stem = file_stem(plain or built.save["SaveName"]) or report.game
        name = stem + lang_suffix(lang, ui_lang)
        langs = i18n.language_name(lang or i18n.SOURCE)
        if ui_lang is not None:
            langs = f"{langs}, UI: {i18n.language_name(ui_lang)}"
        built.save["SaveName"] = f"{built.save['SaveName']} ({langs})"
    save_text = json.dumps(built.save, indent=2, ensure_ascii=False)
    manifest = {
        "game": report.game,
        "save": f"{name}.json",
        "source_hash": source,
        "asset_base_url": base_url,
        "font": font_path,
        "lang": lang or i18n.SOURCE,
        "ui_lang": ui_lang or lang or i18n.SOURCE,
        "ttsmod": __version__,
    }
    files = {
        f"{name}.json": save_text.encode("utf-8"),
        f"{name}.png": built.thumbnail,
        MANIFEST: (json.dumps(manifest, indent=2, sort_keys=True) + "\n").encode("utf-8"),
        **{f"assets/{file}": content for file, content in built.assets.items()},
        **{f"scripts/{obj}.lua": b.text.encode("utf-8") for obj, b in scripts.bundles.items()},
    }
    try:
        staged_assets = _AssetView(built.assets)
    except OSError as err:
        raise OutputError(f"cannot stage the images: {err.strerror or err}") from err
    problems = check_save(built.save, f"{name}.json", staged_assets.folder, url_base)
    staged_assets.close()
    if problems:
        raise BuildError("save checks", problems)
    publish(build_dir, {f"{key}/{path}": content for path, content in files.items()})
    return BuildResult(
        folder,
        name,
        {path: len(content) for path, content in sorted(files.items())},
        cache.files_drawn,
        cache.files_reused,
        scripts.summary(),
        tuple(warnings),
    )


def _locate(report: cards.Report, found: Any) -> Problem:
    doc = (report.docs or {}).get(found.file)
    if doc is None:
        return Problem(
            display(report.source / f"{found.file}.yaml"),
            None,
            None,
            found.pointer,
            "TEXT",
            found.message,
        )
    return doc.problem(found.pointer, "TEXT", found.message)


class _AssetView:
    """The built assets in a temporary folder, so URL checks can see them before publishing."""

    def __init__(self, assets: dict[str, bytes]) -> None:
        import tempfile

        self._tmp = tempfile.TemporaryDirectory(prefix="ttsmod-assets-")
        self.folder = Path(self._tmp.name)
        for file, content in assets.items():
            (self.folder / file).write_bytes(content)

    def close(self) -> None:
        """Remove the temporary folder."""
        self._tmp.cleanup()
