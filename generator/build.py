"""Build a game's mod: card data -> scripts and images -> the TTS save -> checks -> build/.

The pipeline runs one way and writes nothing until every step has passed; then all outputs
go into build/ at once (generator.outputs.publish), so a failed build leaves build/ as it was.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from generator import cards
from generator.luabuild.scripts import build_scripts
from generator.outputs import OutputError, publish
from generator.paths import ROOT
from generator.problems import Problem
from generator.render import Cache, expected_steps, render
from generator.tts.checks import check_save
from generator.tts.table import build_save


class BuildError(Exception):
    """The build stopped; `problems` say where and why (nothing was written)."""

    def __init__(self, stage: str, problems: list[Problem] | tuple[Problem, ...]) -> None:
        super().__init__(f"{stage}: {len(problems)} problem(s)")
        self.stage = stage
        self.problems = list(problems)


@dataclass(frozen=True)
class BuildResult:
    """What a build wrote and how it went."""

    save_name: str
    files: dict[str, int]  # path relative to build/ -> size in bytes
    images_drawn: int
    images_reused: int
    summary: str


def source_hash(game: str, card_folder: Path) -> str:
    """A hash of every source a build reads (the card data used, Lua, schemas)."""
    digest = hashlib.sha256()
    patterns = ["lua/**/*.lua", f"schemas/{game}/*.json", "schemas/tts/*.json"]
    sources = sorted(card_folder.glob("*.yaml"))
    sources += sorted({p for pattern in patterns for p in ROOT.glob(pattern)})
    for path in sources:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return "sha256:" + digest.hexdigest()[:16]


def save_file_name(name: str) -> str:
    """The save's file name: the game's name without spaces (TinyEpicGalaxies)."""
    return "".join(part for part in name.split() if part)


def build(
    game: str,
    build_dir: Path,
    asset_base_url: str | None = None,
    font_path: str | None = None,
    steps: Callable[[int], Callable[[str], None]] = lambda total: lambda name: None,
    report: cards.Report | None = None,
) -> BuildResult:
    """Build GAME's mod into build_dir, or raise BuildError (build_dir untouched).

    `report` is the card data's validation, when the caller already has it.
    """
    report = report or cards.validate(game)
    if not report.ok or report.data is None or report.documents is None:
        raise BuildError("card data", report.problems)
    data = report.data
    scripts = build_scripts(report.game, report.documents, build_dir / ".cache")
    if scripts.problems:
        raise BuildError("lint", scripts.problems)
    cache = Cache(build_dir / ".cache")
    assets = render(data, cache, font_path, steps(expected_steps(data)))
    base_url = asset_base_url or (build_dir / "assets").absolute().as_uri() + "/"
    if not base_url.endswith("/"):
        base_url += "/"
    built = build_save(
        data, assets, base_url, scripts.bundles["Global"].text, source_hash(game, report.source)
    )
    name = save_file_name(data.rules.name)
    save_text = json.dumps(built.save, indent=2, ensure_ascii=False)
    files = {
        f"{name}.json": save_text.encode("utf-8"),
        f"{name}.png": built.thumbnail,
        **{f"assets/{file}": content for file, content in built.assets.items()},
        **{f"scripts/{obj}.lua": b.text.encode("utf-8") for obj, b in scripts.bundles.items()},
    }
    try:
        staged_assets = _AssetView(built.assets)
    except OSError as err:
        raise OutputError(f"cannot stage the images: {err.strerror or err}") from err
    problems = check_save(built.save, f"{name}.json", staged_assets.folder, base_url)
    staged_assets.close()
    if problems:
        raise BuildError("save checks", problems)
    publish(build_dir, files)
    return BuildResult(
        name,
        {path: len(content) for path, content in sorted(files.items())},
        cache.drawn,
        cache.reused,
        scripts.summary(),
    )


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
