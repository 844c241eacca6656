"""What the repository tracks: sources, never what a run leaves behind.

mono writes a crash dump (`mono_crash.*.json`) to the working folder when it aborts, and a
crashing process may leave a core file; six such dumps were once committed by accident.
"""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest

from generator.paths import ROOT

LEFT_BY_A_CRASH = re.compile(
    r"(^|/)(mono_crash\.[^/]*|core|core\.\d+|vgcore\.\d+|hs_err_pid\d+\.log|[^/]*\.dmp)$"
)


def tracked() -> list[str]:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: nothing is tracked")
    run = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True)
    return [name for name in run.stdout.decode("utf-8").split("\0") if name]


def test_no_crash_dump_or_core_file_is_tracked():
    found = [name for name in tracked() if LEFT_BY_A_CRASH.search(name)]
    assert found == [], f"crash dumps or core files tracked by git: {found} (git rm them)"


def test_the_pattern_knows_a_crash_dump_from_a_source():
    assert LEFT_BY_A_CRASH.search("mono_crash.0.1.json")
    assert LEFT_BY_A_CRASH.search("tests/core.1234")
    assert not LEFT_BY_A_CRASH.search("lua/teg/core/rules.lua")
    assert not LEFT_BY_A_CRASH.search("generator/harness/tts/core.py")
