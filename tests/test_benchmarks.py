"""The benchmarks are not run by the tests, but each must still import: a name one of them
takes from the project (moved or renamed since) breaks it silently otherwise."""

from __future__ import annotations

import importlib.util

import pytest

from generator.paths import ROOT

BENCHMARKS = sorted((ROOT / "benchmarks").glob("*.py"))


@pytest.mark.parametrize("path", BENCHMARKS, ids=lambda p: p.name)
def test_a_benchmark_imports_what_it_uses(path):
    spec = importlib.util.spec_from_file_location(f"benchmark_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # its imports and definitions; main() runs as a script only
    assert callable(getattr(module, "main", None)), f"{path.name} has no main()"


def test_there_are_benchmarks():
    assert len(BENCHMARKS) >= 2
