"""The `ttsmod` command line.

A thin layer: it parses arguments, calls the pure core and maps results to output and status.

Exit status: 0 clean; 1 the rules refused an action or two engines disagree (later commands);
2 bad input (card data, a record, arguments) or the command could not run.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click

from generator import __version__, cards, games
from generator.paths import display
from generator.problems import render

EXIT_OK, EXIT_RULES, EXIT_BAD_INPUT = 0, 1, 2


def _format_option(help_text: str) -> Any:
    return click.option(
        "--format",
        "fmt",
        type=click.Choice(["text", "json"]),
        default="text",
        show_default=True,
        help=help_text,
    )


FORMAT = _format_option(
    "text: one `file:line:col: pointer: message [CODE]` per problem; json: a record list."
)


def _lang(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """--lang and --ui-lang, checked alike by every command: English or a catalogue's id."""
    if value is None:
        return None
    from generator import i18n

    problem = i18n.lang_problem(value)
    if problem is not None:
        _fail(f"ttsmod: {param.opts[0]} {value!r}: {problem}", EXIT_BAD_INPUT)
    return value


class _Main(click.Group):
    """The command group, with a last net for bad input.

    Bad input a command did not catch itself still ends as one line and exit status 2, never
    a traceback: an unknown game, broken shipped card data, a file or folder that cannot be
    read or written.
    """

    def invoke(self, ctx: click.Context) -> Any:
        from generator.i18n import WordsError
        from generator.outputs import OutputError

        try:
            return super().invoke(ctx)
        except cards.UnknownGameError as err:
            _fail(f"ttsmod: {err}", EXIT_BAD_INPUT)
        except cards.CardDataError as err:
            click.echo(render(err.problems))
            _fail("ttsmod: the card data has the problems above", EXIT_BAD_INPUT)
        except WordsError as err:
            click.echo(render(err.problems))
            _fail("ttsmod: the words have the problems above", EXIT_BAD_INPUT)
        except (games.GameLoadError, OutputError) as err:
            _fail(f"ttsmod: {err}", EXIT_BAD_INPUT)
        except BrokenPipeError:
            # the reader went away (`ttsmod replay ... | head`): nothing more to say to it
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            sys.exit(EXIT_OK)
        except OSError as err:
            where = f"{display(Path(err.filename))}: " if err.filename else ""
            _fail(f"ttsmod: {where}{err.strerror or err}", EXIT_BAD_INPUT)


@click.group(cls=_Main, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="ttsmod")
def main() -> None:
    """ttsmod: build a scripted Tabletop Simulator mod from a board game's card data.

    Shell completion (bash, zsh, fish): eval "$(_TTSMOD_COMPLETE=bash_source ttsmod)".
    """


def _report(source: str, game: str | None) -> cards.Report:
    try:
        return cards.validate(source, game)
    except cards.UnknownGameError as err:
        click.echo(f"ttsmod: {err}", err=True)
        sys.exit(EXIT_BAD_INPUT)


def _print_report(report: cards.Report, fmt: str) -> None:
    if fmt == "json":
        payload = {
            "game": report.game,
            "source": display(report.source),
            "ok": report.ok,
            "summary": report.data.summary() if report.data else None,
            "placeholders": getattr(report.data, "placeholders", None),
            "problems": json.loads(render(report.problems, "json")),
        }
        click.echo(json.dumps(payload, indent=2, ensure_ascii=False))
        return
    if report.ok:
        assert report.data is not None
        click.echo(f"ok: {report.data.summary()}")
        note = getattr(report.data, "placeholder_note", None)
        if note is not None:
            click.echo(note(display(report.source)))
        return
    click.echo(render(report.problems))
    files = len({p.file for p in report.problems})
    click.echo(
        f"{len(report.problems)} problem(s) in {files} file(s) of {display(report.source)}",
        err=True,
    )


@main.command()
@click.argument("source", default=games.DEFAULT, metavar="[GAME_OR_DIR]")
@click.option("--game", help="Which game a folder holds (default: the folder's name).")
@FORMAT
def validate(source: str, game: str | None, fmt: str) -> None:
    """Check a game's card data against its schemas and cross-checks.

    GAME_OR_DIR is a game id (default: teg, read from cards/teg) or a folder holding a copy of
    a game's YAML files. Every problem is reported at once, with its file, line and column.
    Exits 0 when the data is clean, 2 when it is not.
    """
    report = _report(source, game)
    _print_report(report, fmt)
    sys.exit(EXIT_OK if report.ok else EXIT_BAD_INPUT)


GAME_OR_DIR = click.argument("source", default=games.DEFAULT, metavar="[GAME_OR_DIR]")
FOLDER_GAME = click.option("--game", help="Which game a folder holds (default: its name).")
JOBS = click.option(
    "--jobs",
    type=click.IntRange(1),
    envvar="TTSMOD_JOBS",
    show_envvar=True,
    help="Processes to spread the games over (default: the machine's cores); the same "
    "seed gives the same games and report whatever their number.",
)


def _cores() -> int:
    from generator.harness.spread import cores

    return cores()


@main.command()
@GAME_OR_DIR
@FOLDER_GAME
@click.option(
    "--asset-base-url",
    metavar="URL",
    help="Where friends will download the images from: an http(s):// folder URL holding the "
    "files of build/<game>/assets (default: file:/// URLs, which only this computer can read).",
)
@click.option(
    "--font",
    "font_path",
    type=click.Path(dir_okay=False),
    help="A TrueType font for card text (default: Source Sans Pro, installed with ttsmod).",
)
@click.option(
    "--lang",
    metavar="LANG",
    callback=_lang,
    help="The players' language (default en): the table's words from cards/i18n/LANG.po and "
    "cards/<game>/i18n/LANG.po, built into build/<game>-LANG/ beside the English build.",
)
@click.option(
    "--ui-lang",
    metavar="LANG",
    callback=_lang,
    help="The table's own language when it should not be --lang's (its panels, log, chat and "
    "object names; the cards stay in --lang): for a TTS surface that cannot draw --lang "
    "(docs/i18n.md). Built into build/<game>-LANG-ui-UILANG/.",
)
def build(
    source: str,
    game: str | None,
    asset_base_url: str | None,
    font_path: str | None,
    lang: str | None,
    ui_lang: str | None,
) -> None:
    """Build a game's mod into build/<game>/ (`make mod` runs this for every game).

    GAME_OR_DIR is a game id (default teg) or a folder holding a copy of its card data
    (--game names the game if the folder's name does not). Validates the card data, bundles
    and lints the Lua, renders every image (cached by content), assembles the TTS save and
    checks it, then writes build/<game>/<Save>.json, its thumbnail <Save>.png, assets/,
    scripts/ and build.json. Nothing in build/ changes unless every step succeeds. With
    --lang, a string with no translation stops the build.
    """
    result = _run_build(source, asset_base_url, font_path, lang, ui_lang, game)
    images = sum(1 for f in result.files if f.startswith("assets/"))
    click.echo(
        f"wrote {display(result.folder / result.save_name)}.json "
        f"({result.files[f'{result.save_name}.json']:,} bytes), {result.save_name}.png, "
        f"{images} images in assets/ ({result.images_drawn} drawn, {result.images_reused} reused)"
    )
    from generator.install import hosting_note

    said = hosting_note(result.folder / "assets", images, _built_base_url(result.folder))
    if said:
        click.echo(said)


def _built_base_url(folder: Path) -> str | None:
    """The asset base URL a build was made with (its manifest's), None for file URLs."""
    from generator.build import MANIFEST

    try:
        return json.loads((folder / MANIFEST).read_text("utf-8")).get("asset_base_url") or None
    except (OSError, ValueError):
        return None


def _run_build(
    source: str,
    asset_base_url: str | None,
    font_path: str | None,
    lang: str | None = None,
    ui_lang: str | None = None,
    game: str | None = None,
) -> Any:
    from generator import paths
    from generator.build import BadOption, BuildError, build
    from generator.build import asset_base_url as base_url
    from generator.outputs import OutputError
    from generator.render.draw import FontError

    if asset_base_url is not None:
        try:
            base_url(asset_base_url)
        except BadOption as err:
            _fail(f"ttsmod: {err}", EXIT_BAD_INPUT)
    report = _report(source, game)
    _print_report(report, "text")
    if not report.ok:
        sys.exit(EXIT_BAD_INPUT)
    with _progress("rendering") as steps:
        try:
            result = build(
                source, paths.BUILD, asset_base_url, font_path, steps, report, lang, ui_lang
            )
        except BuildError as err:
            click.echo(render(err.problems))
            _fail(f"build stopped at {err.stage}; build/ is unchanged", EXIT_BAD_INPUT)
        except (FontError, OutputError) as err:
            _fail(f"ttsmod: {err}; build/ is unchanged", EXIT_BAD_INPUT)
    for warning in result.warnings:
        click.echo(f"warning: {warning.format()}", err=True)
    click.echo(f"lint: {result.summary}")
    return result


@contextmanager
def _progress(label: str) -> Iterator[Any]:
    """A progress bar on a terminal (nothing otherwise): yields steps(total) -> advance(name)."""
    if not sys.stderr.isatty():
        yield lambda total: lambda name: None
        return
    from rich.progress import Progress

    with Progress(transient=True, console=_stderr_console()) as progress:
        task = progress.add_task(label, total=None)

        def steps(total: int) -> Any:
            progress.update(task, total=total)
            return lambda name: progress.advance(task)

        yield steps


@contextmanager
def _progress_bar(label: str, total: int, at_least: int = 2000) -> Iterator[Any]:
    """A progress bar for long work on a terminal: yields advance() (a no-op otherwise)."""
    if total < at_least or not sys.stderr.isatty():
        yield lambda: None
        return
    from rich.progress import Progress

    with Progress(transient=True, console=_stderr_console()) as progress:
        task = progress.add_task(label, total=total)
        yield lambda: progress.advance(task)


@main.command()
@GAME_OR_DIR
@click.option(
    "--saves-dir",
    metavar="DIR",
    help="TTS's Saves folder (default: found for Windows, macOS or Linux). A missing last "
    "folder of the path is created.",
)
@click.option("--lang", metavar="LANG", callback=_lang,
              help="Install the build in LANG (`ttsmod build --lang LANG`).")  # fmt: skip
@click.option("--ui-lang", metavar="LANG", callback=_lang,
              help="The build whose table speaks LANG (`build --ui-lang`).")  # fmt: skip
def install(source: str, saves_dir: str | None, lang: str | None, ui_lang: str | None) -> None:
    """Copy the built save and its thumbnail into TTS's Saves folder.

    Only a build made from the current card data and scripts is installed (else: build
    first). An existing file that differs is kept as <name>.bak (then .bak2, ...), never
    overwritten. A copy of a game's cards (a folder) installs as <save>-<folder>.json,
    beside the shipped game's save. The Saves folder is found where TTS keeps it (Windows,
    OneDrive, macOS, Linux, Steam's Flatpak and Proton); --saves-dir names another.
    """
    from generator import paths
    from generator.build import build_key, game_folder, read_manifest, source_hash
    from generator.install import (
        InstallError,
        check_build,
        default_saves_dir,
        install_files,
        saves_folder,
    )
    from generator.paths import file_stem

    # The card data it was given first: broken data is named there, not as a stale build.
    report = _report(source, None)
    if not report.ok:
        click.echo(render(report.problems))
        _fail(
            f"ttsmod: {display(report.source)} has errors: fix them, then build and install",
            EXIT_BAD_INPUT,
        )
    game, folder = report.game, report.source
    key = build_key(game, folder, lang, ui_lang)
    try:
        files = check_build(
            game_folder(paths.BUILD, key),
            read_manifest(paths.BUILD, key),
            source_hash(game, folder, lang, ui_lang),
            game,
            _build_args(
                game if build_key(game, folder) == game else display(folder), lang, ui_lang
            ),
        )
        notes: list[str] = []
        if saves_dir is None:
            target = default_saves_dir()
        else:
            target, notes = saves_folder(saves_dir)
        for line in notes:
            click.echo(line)
        # a copy's save goes beside the shipped game's, named for its folder; a language's
        # build is named for it already (TinyEpicGalaxies-ja.json)
        copy = build_key(game, folder) != game
        suffix = "-" + (file_stem(Path(folder).name) or "copy") if copy else ""
        for line in install_files(files, target, suffix):
            click.echo(line)
    except InstallError as err:
        _fail(f"ttsmod: {err}", EXIT_BAD_INPUT)
    if "file:///" in files[0].read_text(encoding="utf-8"):
        click.echo(
            "warning: the save's images are file:/// URLs into build/: only this computer "
            "can show them. To play with friends, see README 'Play it with friends'.",
            err=True,
        )


@main.command()
@GAME_OR_DIR
def preview(source: str) -> None:
    """Draw build/<game>/preview.png: the whole table of the built save, seen from above.

    Every object is drawn at its position with its image (cards, decks, mats, dice, tokens),
    zones as outlines, so a designer sees the layout without launching TTS. The build is
    never changed: when it is missing or out of date, it is built again with the settings
    of the last build (asset base URL, font).
    """
    from generator import paths
    from generator.build import build_key, game_folder
    from generator.tts.preview import draw_preview

    _, save = _current_save(source)
    assert save is not None
    folder = game_folder(paths.BUILD, build_key(*cards.resolve(source)))
    picture = draw_preview(save, folder / "assets")
    out = folder / "preview.png"
    picture.image.save(out)
    total = len(save["ObjectStates"])
    click.echo(f"wrote {display(out)}: {picture.drawn} of {total} objects drawn")


@main.command()
@GAME_OR_DIR
@FORMAT
def lint(source: str, fmt: str) -> None:
    """Bundle a game's Lua scripts and lint them for TTS (also run by every build).

    GAME_OR_DIR is a game id (default teg) or a folder holding a copy of its card data.

    Each script must compile under Lua 5.2 and avoid what MoonSharp lacks or does
    differently: Lua 5.3 operators, goto, MoonSharp-only syntax, load/io/debug, undefined
    globals, globals written in the rules core, non-string %s arguments to string.format.
    Findings name the module's own file and line. Exits 2 when there is any.
    """
    from generator import paths
    from generator.luabuild.scripts import build_scripts
    from generator.outputs import cache_dir

    report = _report(source, None)
    if not report.ok or report.documents is None:
        _print_report(report, fmt)
        sys.exit(EXIT_BAD_INPUT)
    # The build's cache: a script the last build (or lint) checked is not parsed again.
    scripts = build_scripts(report.game, report.documents, cache_dir(paths.BUILD))
    if fmt == "json":
        payload = {
            "summary": scripts.summary(),
            "problems": json.loads(render(scripts.problems, "json")),
        }
        click.echo(json.dumps(payload, indent=2))
    else:
        if scripts.problems:
            click.echo(render(scripts.problems))
        click.echo(f"lint: {scripts.summary()}")
    sys.exit(EXIT_BAD_INPUT if scripts.problems else EXIT_OK)


GAME = click.argument("game", type=click.Choice(games.ids()), default=games.DEFAULT)


def _interpreter(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """--interpreter: None for lupa (the model), else the path of a MoonSharp DLL."""
    if value is None or value == "lupa":
        return None
    kind, _, path = value.partition("=")
    if kind != "moonsharp" or not path:
        raise click.BadParameter("give lupa, or moonsharp=PATH (a MoonSharp.Interpreter.dll)")
    if not Path(path).is_file():
        raise click.BadParameter(f"moonsharp={path}: no such file")
    return path


INTERPRETER = click.option(
    "--interpreter",
    metavar="lupa|moonsharp=PATH",
    envvar="TTSMOD_INTERPRETER",
    callback=_interpreter,
    help="Run the table's Lua on lupa under the MoonSharp profile (the default, counted), or "
    "on the MoonSharp.Interpreter.dll at PATH through pythonnet (timed in ms, the bridge's "
    "own cost taken out; each game also played on lupa and compared). Needs "
    "ttsmod[moonsharp] and a .NET runtime (docs/moonsharp.md).",
)


@main.group()
def i18n() -> None:
    """The players' words in other languages (docs/i18n.md): catalogues in cards/."""


@i18n.command(name="update")
def i18n_update() -> None:
    """Gather every marked string into cards/**/i18n/<domain>.pot and each language's .po.

    A new string enters every language untranslated (`ttsmod i18n check` lists them); a
    string no longer marked leaves.
    """
    from generator import i18n as words

    try:
        changed = {
            p: text for domain in words.domains() for p, text in words.update(domain).items()
        }
    except words.WordsError as err:
        click.echo(render(err.problems))
        _fail("ttsmod: the marked words cannot be read; nothing was written", EXIT_BAD_INPUT)
    for path, text in changed.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text)
        click.echo(f"wrote {display(path)}")
    if not changed:
        click.echo("the catalogues are up to date")


@i18n.command(name="check")
@click.option(
    "--lang", metavar="LANG", callback=_lang, help="Only this language (default: every one)."
)
def i18n_check(lang: str | None) -> None:
    """List each untranslated marked string, and each translation off its glossary (exit 1).

    Off the glossary: a translation without the word its language's glossary gives a term
    of its English (generator/i18n/glossary.py). Also each literal a player would read that
    is not marked at all (generator/i18n/unmarked.py).
    """
    from generator import i18n as words

    if lang == words.SOURCE:
        click.echo(f"{lang} is the source language: its words are the marked strings themselves")
        return
    langs = [lang] if lang else words.languages()
    skipped = [f"{d} ({code})" for code in langs for d in words.domains()
               if code not in words.declared(d)]  # fmt: skip
    try:
        problems = words.unmarked_literals()
        problems += [p for code in langs for d in words.domains() if code in words.declared(d)
                     for p in words.missing(d, code) + words.off_glossary(d, code)]  # fmt: skip
    except words.WordsError as err:
        problems = err.problems
    if skipped:
        click.echo(f"not checked, declaring no such translation: {', '.join(skipped)}")
    if problems:
        click.echo(render(problems))
        _fail(f"ttsmod: {len(problems)} string(s) unmarked, untranslated or off the glossary",
              EXIT_BAD_INPUT)  # fmt: skip
    click.echo(f"every marked string is translated, in its glossary's words "
               f"({', '.join(langs) or 'no language'})")  # fmt: skip


@main.command(name="probe-text")
@click.option(
    "--lang", metavar="LANG", required=True, callback=_lang,
    help="A language with a catalogue (ja).",
)  # fmt: skip
def probe_text(lang: str) -> None:
    """Write a save that shows LANG's words on every surface TTS draws text on.

    build/probe-text-LANG/ProbeText-LANG.json: numbered, the same short sample and every
    character the language's catalogues use, in the XmlUI (text and button), an object's
    name and description (its tooltip), 3D text, a button on an object, chat, a broadcast,
    the Notebook and the table's Notes. Load it in TTS and look at each number: docs/i18n.md
    says what to look for, and what to do about a surface that shows boxes.
    """
    from generator import i18n, paths
    from generator.outputs import OutputError, publish
    from generator.tts.checks import check_save
    from generator.tts.probe import probe_save

    if lang not in i18n.languages():
        _fail(f"ttsmod: no catalogue for '{lang}' (languages: {', '.join(i18n.languages())})",
              EXIT_BAD_INPUT)  # fmt: skip
    save = probe_save(lang)
    name = f"ProbeText-{lang}"
    problems = check_save(save, f"{name}.json", paths.BUILD / f"probe-text-{lang}")
    if problems:
        click.echo(render(problems))
        _fail("ttsmod: the probe save fails its checks; nothing was written", EXIT_BAD_INPUT)
    text = json.dumps(save, indent=2, ensure_ascii=False) + "\n"
    try:
        publish(paths.BUILD, {f"probe-text-{lang}/{name}.json": text.encode("utf-8")})
    except OutputError as err:
        _fail(f"ttsmod: {err}", EXIT_BAD_INPUT)
    where = display(paths.BUILD / f"probe-text-{lang}" / f"{name}.json")
    click.echo(f"wrote {where}: copy it into TTS's Saves folder, load it, and check each of "
               "the 10 numbered surfaces (docs/i18n.md)")  # fmt: skip


@main.command(name="games")
@click.option("--ids", is_flag=True, help="Only the ids, one a line (for scripts: make mod).")
@click.option("--tables", is_flag=True, help="With --ids: only the games that have a table.")
def list_games(ids: bool, tables: bool) -> None:
    """List the games ttsmod knows: id, name, players, and whether it has a table yet."""
    if ids:
        for game_id in games.ids():
            problem = games.load_problem(game_id)
            if problem is not None:
                click.echo(f"ttsmod: {problem}", err=True)  # the others are listed
        click.echo("\n".join(games.with_tables() if tables else games.loadable()))
        return
    for game_id in games.ids():
        problem = games.load_problem(game_id)
        if problem is not None:
            why = problem.partition(": ")[2]
            click.echo(f"{game_id}: cannot be loaded ({why}); `ttsmod check {game_id}` says more")
            continue
        found = games.get(game_id)
        try:
            low, high = found.player_range(found.engine())
        except Exception:  # a game in the making: `check` names what it lacks
            click.echo(f"{game_id}: {found.title}, in the making: `ttsmod check {game_id}` "
                       "says what it lacks")  # fmt: skip
            continue
        try:
            found.build_parts()
            table = "table: yes"
        except games.NoTable:
            table = "table: not yet (rules, data and engines only)"
        except Exception:
            table = f"table: in the making (`ttsmod check {game_id}`)"
        default = " (default)" if game_id == games.DEFAULT else ""
        click.echo(f"{game_id}{default}: {found.title}, {low}-{high} players; {table}")


@main.command()
@click.argument("game", default=games.DEFAULT, metavar="[GAME]")
def check(game: str) -> None:
    """Check that GAME provides every part the toolchain calls, before anything runs.

    One line for each part it lacks: where it belongs and what it is (a member of its
    binding, a card file's schema, an engine verb, a state field, a function of its Lua
    core, a part of its table's spec). Every build checks the same first.
    """
    from generator import contract

    if game not in games.MODULES:
        _fail(f"ttsmod: {cards.unknown_game(game)}", EXIT_BAD_INPUT)
    lacks = contract.check(game)
    for lack in lacks:
        click.echo(lack.format())
    if lacks:
        _fail(f"ttsmod: {game} lacks {len(lacks)} part(s) (above)", EXIT_BAD_INPUT)
    click.echo(f"{game}: every part the toolchain calls is there")


def _fail(message: str, status: int) -> None:
    click.echo(message, err=True)
    sys.exit(status)


def _game_and_record(args: tuple[str, ...]) -> tuple[str, Path]:
    """`[GAME] RECORD`: the game defaults to teg, as for every other command."""
    if len(args) == 1:
        return games.DEFAULT, Path(args[0])
    if len(args) == 2 and args[0] in cards.GAMES:
        return args[0], Path(args[1])
    if len(args) == 2:
        raise click.UsageError(cards.unknown_game(args[0]))
    raise click.UsageError("give the RECORD to replay, optionally after the game id")


@main.command()
@click.argument("args", nargs=-1, required=True, metavar="[GAME] RECORD")
@click.option(
    "--engine",
    type=click.Choice(["python", "lua", "both"]),
    default="python",
    show_default=True,
    help="both: replay in each, compare the states after every action, print the final one.",
)
@click.option(
    "--at",
    "at",
    type=click.IntRange(min=0),
    default=None,
    metavar="N",
    help="Show the game log through action N and the table then (status line, scoreboard), in "
    "players' words, instead of the final state.",
)
@click.option(
    "--step",
    is_flag=True,
    help="Show the game move by move from --at (or the start): each action's log entries and "
    "the status line after it (on a terminal, Enter shows the next, a number jumps there).",
)
@click.option(
    "--as",
    "reader",
    metavar="COLOR",
    default=None,
    help="With --at or --step: the log as this colour reads it (its own secrets too); a "
    "spectator's by default.",
)
def replay(
    args: tuple[str, ...], engine: str, at: int | None, step: bool, reader: str | None
) -> None:
    """Replay a game RECORD (JSON, or a TTS save) and print the final state as JSON.

    GAME defaults to teg. A finished game's score by category and its winner follow on
    stderr. With --at N (or --step) it shows the game log and the table at a move instead,
    as one colour (--as Red) or a spectator reads them: like a board-game site's replay.

    Exits 1 when the rules refuse an action (naming its index and the reason) or, with
    --engine both, when the engines disagree (naming the action and the first differing JSON
    path); 2 when the record is malformed or its setup cannot start a game. Actions are
    checked as the replay reaches them, so a bad one stops the replay there.
    """
    from generator.engines.errors import BadSetup
    from generator.engines.replay import ReplayError
    from generator.engines.replay import replay as run_replay
    from generator.recordfile import RecordError, action_problems, read_record

    game, record = _game_and_record(args)
    rules = games.get(game)
    try:
        read = read_record(record, game)
    except RecordError as err:
        _fail(render(err.problems), EXIT_BAD_INPUT)
    data, name = read.data, read.name
    with _progress_bar("replaying", len(data["actions"])) as advance:

        def check(index: int, action: Any) -> None:
            problems = action_problems(read, index, action)
            if problems:
                raise RecordError(problems)
            advance()

        try:
            if engine == "both":
                final = _replay_both(game, data, name, check)
            elif engine == "python":
                final_state = run_replay(rules.engine(), data, check)
                final = json.dumps(rules.report(final_state), indent=2, sort_keys=True)
            else:
                final = _replay_lua(game, data, check)
        except RecordError as err:
            _fail(render(err.problems), EXIT_BAD_INPUT)
        except BadSetup as err:
            _fail(f"{name}: /setup: {err} [SETUP]", EXIT_BAD_INPUT)
        except ReplayError as err:
            action = json.dumps(err.action, sort_keys=True)
            _fail(f"{name}: action {err.index + 1} {action}: {err.reason}", EXIT_RULES)
    mismatch = _resume_point_problem(game, data)
    if mismatch:
        _fail(f"{name}: /table/state: {mismatch}", EXIT_RULES)
    if reader is not None and at is None and not step:
        _fail("ttsmod: --as COLOR reads the log at a move: give --at N or --step too",
              EXIT_BAD_INPUT)  # fmt: skip
    if (at is not None or step) and not games.has_table(game):
        _fail(f"ttsmod: {game} has no table yet: its story (--at, --step) is told in the "
              "table's words", EXIT_BAD_INPUT)  # fmt: skip
    if at is not None or step:
        _tell(game, data, at, step, reader)
        return
    click.echo(final)
    if json.loads(final).get("phase") == "over" and games.has_table(game):
        from generator.harness.story import Teller

        told = Teller(game).tell(data)
        if told.final:
            click.echo(told.final, err=True)


def _story_checked(game: str, data: dict[str, Any], reader: str | None) -> None:
    """The story checker over the log `reader` read: each finding on stderr, then exit 1."""
    from generator.harness import storycheck

    found = storycheck.check_record(game, data, readers=[reader])
    for finding in found[:10]:
        click.echo(f"ttsmod: the log says what the states do not: {finding}", err=True)
    if found:
        _fail(f"ttsmod: {len(found)} log entr{'y' if len(found) == 1 else 'ies'} the states "
              "contradict (the story checker)", 1)  # fmt: skip


def _interactive() -> bool:
    """True when a person types the answers (--step waits for Enter then)."""
    return sys.stdin.isatty()


def _tell(game: str, data: dict[str, Any], at: int | None, step: bool, reader: str | None) -> None:
    """The story of a record (replay --at/--step).

    Its log as `reader` reads it, and the table at a move.
    """
    from generator.harness.story import Teller, colors_of

    if reader is not None:
        seated = data["setup"].get("players")
        known = [str(c) for c in seated] if isinstance(seated, list) else colors_of(game)
        match = next((c for c in known if c.lower() == reader.lower()), None)
        if match is None:
            _fail(f"ttsmod: --as {reader}: not a colour seated in this game (seated: "
                  f"{', '.join(known)})", EXIT_BAD_INPUT)  # fmt: skip
        reader = match
    total = len(data["actions"])
    if at is not None and at > total:
        _fail(f"ttsmod: --at {at}: the record holds {total} actions", EXIT_BAD_INPUT)
    told = Teller(game).tell(data, None, reader, every=True)
    who = f"as {reader} reads it" if reader else "as a spectator reads it"

    def table_at(n: int) -> str:
        move = told.moves[n] if n < len(told.moves) else {}
        rows = move.get("rows") or []
        width = [max(len(str(x)) for x in col) for col in zip(told.columns, *rows, strict=False)]
        lines = [f"  status: {move.get('status', '')}"]
        for row in [told.columns, *rows]:
            lines.append(
                "  " + "  ".join(str(x).ljust(w) for x, w in zip(row, width, strict=False))
            )
        if n == told.count and told.final:
            lines += ["  " + line for line in told.final.splitlines()]
        return "\n".join(lines)

    def lines_of(first: int, last: int) -> list[str]:
        return [f"{x['n']:>4}  {x['text']}" for x in told.lines if first <= x["n"] <= last]

    if not step:
        n = total if at is None else at
        click.echo(f"Game log through action {n} of {total}, {who}:")
        for line in lines_of(0, n):
            click.echo(line)
        click.echo(f"The table after action {n}:")
        click.echo(table_at(n))
        _story_checked(game, data, reader)
        return
    n = at or 0
    click.echo(f"Move by move, {who} (Enter: the next move, a number: that move, q: quit):")
    for line in lines_of(0, n):
        click.echo(line)
    click.echo(table_at(n))
    interactive = _interactive()
    while n < total:
        target = n + 1
        if interactive:
            answer = click.prompt(f"[{n}/{total}]", default="", show_default=False)
            if answer.strip().lower() in ("q", "quit"):
                return
            if answer.strip().isdigit():
                target = max(0, min(total, int(answer)))
        # the next move's entries; a move typed by number: that move's alone (a jump)
        first = n + 1 if target == n + 1 else target
        for line in lines_of(first, target):
            click.echo(line)
        n = target
        click.echo(table_at(n))


def _resume_point_problem(game: str, data: dict[str, Any]) -> str | None:
    """A saved table's resume point checked against the record's own actions.

    `table.state` is the state after `table.at` actions, what the table's onLoad starts
    from. Returns the difference, or None.
    """
    from generator.engines.errors import canonical
    from generator.harness.crosscheck import first_difference

    section = data.get("table")
    if not isinstance(section, dict) or "state" not in section:
        return None
    at = section.get("at", 0)
    engine = games.get(game).engine()
    s = engine.new_game(data["setup"])
    for action in data["actions"][:at]:
        s = engine.apply(s, action)
    want, got = json.loads(canonical(s)), section["state"]
    for key in games.get(game).transient:  # not saved at a resume point
        want.pop(key, None)
    if want == got:
        return None
    where = first_difference(got, want) or "/"
    return (
        f"is not the state after action {at} (first difference at {where}): the table "
        "would resume from a state its record does not reach"
    )


def _replay_lua(game: str, data: dict[str, Any], check: Any) -> str:
    from generator.engines.replay import replay as run_replay
    from generator.harness.lua_engine import LuaEngine

    lua = LuaEngine(game=game)
    state = run_replay(lua, data, check)
    report = games.get(game).report(json.loads(lua.encode(state)))
    return json.dumps(report, indent=2, sort_keys=True)


def _replay_both(game: str, data: dict[str, Any], name: str, check: Any) -> str:
    from generator.engines.errors import BadSetup
    from generator.harness.crosscheck import Divergence, Pair, Refusal, replay_both
    from generator.harness.lua_engine import LuaEngine

    rules = games.get(game)
    pair = Pair(rules.engine(), LuaEngine(game=game), game=game)
    found, final = replay_both(pair, data, check)
    if isinstance(found, Divergence):
        _fail(f"{name}: {found.describe()}", EXIT_RULES)
    if isinstance(found, Refusal):
        if found.index < 0:
            raise BadSetup(found.python)
        action = json.dumps(found.action, sort_keys=True)
        _fail(
            f"{name}: action {found.index + 1} {action}: both engines refuse it "
            f"(python: {found.python}; lua: {found.lua})",
            EXIT_RULES,
        )
    count = len(data["actions"])
    click.echo(f"{name}: python and lua agree after each of {count} action(s)", err=True)
    return json.dumps(rules.report(final), indent=2, sort_keys=True)


@main.command()
@GAME_OR_DIR
@FOLDER_GAME
@click.option("--games", "count", type=click.IntRange(1), default=100, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True)
@click.option(
    "--players",
    type=int,
    help="Player count, within the game's min-max (default: each count in turn).",
)
@click.option(
    "--bot",
    default="greedy,random",
    show_default=True,
    help="Bots by seat, comma-separated and repeating: greedy, random, or the table's "
    "levels easy and strong (their Lua twins must then choose alike at every decision).",
)
@click.option(
    "--choices/--no-choices",
    default=True,
    show_default=True,
    help="Also compare the options offered at every decision of every action "
    "(and of random detours off it).",
)
@click.option(
    "--lang",
    metavar="LANG",
    callback=_lang,
    help="Both engines speak LANG (its catalogues in cards/): every option's label is "
    "compared in it.",
)
@JOBS
def crosscheck(
    source: str,
    game: str | None,
    count: int,
    seed: int,
    players: int | None,
    bot: str,
    choices: bool,
    lang: str | None,
    jobs: int | None,
) -> None:
    """Self-play where every action is applied by both engines, compared after each one.

    GAME_OR_DIR: a game id (`ttsmod games` lists them; teg when left out), or a
    folder holding a copy of one's YAML files (--game names the game if the folder's name
    does not). Both engines read the same card data. On a divergence, prints the action and
    the first differing JSON path, writes the shortest record that still diverges to
    build/crosscheck/<game>/ and exits 1. With a table level (--bot strong), the Lua bot is
    asked every decision the Python bot answers, from the same state and seed, and a
    different choice is a divergence too. The games are spread over --jobs processes; game
    i depends on the seed and i alone, so the report is the same whatever their number.
    """
    from rich.progress import Progress

    from generator import i18n, paths
    from generator.harness.crosscheck import Plan, run_plan

    game, engine, report = _rules_of(source, game)
    rules = games.get(game)
    bots = _bots(game, bot)
    low, high = rules.player_range(engine)
    counts = _player_counts(game, [players] if players else list(range(low, high + 1)), engine)
    if lang is not None and lang != i18n.SOURCE:
        try:
            i18n.translator(game, lang)
        except i18n.WordsError as err:
            click.echo(render(err.problems))
            _fail(f"ttsmod: the words in '{lang}' are not whole (above)", EXIT_BAD_INPUT)
    plan = Plan(str(report.source), game, seed, counts, bots, choices, lang)
    actions = 0
    with Progress(transient=True, console=_stderr_console()) as progress:
        task = progress.add_task("cross-checking", total=count)
        for index, checked in enumerate(run_plan(plan, count, jobs or _cores())):
            result = checked.result
            actions += result.actions
            progress.advance(task)
            if checked.story:
                progress.stop()
                click.echo(f"game {index}: the log says what the states do not "
                           f"({len(checked.story)} in all): {checked.story[0]}")  # fmt: skip
                name = f"story-seed{seed}-game{index:04d}.json"
                out = paths.BUILD / "crosscheck" / game / name
                out.parent.mkdir(parents=True, exist_ok=True)
                out.write_text(json.dumps(result.record, indent=1) + "\n", encoding="utf-8")
                _fail(f"ttsmod: the story checker found a false log entry: {display(out)}",
                      EXIT_RULES)  # fmt: skip
            if result.divergence is None:
                continue
            progress.stop()
            click.echo(f"game {index}: {result.divergence.describe()}")
            kept = len(result.divergence.record["actions"])
            name = f"divergence-seed{seed}-game{index:04d}.json"
            out = paths.BUILD / "crosscheck" / game / name
            try:
                out.parent.mkdir(parents=True, exist_ok=True)
                text = json.dumps(result.divergence.record, indent=1) + "\n"
                out.write_text(text, encoding="utf-8")
            except OSError as err:
                _fail(
                    f"ttsmod: cannot write the diverging record to {display(out)}: "
                    f"{err.strerror or err}",
                    EXIT_BAD_INPUT,
                )
            _fail(f"shortest diverging record ({kept} actions): {display(out)}", EXIT_RULES)
    levels = sorted({b for b in bots if b in ("easy", "strong")})
    twins = f"; the {' and '.join(levels)} bots' Lua twins chose alike" if levels else ""
    told = bool(getattr(rules, "numbers", None))
    story = "; every game's log true to its states (the story checker)" if told else ""
    click.echo(
        f"{count} game(s), {actions} action(s) applied by both engines"
        f"{' with every decision compared' if choices else ''}: 0 divergences{twins}{story}"
    )


@main.command()
@GAME_OR_DIR
@FOLDER_GAME
@click.option("--games", "count", type=click.IntRange(1), default=100, show_default=True)
@click.option(
    "--players",
    type=int,
    default=4,
    show_default=True,
    help="Player count, within the game's min-max.",
)
@click.option("--seed", type=int, default=1, show_default=True)
@click.option(
    "--bot",
    default="greedy",
    show_default=True,
    help="random, greedy, or the table's levels easy and strong; a comma-separated list gives "
    "each seat its own (repeating).",
)
@click.option(
    "--records",
    metavar="DIR",
    type=click.Path(path_type=Path, file_okay=False),
    help="Write each game's record to DIR/game-0001.json, ... (DIR must be empty or new).",
)
@click.option(
    "--force",
    is_flag=True,
    help="With --records: replace the game-*.json records already in DIR.",
)
@_format_option("text: the summary as lines; json: the same figures as one JSON object.")
@JOBS
def simulate(
    source: str,
    game: str | None,
    count: int,
    players: int,
    seed: int,
    bot: str,
    records: Path | None,
    force: bool,
    fmt: str,
    jobs: int | None,
) -> None:
    """Play seeded self-play games of either game and summarize them.

    The setup's chance comes from the seed (Tiny Epic Galaxies: missions dealt, the planet
    deck; Tiny Epic Mechs: the arena, pilots dealt, the weapon deck): the same seed gives
    the same games, summary and records, whatever the number of --jobs.

    GAME_OR_DIR: a game id (`ttsmod games` lists them; teg when left out), or a
    folder holding a copy of one's YAML files (--game names the game if the folder's name
    does not).
    """
    from rich.progress import Progress

    from generator.engines.selfplay import Batch, play_games

    game, engine, report = _rules_of(source, game)
    rules = games.get(game)
    bots = _bots(game, bot)
    _player_counts(game, [players], engine)
    batch = Batch(str(report.source), game, players, seed, bots)
    if records is not None:
        _records_folder(records, force)
    played = []
    with Progress(transient=True, console=_stderr_console()) as progress:
        task = progress.add_task("playing", total=count)
        for index, result in enumerate(play_games(batch, count, jobs or _cores()), 1):
            played.append(result)
            if records is not None:
                text = json.dumps(result.record, sort_keys=True, separators=(",", ":"))
                path = records / f"game-{index:04d}.json"
                try:
                    path.write_text(text + "\n", encoding="utf-8")
                except OSError as err:
                    progress.stop()
                    _fail(f"ttsmod: cannot write {display(path)}: {err.strerror}", EXIT_BAD_INPUT)
            progress.advance(task)
    summary = rules.summarize(engine, played)
    if fmt == "json":
        click.echo(json.dumps(summary.as_dict(), indent=2))
    else:
        click.echo(summary.text())


@main.command()
@GAME_OR_DIR
@FOLDER_GAME
@click.option("--games", "count", type=click.IntRange(1), default=10, show_default=True)
@click.option("--players", type=int, default=3, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True)
@click.option(
    "--bot",
    type=click.Choice(["mixed", "greedy", "random"]),
    default="mixed",
    show_default=True,
    help="mixed: greedy with one decision in five at random (so that rarer options are "
    "played too).",
)
@click.option(
    "--bots",
    "table_bots",
    type=click.IntRange(0),
    default=0,
    show_default=True,
    help="Seats the table's own bots play (the last K colours; the host gives them to bots "
    "in the Bots panel before Start); at least one player stays seated.",
)
@click.option(
    "--bot-level",
    type=click.Choice(["easy", "strong"]),
    default="strong",
    show_default=True,
    help="The level of the table's bots (each step checked against its Python twin).",
)
@click.option(
    "--records",
    metavar="DIR",
    type=click.Path(path_type=Path, file_okay=False),
    help="Write the record each table saved to DIR/game-0001.json, ...",
)
@click.option(
    "--logs",
    metavar="DIR",
    type=click.Path(path_type=Path, file_okay=False),
    help="Write what each colour's game log shows to DIR/game-0001-<Color>.log, one entry a "
    "line (Grey: a spectator's).",
)
@click.option("--force", is_flag=True, help="With --records or --logs: replace earlier files.")
@click.option(
    "--lang",
    metavar="LANG",
    callback=_lang,
    help="Play the table built in LANG (build/<game>-LANG, `ttsmod build --lang`); the story "
    "is told in it too.",
)
@click.option(
    "--ui-lang",
    metavar="LANG",
    callback=_lang,
    help="Play the build whose table speaks LANG, its cards --lang's (`ttsmod build --ui-lang`): "
    "the table's words, the story and what is seen are checked in LANG.",
)
@click.option(
    "--secrets-every",
    type=click.IntRange(1),
    default=1,
    show_default=True,
    help="Answers between two looks at what every colour can read (1: after every answer).",
)
@INTERPRETER
def playtest(
    source: str,
    game: str | None,
    count: int,
    players: int,
    seed: int,
    bot: str,
    table_bots: int,
    bot_level: str,
    records: Path | None,
    logs: Path | None,
    force: bool,
    lang: str | None,
    ui_lang: str | None,
    secrets_every: int,
    interpreter: str | None,
) -> None:
    """Play whole games at a headless TTS through the table's own UI, checked against Python.

    GAME_OR_DIR: a game id (`ttsmod games` lists them; teg when left out), or a
    folder holding a copy of one's YAML files (--game names the game if the folder's name
    does not).

    Loads the built save (rebuilt first if the sources changed) in the emulator, seats
    PLAYERS, and plays GAMES games in which bots only click what their colour can see and
    answer their own private dialogs, while the table throws its own dice. Every decision
    the table asks is compared with the options the Python engine offers, and after every
    answer the record and state; each game's saved record replays to the same final state.
    In every second game a player leaves for a while (the host decides for them from what
    the host may see; they come back for a secret choice only they may make). After every
    answer (--secrets-every), what every colour can read is searched for the
    others' secrets (Go Fish: every card in a hand; Tiny
    Epic Galaxies: secret missions, the planet deck's order; Tiny Epic Mechs: pilots,
    programs, mine numbers, the weapon deck's order). Each game's log, as every colour reads
    it, is checked against the states for a game that declares its numbers (the story
    checker: every total, every change given, no change left out or without its cause).
    Prints each handler's counted instructions and modelled ms on MoonSharp 2.0 against the
    goals, and what a load of the longest game costs. Exit 1 on any difference, leak or
    false log entry, naming the game, the answer (or the action and entry) and
    the first differing field (its record is written to --records, or to the working
    folder). With --bots K the last K seats are the table's own bots: every step one takes
    must be its Python twin's answer from the same state, path and seed.
    """
    from rich.progress import Progress

    from generator.harness.play import Costs

    game, engine, report = _rules_of(source, game)
    rules = games.get(game)
    try:
        table = rules.build_parts()
    except games.NoTable as err:
        _fail(f"ttsmod: {err}", EXIT_BAD_INPUT)
    run = table.playtest.run
    _player_counts(game, [players], engine)
    if table_bots >= players:
        _fail(f"ttsmod: --bots must leave a player seated (at most {players - 1} with "
              f"--players {players})", EXIT_BAD_INPUT)  # fmt: skip
    colors = list(table.playtest.HOOKS.colors(engine))[:players]
    seats = {c: bot_level for c in colors[players - table_bots :]} if table_bots else None
    if records is not None:
        _records_folder(records, force)
    if logs is not None:
        _records_folder(logs, force, "game-*.log")
    if interpreter is not None:
        _check_interpreter(interpreter)  # before a build: a wrong DLL is refused at once
    _, save = _current_save(source, lang=lang, ui_lang=ui_lang)
    assert save is not None
    lang = ui_lang or lang  # the table's language: its Lua and its names speak it, not its images
    costs = Costs()
    twins = Costs()
    failed = None
    actions = clicks = rolls = steps = 0
    longest = None
    if interpreter is not None:
        _warm_up(save, interpreter)
    from generator.harness import storycheck
    from generator.harness.story import Teller

    numbers = getattr(rules, "numbers", None)
    from generator import i18n

    words = None
    if lang is not None and lang != i18n.SOURCE:
        # the Python twin speaks the table's language: its card data's words and its labels
        words = i18n.translator(game, lang)  # (the build above checked it is whole)
        spoken = i18n.translate_cards(report, words)
        engine = rules.engine(spoken.data)  # type: ignore[attr-defined]
    from generator.harness import seen

    # another language: every word a colour reads in Latin script is named (harness.seen)
    ok = seen.allowed(seen.names_in(spoken.documents)) if words else None  # type: ignore[attr-defined]
    foreign: dict[Any, Any] = {}
    teller = Teller(game) if numbers else None
    told_in = None
    if numbers and words:
        told_in = Teller(game, spoken.documents, words=words)  # type: ignore[attr-defined]
    with (
        Progress(transient=True, console=_stderr_console()) as progress,
        i18n.speaking(words),
        seen.reading(ok),
    ):
        task = progress.add_task("playing at the table", total=count)
        for result in run(engine, save, count, players, seed, bot, count=True, bots=seats,
                          interpreter=interpreter, secrets_every=secrets_every):  # fmt: skip
            assert result.table is not None
            costs.add(result.table)
            if result.twin is not None and result.twin.table is not None:
                twins.add(result.twin.table)
                result.twin.table = None
            if result.problem is None and result.record is not None and numbers:
                found = storycheck.check_record(game, result.record, teller, logs=result.logs,
                                                table_teller=told_in)  # fmt: skip
                if found:
                    result.problem = (f"game {result.index + 1}: the log says what the states "
                                      f"do not ({len(found)} in all): {found[0]}")  # fmt: skip
            for key, f in result.foreign.items():
                foreign.setdefault(key, f)
            actions += result.actions
            clicks += result.clicks
            rolls += result.rolls
            steps += result.bot_steps
            if longest is None or result.actions > longest.actions:
                longest = result
            folder = records if records is not None else None
            if result.problem and folder is None:
                folder = Path(".")
            if folder is not None and result.record is not None:
                path = folder / f"game-{result.index + 1:04d}.json"
                text = json.dumps(result.record, sort_keys=True, separators=(",", ":"))
                path.write_text(text + "\n", encoding="utf-8")
                if result.problem:
                    result.problem += f" (its record: {display(path)})"
            if logs is not None:
                for color, text in result.logs.items():
                    path = logs / f"game-{result.index + 1:04d}-{color}.log"
                    path.write_text(text + "\n" if text else "", encoding="utf-8")
            result.table = None  # free the table
            progress.advance(task)
            if result.problem:
                failed = result
                break
    click.echo(
        f"{count if failed is None else failed.index + 1} game(s), {players} players, seed {seed}: "
        f"{actions} actions, {clicks} clicks"
        + (f" ({clicks / actions:.2f} clicks an action)" if actions else "")
        + (f", {rolls} rolls of the dice" if rolls else "")
        + (
            f", {steps} steps by the table's {bot_level} bots ({', '.join(seats)}), each its "
            "Python twin's"
            if seats
            else ""
        )
    )
    lupa = "the Lua heap on lupa, the script's own"
    if interpreter is None:
        lines = [costs.text(), costs.garbage_text(actions, lupa)]
    else:
        lines = [costs.real_text(twins, _bridge_line()),
                 costs.garbage_text(actions, "MoonSharp's thread, the bridge's own taken out"),
                 twins.garbage_text(actions, lupa)]  # fmt: skip
    click.echo("\n".join(line for line in lines if line))
    if longest is not None and longest.saved is not None:
        from generator.harness.play import measure_load

        click.echo(measure_load(save, longest.saved, longest.actions).text())
        if interpreter is not None:
            load = measure_load(save, longest.saved, longest.actions, interpreter=interpreter)
            click.echo(load.text())
    if ok is not None:
        click.echo(seen.summary(foreign))
    if failed is not None:
        _fail(f"ttsmod: {failed.problem}", 1)
    if foreign:
        _fail(f"ttsmod: {len(foreign)} Latin-script word(s) or ASCII mark(s) a player reads at "
              f"the {lang} table (above): translate them, or name them in the card data",
              1)  # fmt: skip


def _check_interpreter(interpreter: str) -> None:
    """A DLL that cannot be used (or no runtime to host it) refused in one line."""
    from generator.harness.tts.clr import InterpreterError, check

    try:
        check(interpreter)
    except InterpreterError as err:
        _fail(f"ttsmod: {err}", EXIT_BAD_INPUT)


def _warm_up(save: dict[str, Any], interpreter: str) -> None:
    """play.warm_up, a DLL that cannot be used refused in one line."""
    from generator.harness.play import warm_up
    from generator.harness.tts.clr import InterpreterError

    try:
        warm_up(save, interpreter)
    except InterpreterError as err:
        _fail(f"ttsmod: {err}", EXIT_BAD_INPUT)


def _bridge_line() -> str:
    """What the bridge to MoonSharp costs, as taken out of every figure."""
    from generator.harness.tts.clr import measured_bridge

    found = measured_bridge()
    if found is None:
        return ""
    return (
        f"on {found['version']} through pythonnet: taken out of every figure, the Python "
        f"behind each API call and member read (timed), {found['callback_us']:.1f} us a "
        f"crossing into Python, {found['member_read_us']:.1f} us a member read, "
        f"{found['call_us']:.1f} us a call from Python (measured at start); of the bytes "
        f"allocated, the conversions (measured) and {found['callback_bytes']:,} B a "
        f"crossing, {found['member_read_bytes']:,} B a member read, "
        f"{found['call_bytes']:,} B a call; mono's garbage collection counts (the bridge "
        "adds to it)"
    )


def _records_folder(records: Path, force: bool, pattern: str = "game-*.json") -> None:
    """Make --records (or --logs) ready: new or empty, or emptied of `pattern` files.

    Emptying needs --force.
    """
    try:
        if records.is_dir() and any(records.iterdir()):
            if not force:
                _fail(
                    f"ttsmod: {display(records)} is not empty: the files of two runs would mix; "
                    f"give a new folder, or --force to replace its {pattern} files",
                    EXIT_BAD_INPUT,
                )
            for old in records.glob(pattern):
                old.unlink()
        records.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        _fail(f"ttsmod: cannot use {display(records)}: {err.strerror}", EXIT_BAD_INPUT)


def _rules_of(source: str, game: str | None) -> tuple[str, Any, cards.Report]:
    """A game id or card folder made ready to play: (game, Python engine, card data).

    Bad card data: its problems, and exit 2.
    """
    report = _report(source, game)
    if not report.ok:
        click.echo(render(report.problems))
        _fail(f"ttsmod: the card data has the problems above ({display(report.source)})",
              EXIT_BAD_INPUT)  # fmt: skip
    return report.game, games.get(report.game).engine(report.own_data), report


def _lua_engine(
    game: str, report: cards.Report, seed: int, words: dict[str, str] | None = None
) -> Any:
    """The Lua core over the same card data as `_rules_of` read (in `words`' language)."""
    from generator.harness.lua_engine import LuaEngine
    from generator.luabuild.scripts import generated_modules

    assert report.documents is not None
    data = generated_modules(game, report.documents)[f"{game}.data"]
    return LuaEngine({f"{game}.data": data}, seed=seed, game=game, words=words)


def _bots(game: str, option: str) -> list[str]:
    """The --bot option as a list of known bot names (exit 2 on an unknown one)."""
    BOTS = games.get(game).bots()
    bots = [b.strip() for b in option.split(",")]
    unknown = [b for b in bots if b not in BOTS]
    if unknown:
        _fail(f"ttsmod: unknown bot '{unknown[0]}' (known: {', '.join(BOTS)})", EXIT_BAD_INPUT)
    return bots


def _player_counts(game: str, counts: list[int], engine: Any = None) -> list[int]:
    """Player counts the game supports (exit 2 otherwise)."""
    rules = games.get(game)
    low, high = rules.player_range(engine or rules.engine())
    if any(not low <= n <= high for n in counts):
        _fail(f"ttsmod: --players must be {low}-{high}", EXIT_BAD_INPUT)
    return counts


def _stderr_console() -> Any:
    from rich.console import Console

    return Console(stderr=True)


# --- working against a running TTS (External Editor API) ---------------------------------------


def _live_options(command: Any) -> Any:
    """--port, --listen and --timeout, shared by the commands that talk to TTS."""
    command = click.option(
        "--timeout",
        type=click.FloatRange(min=0.1),
        default=10.0,
        show_default=True,
        help="Seconds to wait for TTS's answer.",
    )(command)
    from generator.live.protocol import EDITOR_PORT, TTS_PORT

    for flag, name, default, env, text in (
        ("--listen", "listen_port", EDITOR_PORT, "TTSMOD_EDITOR_PORT", "Port we receive on."),
        ("--port", "tts_port", TTS_PORT, "TTSMOD_TTS_PORT", "TTS's port (127.0.0.1 only)."),
    ):
        command = click.option(
            flag,
            name,
            type=click.IntRange(1, 65535),
            default=default,
            show_default=True,
            envvar=env,
            help=text,
        )(command)
    return command


def _build_args(source: str, lang: str | None, ui_lang: str | None) -> str:
    """What `ttsmod build` is given to make the build `install` asks for."""
    said = source + (f" --lang {lang}" if lang else "")
    return said + (f" --ui-lang {ui_lang}" if ui_lang else "")


def _current_save(
    source: str, rebuild: bool = True, lang: str | None = None, ui_lang: str | None = None
) -> tuple[str, dict[str, Any] | None]:
    """The game and its built save (in `lang`, its table in `ui_lang`).

    Rebuilt first when the sources changed.
    """
    from generator import i18n, paths
    from generator.build import build_key, game_folder, read_manifest, source_hash

    game, card_folder = cards.resolve(source)
    if ui_lang == (lang or i18n.SOURCE):
        ui_lang = None  # (the build's own rule: a table in its cards' language is that build)
    key = build_key(game, card_folder, lang, ui_lang)
    folder = game_folder(paths.BUILD, key)
    manifest = read_manifest(paths.BUILD, key)
    save_path = folder / str((manifest or {}).get("save"))
    stale = (
        manifest is None
        or manifest.get("source_hash") != source_hash(game, card_folder, lang, ui_lang)
        or not save_path.is_file()
    )
    if stale:
        if not rebuild:
            return game, None
        settings = manifest or {}
        click.echo(f"{display(folder)} is missing or out of date: building it", err=True)
        result = _run_build(source, settings.get("asset_base_url"), settings.get("font"), lang,
                            ui_lang)  # fmt: skip
        save_path = result.folder / f"{result.save_name}.json"
    return game, json.loads(save_path.read_text(encoding="utf-8"))


@contextmanager
def _session(game: str, tts_port: int, listen_port: int, timeout: float) -> Iterator[Any]:
    from generator.live.protocol import Listener, LiveError
    from generator.live.session import Session

    try:
        listener = Listener(listen_port)
    except LiveError as err:
        _fail(f"ttsmod: {err}", EXIT_BAD_INPUT)
    try:
        yield Session(listener, game, tts_port, timeout)
    except LiveError as err:
        _fail(f"ttsmod: {err}", EXIT_BAD_INPUT)
    finally:
        listener.close()


def _show(outcome: Any) -> None:
    """Print what TTS said: errors in red on a terminal, plain text when piped."""
    console = _stderr_console() if sys.stdout.isatty() else None
    for text, error in outcome.lines:
        if console is not None and error:
            console.print(text, style="red", markup=False, highlight=False)
        else:
            click.echo(text, err=error)
    for _name, _guid, diffs in outcome.diffs:
        for diff in diffs:
            if diff.diff:
                click.echo(diff.diff, nl=False)


@main.command()
@GAME_OR_DIR
@_live_options
def push(source: str, tts_port: int, listen_port: int, timeout: float) -> None:
    """Build if the sources changed, then Save & Play every script and UI in a running TTS.

    Prints what TTS answers; a Lua error it reports is shown at our source line
    (lua/<module>.lua:<line>) with that line. Exit 0 on success, 1 when TTS reported a Lua
    error, 2 on bad input or when TTS cannot be reached.
    """
    game, save = _current_save(source)
    assert save is not None
    with _session(game, tts_port, listen_port, timeout) as session:
        outcome = session.push(save)
    _show(outcome)
    sys.exit(EXIT_RULES if outcome.errors else EXIT_OK)


@main.command(name="exec")
@click.argument("code", metavar="LUA")
@click.option("--guid", default="-1", show_default=True, help="The object to run in (-1: Global).")
@click.option(
    "--game", "source", default=games.DEFAULT, show_default=True, help="The game (for lines)."
)
@_live_options
def exec_(
    code: str, guid: str, source: str, tts_port: int, listen_port: int, timeout: float
) -> None:
    """Run a Lua snippet in the running game and print its return value (or its error).

    LUA `-` reads the snippet from standard input. The object must already have a script.
    """
    if code == "-":
        code = sys.stdin.read()
    if not code.strip():
        _fail("ttsmod: the Lua snippet is empty", EXIT_BAD_INPUT)
    game, save = _current_save(source, rebuild=False)
    with _session(game, tts_port, listen_port, timeout) as session:
        if save is not None:
            session.know(save)
        outcome = session.execute(code, guid)
    _show(outcome)
    sys.exit(EXIT_RULES if outcome.errors else EXIT_OK)


@main.command()
@GAME_OR_DIR
@_live_options
def pull(source: str, tts_port: int, listen_port: int, timeout: float) -> None:
    """Ask TTS for its scripts and report, per object, whether they differ from our build.

    Differences are shown module by module (a diff of the unbundled modules). Our sources
    are never changed.
    """
    game, save = _current_save(source)
    assert save is not None
    with _session(game, tts_port, listen_port, timeout) as session:
        outcome = session.pull(save)
    _show(outcome)
    sys.exit(EXIT_OK)


@main.command()
@GAME_OR_DIR
@_live_options
@click.option(
    "--debounce",
    type=click.IntRange(50),
    default=300,
    show_default=True,
    help="Milliseconds of quiet after a change before rebuilding.",
)
@click.option(
    "--stop-after",
    type=click.IntRange(1),
    default=None,
    hidden=True,
    help="Stop after this many pushes (for tests and benchmarks).",
)
def watch(
    source: str,
    tts_port: int,
    listen_port: int,
    timeout: float,
    debounce: int,
    stop_after: int | None,
) -> None:
    """Rebuild on every change to the cards, Lua or schemas, and push to the running TTS.

    Streams TTS's prints and errors (mapped to our source lines) as they come. Keeps going
    when a build fails (nothing is pushed) or TTS is not running (the next change retries).
    Stop with Ctrl-C.
    """
    from generator.live.watch import run_watch

    game, card_folder = cards.resolve(source)
    try:
        with _session(game, tts_port, listen_port, timeout) as session:
            for outcome in run_watch(session, source, card_folder, debounce, stop_after):
                _show(outcome)
    except KeyboardInterrupt:  # Ctrl-C is how watch stops: no traceback, exit status 0
        click.echo("ttsmod: stopped watching", err=True)
