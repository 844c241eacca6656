"""Benchmark `ttsmod build teg` (not a test): run `.venv/bin/python benchmarks/build.py`.

Prints cold build time (empty image cache), warm build time (nothing changed), the save's
size, the total bytes of images, and the largest sheet in pixels. Each build runs in a fresh
`ttsmod` process, as a user runs it. Goals here: cold < 5 s, warm < 0.5 s, save < 1 MB, no
sheet side over 4096 px.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent


def timed_build(build_dir: Path) -> float:
    code = (
        "import sys, generator.paths as p; from pathlib import Path; "
        f"p.BUILD = Path({str(build_dir)!r}); from generator.cli import main; "
        "sys.argv = ['ttsmod', 'build', 'teg']; main()"
    )
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, cwd=ROOT)
    return time.perf_counter() - start


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        build_dir = Path(tmp) / "build"
        colds, warms = [], []
        for _ in range(3):
            shutil.rmtree(build_dir, ignore_errors=True)
            colds.append(timed_build(build_dir))
            warms.append(timed_build(build_dir))
        folder = build_dir / "teg"
        manifest = json.loads((folder / "build.json").read_text(encoding="utf-8"))
        save = folder / manifest["save"]
        images = list((folder / "assets").glob("*.png"))
        largest = max((Image.open(p).size for p in images), key=lambda size: size[0] * size[1])
        print(f"cold build: {min(colds):.2f} s (best of 3; empty image cache, fresh process)")
        print(f"warm build: {min(warms):.2f} s (best of 3; nothing changed, fresh process)")
        print(f"save: {save.stat().st_size:,} bytes ({save.name})")
        print(f"images: {sum(p.stat().st_size for p in images):,} bytes in {len(images)} files")
        print(f"largest image: {largest[0]} x {largest[1]} px")


if __name__ == "__main__":
    main()
