"""Property: whatever a designer does to valid card data, validation answers cleanly.

Random mutations of the shipped files (delete a key, change a value's type, swap two values,
truncate the file, insert stray bytes) must give either success (exit 0) or located problems
(exit 2) — never a traceback.
"""

from __future__ import annotations

import io
import re
import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ruamel.yaml import YAML

from generator.games.teg.cards import FILES
from generator.paths import CARDS

SOURCE = CARDS / "teg"
# file[:line:col]: pointer: message [CODE] (a pointer may hold spaces: keys can)
LOCATED = re.compile(r"^\S+\.yaml(:\d+:\d+)?: (\(root\)|/.*): .+ \[[A-Z]+\]$")

yaml = YAML(typ="safe", pure=True)
yaml.default_flow_style = False

# Values of every JSON type, including ones YAML writes in surprising ways.
ANY_VALUE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**20), max_value=10**20),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
)


def paths(value, prefix=()):
    """Every path to a value inside `value` (the root excluded)."""
    if isinstance(value, dict):
        items = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return
    for key, child in items:
        yield (*prefix, key)
        yield from paths(child, (*prefix, key))


def get(value, path):
    for key in path:
        value = value[key]
    return value


def mutate_data(draw, data):
    kind = draw(st.sampled_from(["delete", "retype", "swap"]))
    every = list(paths(data))
    if not every:
        return data
    target = draw(st.sampled_from(every))
    parent = get(data, target[:-1])
    if kind == "delete":
        del parent[target[-1]]
    elif kind == "retype":
        parent[target[-1]] = draw(ANY_VALUE)
    else:
        other = draw(st.sampled_from(every))
        if other[: len(target)] == target or target[: len(other)] == other:
            return data  # one contains the other; nothing sensible to swap
        other_parent = get(data, other[:-1])
        parent[target[-1]], other_parent[other[-1]] = other_parent[other[-1]], parent[target[-1]]
    return data


def dump(data) -> bytes:
    stream = io.StringIO()
    yaml.dump(data, stream)
    return stream.getvalue().encode("utf-8")


@st.composite
def broken_file(draw):
    name = draw(st.sampled_from(FILES))
    raw = (SOURCE / f"{name}.yaml").read_bytes()
    kind = draw(st.sampled_from(["data", "data", "data", "truncate", "bytes"]))
    if kind == "truncate":
        raw = raw[: draw(st.integers(0, len(raw)))]
    elif kind == "bytes":
        at = draw(st.integers(0, len(raw)))
        raw = raw[:at] + draw(st.binary(min_size=1, max_size=4)) + raw[at:]
    else:
        raw = dump(mutate_data(draw, yaml.load(raw)))
    return name, raw


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(change=broken_file())
def test_any_mutation_gives_success_or_located_problems(change, cli):
    name, raw = change
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "teg"
        shutil.copytree(SOURCE, folder)
        (folder / f"{name}.yaml").write_bytes(raw)
        run = cli("validate", str(folder))
    assert run.exception is None, f"{run.exception!r}\n{run}"
    assert run.code in (0, 2), run
    assert "Traceback" not in run.stdout + run.stderr
    if run.code == 2:
        lines = run.stdout.splitlines()
        assert lines, run
        bad = [line for line in lines if not LOCATED.match(line.replace(str(folder), "x"))]
        assert not bad, run
    else:
        assert run.stdout.startswith("ok: teg:"), run
