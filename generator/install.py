"""Put a built save where TTS looks for saves, keeping whatever was there before.

Only a build that is up to date is installed: its manifest (build/<game>/build.json) must
name the same sources as the card data and scripts have now, so a save built from other
sources (an older edit, another game) is never copied silently.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

from generator.paths import display


class InstallError(Exception):
    """The save could not be installed."""


TTS_APP_ID = "286160"  # Tabletop Simulator's Steam app id (its Proton prefix is named by it)


def saves_candidates(
    platform: str = sys.platform, home: Path | None = None, env: dict[str, str] | None = None
) -> list[Path]:
    r"""Where TTS keeps its Saves folder on this kind of system, most likely first.

    TTS's Knowledge Base (getting-started/technical-info.md) gives Documents\My Games on
    Windows, ~/Library on macOS and ~/.local/share on Linux. Windows may redirect Documents
    into OneDrive. On Linux, Steam installed as a Flatpak keeps it under
    ~/.var/app/com.valvesoftware.Steam (as real mods' install scripts look for it), and a
    Windows build run through Proton keeps it in the Windows Documents of Steam's prefix for
    TTS (compatdata/286160), native or Flatpak Steam.
    """
    home = home or Path.home()
    env = dict(os.environ) if env is None else env
    tail = Path("My Games") / "Tabletop Simulator" / "Saves"
    if platform.startswith("win"):
        profile = Path(env.get("USERPROFILE", str(home)))
        docs = [profile / "Documents"]
        for key in ("OneDrive", "OneDriveConsumer", "OneDriveCommercial"):
            if env.get(key):
                docs.append(Path(env[key]) / "Documents")
        docs.append(profile / "OneDrive" / "Documents")
        return list(dict.fromkeys(d / tail for d in docs))
    if platform == "darwin":
        return [home / "Library" / "Tabletop Simulator" / "Saves"]
    native = Path(".local") / "share" / "Tabletop Simulator" / "Saves"
    flatpak = home / ".var" / "app" / "com.valvesoftware.Steam"
    proton = Path("steamapps") / "compatdata" / TTS_APP_ID / "pfx" / "drive_c" / "users"
    proton = proton / "steamuser" / "Documents" / tail
    steams = [home / ".local" / "share" / "Steam", home / ".steam" / "steam",
              flatpak / ".local" / "share" / "Steam"]  # fmt: skip
    return [home / native, flatpak / native, *(steam / proton for steam in steams)]


def default_saves_dir(
    platform: str = sys.platform, home: Path | None = None, env: dict[str, str] | None = None
) -> Path:
    """TTS's Saves folder on this system: the first of saves_candidates that exists.

    TTS makes the folder; when none exists, InstallError names every place looked at.
    """
    tried = saves_candidates(platform, home, env)
    for saves in tried:
        if saves.is_dir():
            return saves
    places = "; ".join(str(p) for p in tried)
    raise InstallError(f"no TTS Saves folder found (looked in: {places}); give it with --saves-dir")


def saves_folder(text: str) -> tuple[Path, list[str]]:
    """The --saves-dir a user typed, made ready: (folder, what was done to it).

    Refuses an empty value (it would mean the current folder); creates only the last level
    of a missing folder (a typo in a parent is refused instead of created).
    """
    if not text.strip():
        raise InstallError("--saves-dir is empty: give TTS's Saves folder")
    saves = Path(text).expanduser()
    if saves.is_dir():
        return saves, []
    if saves.exists():
        raise InstallError(f"{saves} is a file, not a folder")
    if not saves.parent.is_dir():
        raise InstallError(
            f"no folder {saves.parent}: check the path (only the last folder of it is created)"
        )
    try:
        saves.mkdir()
    except OSError as err:
        raise InstallError(f"cannot create {saves}: {err.strerror}") from err
    return saves, [f"created the folder {saves}"]


def check_build(
    folder: Path, manifest: dict | None, sources_now: str, game: str, source: str | None = None
) -> list[Path]:
    """The save and thumbnail of an up-to-date build in `folder`; InstallError otherwise.

    `source` is what to build it from, as the command line names it (default: the game).
    """
    source = source or game
    if manifest is None or not isinstance(manifest.get("save"), str):
        raise InstallError(
            f"no build of {game} in {display(folder)}: run `ttsmod build {source}` first"
        )
    save = folder / manifest["save"]
    files = [save, save.with_suffix(".png")]
    missing = [f for f in files if not f.is_file()]
    if missing:
        raise InstallError(f"{display(missing[0])} is missing: run `ttsmod build {source}` again")
    if manifest.get("source_hash") != sources_now:
        raise InstallError(
            f"{display(save)} is out of date: the card data or scripts changed since it was built; "
            f"run `ttsmod build {source}` (with the same options) first"
        )
    return files


def backup_name(target: Path) -> Path:
    """The first free backup name for a file: <name>.bak, <name>.bak2, ..."""
    candidate = target.with_name(target.name + ".bak")
    n = 2
    while candidate.exists():
        candidate = target.with_name(f"{target.name}.bak{n}")
        n += 1
    return candidate


def install_files(sources: list[Path], saves: Path, suffix: str = "") -> Iterator[str]:
    """Copy files into `saves`, backing up any different file of the same name first.

    `suffix` goes after each file's stem ("TinyEpicMechs-mytem.json"): an edited copy of a
    game is installed beside the shipped game's save, never over it.
    """
    if not saves.is_dir():
        raise InstallError(f"{saves} is not a folder")
    for source in sources:
        target = saves / (source.stem + suffix + source.suffix)
        try:
            if target.exists():
                if target.read_bytes() == source.read_bytes():
                    yield f"{target}: already up to date"
                    continue
                kept = backup_name(target)
                target.rename(kept)
                yield f"{target}: the old one is kept as {kept.name}"
            shutil.copyfile(source, target)
            yield f"installed {target}"
        except OSError as err:
            raise InstallError(f"cannot write {target}: {err.strerror}") from err


def hosting_note(assets: Path, images: int, base_url: str | None) -> str | None:
    """What a host does with a build's images, in a short paragraph (None: it has none).

    With file URLs only this computer shows them; with `base_url` every file of `assets`
    must be uploaded there, where the save looks for it.
    """
    if images == 0:
        return None
    if not base_url:
        return (f"The save's {images} images are file:/// URLs into {display(assets)}/: only "
                "this computer shows them. To play with friends, upload that folder's files "
                "to a web folder and build again with --asset-base-url URL (README: Play it "
                "with friends).")  # fmt: skip
    url = base_url if base_url.endswith("/") else base_url + "/"
    return (f"Upload the {images} files of {display(assets)}/ to {url}: the save looks for "
            f"each image there ({url}<file name>). Then `ttsmod install` and host.")  # fmt: skip
