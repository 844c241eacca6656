"""The `ttsmod` command line.

A thin layer: it parses arguments, calls the pure core and maps results to output and status.

Exit status: 0 clean; 1 the rules refused an action or two engines disagree (later commands);
2 bad input (card data, a record, arguments) or the command could not run.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click

from generator import __version__, cards
from generator.paths import display
from generator.problems import Problem, pointer, render

EXIT_OK, EXIT_RULES, EXIT_BAD_INPUT = 0, 1, 2

FORMAT = click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="text: one `file:line:col: pointer: message [CODE]` per problem; json: a record list.",
)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="ttsmod")
def main() -> None:
    """ttsmod: build a scripted Tabletop Simulator mod from a board game's card data."""


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
            "problems": json.loads(render(report.problems, "json")),
        }
        click.echo(json.dumps(payload, indent=2, ensure_ascii=False))
        return
    if report.ok:
        assert report.data is not None
        click.echo(f"ok: {report.data.summary()}")
        return
    click.echo(render(report.problems))
    files = len({p.file for p in report.problems})
    click.echo(
        f"{len(report.problems)} problem(s) in {files} file(s) of {display(report.source)}",
        err=True,
    )


@main.command()
@click.argument("source", default="teg", metavar="[GAME_OR_DIR]")
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


@main.command()
@click.argument("game", default="teg")
@click.option(
    "--asset-base-url",
    metavar="URL",
    help="Where friends will download the images from (default: file:/// URLs to "
    "build/assets, which only this computer can read).",
)
@click.option(
    "--font",
    "font_path",
    type=click.Path(dir_okay=False),
    help="A TrueType font for card text (default: the font bundled with Pillow).",
)
def build(game: str, asset_base_url: str | None, font_path: str | None) -> None:
    """Build GAME's mod into build/ (`make mod` runs this for teg).

    Validates the card data, bundles and lints the Lua, renders every image (cached by
    content), assembles the TTS save and checks it, then writes build/<Game>.json, its
    thumbnail build/<Game>.png, build/assets/ and build/scripts/. Nothing in build/ changes
    unless every step succeeds.
    """
    result = _run_build(game, asset_base_url, font_path)
    click.echo(
        f"wrote {result.save_name}.json ({result.files[f'{result.save_name}.json']:,} bytes), "
        f"{result.save_name}.png, {sum(1 for f in result.files if f.startswith('assets/'))} "
        f"images in assets/ ({result.images_drawn} drawn, {result.images_reused} reused)"
    )


def _run_build(game: str, asset_base_url: str | None, font_path: str | None) -> Any:
    from generator.build import BuildError, build
    from generator.outputs import OutputError
    from generator.paths import BUILD
    from generator.render.draw import FontError

    report = _report(game, None)
    _print_report(report, "text")
    if not report.ok:
        sys.exit(EXIT_BAD_INPUT)
    with _progress("rendering") as steps:
        try:
            result = build(report.game, BUILD, asset_base_url, font_path, steps, report)
        except BuildError as err:
            click.echo(render(err.problems))
            _fail(f"build stopped at {err.stage}; build/ is unchanged", EXIT_BAD_INPUT)
        except (FontError, OutputError) as err:
            _fail(f"ttsmod: {err}; build/ is unchanged", EXIT_BAD_INPUT)
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


@main.command()
@click.argument("game", default="teg")
@click.option(
    "--saves-dir",
    type=click.Path(file_okay=False, path_type=Path),
    help="TTS's Saves folder (default: found for Windows, macOS or Linux).",
)
def install(game: str, saves_dir: Path | None) -> None:
    """Copy the built save and its thumbnail into TTS's Saves folder.

    An existing file that differs is kept as <name>.bak (then .bak2, ...), never overwritten.
    """
    from generator import cards as card_data
    from generator.build import save_file_name
    from generator.install import InstallError, default_saves_dir, install_files
    from generator.paths import BUILD

    name = save_file_name(card_data.load(game).rules.name)
    sources = [BUILD / f"{name}.json", BUILD / f"{name}.png"]
    if not all(p.is_file() for p in sources):
        _fail(f"ttsmod: no {display(sources[0])}: run `ttsmod build {game}` first", EXIT_BAD_INPUT)
    try:
        target = saves_dir or default_saves_dir()
        for line in install_files(sources, target, create=saves_dir is not None):
            click.echo(line)
    except InstallError as err:
        _fail(f"ttsmod: {err}", EXIT_BAD_INPUT)


@main.command()
@click.argument("game", default="teg")
def preview(game: str) -> None:
    """Build GAME, then draw build/preview.png: the whole table seen from above.

    Every object is drawn at its position with its image (cards, decks, mats, dice,
    tokens) and zones as outlines, so a designer sees the layout without launching TTS.
    """
    from generator.paths import BUILD
    from generator.tts.preview import draw_preview

    result = _run_build(game, None, None)
    save = json.loads((BUILD / f"{result.save_name}.json").read_text(encoding="utf-8"))
    image, drawn = draw_preview(save, BUILD / "assets")
    image.save(BUILD / "preview.png")
    total = len(save["ObjectStates"])
    click.echo(f"wrote {display(BUILD / 'preview.png')}: {drawn} of {total} objects drawn")


@main.command()
@click.argument("game", default="teg")
@FORMAT
def lint(game: str, fmt: str) -> None:
    """Bundle GAME's Lua scripts and lint them for TTS (also run by every build).

    Each script must compile under Lua 5.2 and avoid what MoonSharp lacks or does
    differently: Lua 5.3 operators, goto, MoonSharp-only syntax, load/io/debug, undefined
    globals, globals written in the rules core, non-string %s arguments to string.format.
    Findings name the module's own file and line. Exits 2 when there is any.
    """
    from generator.luabuild.scripts import build_scripts

    report = _report(game, None)
    if not report.ok or report.documents is None:
        _print_report(report, fmt)
        sys.exit(EXIT_BAD_INPUT)
    scripts = build_scripts(report.game, report.documents)
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


GAME = click.argument("game", type=click.Choice(sorted(cards.GAMES)))


def _fail(message: str, status: int) -> None:
    click.echo(message, err=True)
    sys.exit(status)


def _read_record(path: Path, game: str) -> dict[str, Any]:
    """Read and schema-check a game record; exit 2 with every problem if it is malformed."""
    from generator.schemas import errors, schema_path

    name = display(path)
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except OSError as err:
        _fail(f"{name}: cannot read: {err.strerror}", EXIT_BAD_INPUT)
    except UnicodeDecodeError:
        _fail(f"{name}: not UTF-8 text", EXIT_BAD_INPUT)
    except json.JSONDecodeError as err:
        _fail(f"{name}:{err.lineno}:{err.colno}: invalid JSON: {err.msg}", EXIT_BAD_INPUT)
    problems = [
        Problem(name, None, None, pointer(e.absolute_path), "SCHEMA", e.message)
        for e in errors(record, schema_path(game, "log"))
    ]
    if problems:
        _fail(render(problems), EXIT_BAD_INPUT)
    return record


@main.command()
@GAME
@click.argument("record", type=click.Path(path_type=Path, dir_okay=False))
@click.option(
    "--engine",
    type=click.Choice(["python", "lua", "both"]),
    default="python",
    show_default=True,
    help="both: replay in each and compare the states after every action.",
)
def replay(game: str, record: Path, engine: str) -> None:
    """Replay a game RECORD (JSON) and print the final state as JSON.

    Exits 1 when the rules refuse an action (naming its index and the reason) or, with
    --engine both, when the engines disagree (naming the action and the first differing JSON
    path); 2 when the record is malformed or its setup cannot start a game.
    """
    from generator.engines.teg import BadSetup, load_engine
    from generator.engines.teg.records import ReplayError
    from generator.engines.teg.records import replay as run_replay

    data = _read_record(record, game)
    name = display(record)
    if engine == "both":
        _replay_both(data, name)
        return
    try:
        if engine == "python":
            final = json.dumps(run_replay(load_engine(), data), indent=2, sort_keys=True)
        else:
            final = _replay_lua(data)
    except BadSetup as err:
        _fail(f"{name}: /setup: {err} [SETUP]", EXIT_BAD_INPUT)
    except ReplayError as err:
        action = json.dumps(err.action, sort_keys=True)
        _fail(f"{name}: action {err.index} {action}: {err.reason}", EXIT_RULES)
    click.echo(final)


def _replay_lua(data: dict[str, Any]) -> str:
    from generator.engines.teg.records import replay as run_replay
    from generator.harness.lua_engine import LuaEngine

    lua = LuaEngine()
    return json.dumps(json.loads(lua.encode(run_replay(lua, data))), indent=2, sort_keys=True)


def _replay_both(data: dict[str, Any], name: str) -> None:
    from generator.engines.teg import load_engine
    from generator.harness.crosscheck import Divergence, Pair, Refusal, check_record
    from generator.harness.lua_engine import LuaEngine

    pair = Pair(load_engine(), LuaEngine())
    found = check_record(pair, data)
    if isinstance(found, Divergence):
        _fail(f"{name}: {found.describe()}", EXIT_RULES)
    if isinstance(found, Refusal):
        action = json.dumps(found.action, sort_keys=True)
        _fail(
            f"{name}: action {found.index} {action}: both engines refuse it "
            f"(python: {found.python}; lua: {found.lua})",
            EXIT_RULES,
        )
    click.echo(f"{name}: python and lua agree after each of {len(data['actions'])} action(s)")


@main.command()
@GAME
@click.option("--games", type=click.IntRange(1), default=100, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--players", type=click.IntRange(1), help="Player count (default: 2-5 in turn).")
@click.option(
    "--bot",
    default="greedy,random",
    show_default=True,
    help="Bots by seat, comma-separated and repeating: greedy, random.",
)
@click.option(
    "--legal/--no-legal",
    default=True,
    show_default=True,
    help="Also compare the lists of legal actions after every action.",
)
def crosscheck(
    game: str, games: int, seed: int, players: int | None, bot: str, legal: bool
) -> None:
    """Self-play where every action is applied by both engines, compared after each one.

    On a divergence, prints the action and the first differing JSON path, writes the
    shortest record that still diverges to build/<game>/crosscheck/ and exits 1.
    """
    from rich.progress import Progress

    from generator.engines.teg import load_engine
    from generator.harness.crosscheck import Pair
    from generator.harness.crosscheck import crosscheck as run_crosscheck
    from generator.harness.lua_engine import LuaEngine
    from generator.paths import BUILD

    engine = load_engine()
    bots = _bots(bot)
    rules = engine.data.rules
    counts = _player_counts(
        [players] if players else list(range(rules.min_players, rules.max_players + 1))
    )
    pair = Pair(engine, LuaEngine(seed=seed), compare_legal=legal)
    actions = 0
    with Progress(transient=True, console=_stderr_console()) as progress:
        task = progress.add_task("cross-checking", total=games)
        for index, result in enumerate(run_crosscheck(pair, games, seed, counts, bots)):
            actions += result.actions
            progress.advance(task)
            if result.divergence is not None:
                progress.stop()
                out = BUILD / game / "crosscheck" / f"divergence-seed{seed}-game{index:04d}.json"
                out.parent.mkdir(parents=True, exist_ok=True)
                out.write_text(json.dumps(result.divergence.record, indent=1) + "\n", "utf-8")
                click.echo(f"game {index}: {result.divergence.describe()}")
                kept = len(result.divergence.record["actions"])
                _fail(f"shortest diverging record ({kept} actions): {display(out)}", EXIT_RULES)
    click.echo(
        f"{games} game(s), {actions} action(s) applied by both engines"
        f"{' with legal actions compared' if legal else ''}: 0 divergences"
    )


@main.command()
@GAME
@click.option("--games", type=click.IntRange(1), default=100, show_default=True)
@click.option("--players", type=click.IntRange(1), default=4, show_default=True)
@click.option("--seed", type=int, default=1, show_default=True)
@click.option(
    "--bot",
    default="greedy",
    show_default=True,
    help="random or greedy; a comma-separated list gives each seat its own (repeating).",
)
@click.option(
    "--records",
    type=click.Path(path_type=Path, file_okay=False),
    help="Write each game's record to DIR/game-0001.json, ...",
)
@FORMAT
def simulate(
    game: str, games: int, players: int, seed: int, bot: str, records: Path | None, fmt: str
) -> None:
    """Play seeded self-play games and summarize them.

    Deals random missions and shuffles the deck from the seed; the same seed gives the same
    games, summary and records.
    """
    from rich.progress import Progress

    from generator.engines.teg import load_engine
    from generator.engines.teg.simulate import run, summarize

    engine = load_engine()
    bots = _bots(bot)
    _player_counts([players])
    if records is not None:
        try:
            records.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            _fail(f"ttsmod: cannot create {display(records)}: {err.strerror}", EXIT_BAD_INPUT)
    played = []
    with Progress(transient=True, console=_stderr_console()) as progress:
        task = progress.add_task("playing", total=games)
        for index, result in enumerate(run(engine, games, players, seed, bots), start=1):
            played.append(result)
            if records is not None:
                text = json.dumps(result.record, sort_keys=True, separators=(",", ":"))
                (records / f"game-{index:04d}.json").write_text(text + "\n", encoding="utf-8")
            progress.advance(task)
    summary = summarize(engine, played)
    if fmt == "json":
        click.echo(json.dumps(summary.as_dict(), indent=2))
    else:
        click.echo(summary.text())


def _bots(option: str) -> list[str]:
    """The --bot option as a list of known bot names (exit 2 on an unknown one)."""
    from generator.engines.teg.bots import BOTS

    bots = [b.strip() for b in option.split(",")]
    unknown = [b for b in bots if b not in BOTS]
    if unknown:
        _fail(f"ttsmod: unknown bot '{unknown[0]}' (known: {', '.join(BOTS)})", EXIT_BAD_INPUT)
    return bots


def _player_counts(counts: list[int]) -> list[int]:
    """Player counts the game supports (exit 2 otherwise)."""
    from generator.engines.teg import load_engine

    rules = load_engine().data.rules
    if any(not rules.min_players <= n <= rules.max_players for n in counts):
        _fail(f"ttsmod: --players must be {rules.min_players}-{rules.max_players}", EXIT_BAD_INPUT)
    return counts


def _stderr_console() -> Any:
    from rich.console import Console

    return Console(stderr=True)
