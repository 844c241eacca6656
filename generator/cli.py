"""The `ttsmod` command line.

A thin layer: it parses arguments, calls the pure core and maps results to output and status.

Exit status: 0 clean; 1 the rules refused an action or two engines disagree (later commands);
2 bad input (card data, a record, arguments) or the command could not run.
"""

from __future__ import annotations

import json
import sys

import click

from generator import __version__, cards
from generator.paths import display
from generator.problems import render

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
