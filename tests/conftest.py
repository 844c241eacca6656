"""Shared fixtures: the in-process CLI runner, a scratch copy of a game's cards, ../shared."""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import settings

from generator.build import BuildResult, build
from generator.cli import main
from generator.games.teg.rules import load_engine
from generator.paths import CARDS, ROOT

# Property tests explore the same examples on every run, so CI cannot turn red by chance;
# run `pytest --hypothesis-seed=N` (or another profile) to explore further by hand.
settings.register_profile("repeatable", derandomize=True)
settings.load_profile("repeatable")

# The suite already runs on every core (pytest -n): a command it runs plays its games in
# its own process unless a test asks for more (`--jobs 2`: the same report whatever N).
os.environ.setdefault("TTSMOD_JOBS", "1")


@dataclass
class Run:
    """What one CLI invocation did."""

    code: int
    stdout: str
    stderr: str
    exception: BaseException | None

    def __str__(self) -> str:
        return f"exit {self.code}\n--- stdout\n{self.stdout}\n--- stderr\n{self.stderr}"


@pytest.fixture
def cli():
    """Run `ttsmod ARGS...` in-process; the result prints itself when an assertion fails."""

    def run(*args: str) -> Run:
        result = CliRunner().invoke(main, list(args), catch_exceptions=True)
        exc = result.exception
        if isinstance(exc, SystemExit):
            exc = None
        return Run(result.exit_code, result.stdout, result.stderr, exc)

    return run


@pytest.fixture
def teg_copy(tmp_path: Path) -> Path:
    """A scratch copy of cards/teg, for tests that break it."""
    target = tmp_path / "teg"
    shutil.copytree(CARDS / "teg", target)
    return target


@pytest.fixture
def build_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """build/ in a scratch folder: commands write there instead of the checkout's build/."""
    target = tmp_path / "build"
    monkeypatch.setattr("generator.paths.BUILD", target)
    return target


SHARED = Path(os.environ.get("TTSMOD_SHARED", ROOT.parent / "shared"))


def shared_missing() -> str | None:
    """The one line every test that needs ../shared skips with in a clone without it (None
    when it is there): the real-interpreter tests, whose DLL is there, say the same."""
    if (SHARED / "teg" / "COMPONENTS.md").is_file():
        return None
    return f"../shared not found at {SHARED} (CI has it; or set TTSMOD_SHARED)"


@pytest.fixture(scope="session")
def shared() -> Path:
    """The reference folder ../shared (CI keeps it beside the checkout).

    A newcomer's clone has none: the tests that read it skip, all with the same one line.
    .ci/run sets TTSMOD_REQUIRE_SHARED=1 when ../shared exists: then a missing reference
    file fails instead of skipping.
    """
    message = shared_missing()
    if message is not None:
        if os.environ.get("TTSMOD_REQUIRE_SHARED") == "1":
            pytest.fail(message)
        pytest.skip(message)
    return SHARED


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    """One line per skip reason (not one per test), e.g. for a clone without ../shared."""
    reasons: dict[str, int] = {}
    for report in terminalreporter.stats.get("skipped", []):
        reason = str(report.longrepr[-1]) if isinstance(report.longrepr, tuple) else "skipped"
        reason = reason.removeprefix("Skipped: ")
        reasons[reason] = reasons.get(reason, 0) + 1
    for reason, count in sorted(reasons.items()):
        terminalreporter.write_line(f"{count} test(s) skipped: {reason}")


@pytest.fixture(scope="session")
def built_game(tmp_path_factory):
    """`built_game(game)`: the game's build, made once per test process (a build renders
    every card image: seconds each). For reading only: a test that changes the files
    builds its own."""
    made: dict[str, BuildResult] = {}

    def get(game: str) -> BuildResult:
        if game not in made:
            made[game] = build(game, tmp_path_factory.mktemp(f"built-{game}"))
        return made[game]

    return get


@pytest.fixture(scope="session")
def save(built_game):
    """The built Tiny Epic Galaxies save, as a dict (built once per test process; a module
    may define its own `save`)."""
    return built_game("teg").read_save()


@pytest.fixture(scope="session")
def engine():
    """The Python rules engine of Tiny Epic Galaxies."""
    return load_engine()
