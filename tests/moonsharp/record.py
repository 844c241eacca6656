"""Write measured.json from what a real MoonSharp printed for each probe.

    python tests/moonsharp/record.py OUTPUTS_DIR

OUTPUTS_DIR holds one `<probe>.out` per probe (`unmodelled/<probe>.out` for those), the
standard output of that probe run on MoonSharp 2.0 with TTS's modules (docs/moonsharp.md).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).parent
PROBES = HERE / "probes"


def main(outputs: Path) -> None:
    """Read every probe's output and write the fixture beside this file."""
    measured = {}
    for probe in sorted(PROBES.rglob("*.lua")):
        name = probe.relative_to(PROBES).with_suffix("").as_posix()
        measured[name] = (outputs / f"{name}.out").read_text(encoding="utf-8")
    text = json.dumps(measured, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
    (HERE / "measured.json").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
