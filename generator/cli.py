"""The `ttsmod` command line.

A thin layer: it parses arguments, calls the pure core and maps results to output and status.

Exit status: 0 clean; 1 the rules refused an action or two engines disagree (later commands);
2 bad input (card data, a record, arguments) or the command could not run.
"""

from __future__ import annotations

import json
import sys
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
def build(game: str) -> None:
    """Build GAME's mod into build/ (`make mod` runs this for teg).

    This version validates the card data and reports what it loaded; rendering, the Lua
    bundle and the TTS save are added to this command as they land.
    """
    report = _report(game, None)
    _print_report(report, "text")
    if not report.ok:
        sys.exit(EXIT_BAD_INPUT)
    click.echo("build: card data loaded; no TTS save is written by this version yet")


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
def replay(game: str, record: Path) -> None:
    """Replay a game RECORD (JSON) and print the final state as JSON.

    Exits 1 when the rules refuse an action (naming its index and the reason), 2 when the
    record is malformed or its setup cannot start a game.
    """
    from generator.engines.teg import BadSetup, load_engine
    from generator.engines.teg.records import ReplayError
    from generator.engines.teg.records import replay as run_replay

    data = _read_record(record, game)
    try:
        final = run_replay(load_engine(), data)
    except BadSetup as err:
        _fail(f"{display(record)}: /setup: {err} [SETUP]", EXIT_BAD_INPUT)
    except ReplayError as err:
        action = json.dumps(err.action, sort_keys=True)
        _fail(f"{display(record)}: action {err.index} {action}: {err.reason}", EXIT_RULES)
    click.echo(json.dumps(final, indent=2, sort_keys=True, ensure_ascii=False))


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
    from generator.engines.teg.bots import BOTS
    from generator.engines.teg.simulate import run, summarize

    engine = load_engine()
    bots = [b.strip() for b in bot.split(",")]
    unknown = [b for b in bots if b not in BOTS]
    if unknown:
        _fail(f"ttsmod: unknown bot '{unknown[0]}' (known: {', '.join(BOTS)})", EXIT_BAD_INPUT)
    rules = engine.data.rules
    if not rules.min_players <= players <= rules.max_players:
        _fail(f"ttsmod: --players must be {rules.min_players}-{rules.max_players}", EXIT_BAD_INPUT)
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


def _stderr_console() -> Any:
    from rich.console import Console

    return Console(stderr=True)
