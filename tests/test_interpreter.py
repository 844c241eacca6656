"""`--interpreter moonsharp=PATH`: the headless table on a real MoonSharp DLL (harness.tts.clr).

The tests that run Lua on MoonSharp need a MoonSharp.Interpreter.dll, pythonnet and a .NET
runtime it can host (Debian's mono). The DLL is ../shared/moonsharp's (CI and every session
have ../shared), or the one TTSMOD_MOONSHARP names (docs/moonsharp.md says how to get one);
`make test` installs pythonnet when it finds the DLL, and .ci/run installs mono (Debian's
mono-devel). Whether the runtime can host pythonnet is asked of a subprocess first
(clr.runtime_problem): without one of the three they skip with one line naming what is missing,
never a collection error or a native abort; with TTSMOD_REQUIRE_MOONSHARP=1 (.ci/run, once
mono is there) they fail instead. The checks of what the CLI and the twin comparison refuse run
everywhere.
"""

from __future__ import annotations

import functools
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import SHARED, shared_missing

from generator import games
from generator.harness.play import GameResult
from generator.harness.playtest import twin_difference

ROOT = Path(__file__).resolve().parents[1]


def _dll() -> str:
    """The MoonSharp.Interpreter.dll to run on: TTSMOD_MOONSHARP's, else ../shared's."""
    given = os.environ.get("TTSMOD_MOONSHARP")
    if given:
        return given
    found = SHARED / "moonsharp" / "MoonSharp.Interpreter.dll"
    return str(found.resolve()) if found.is_file() else ""


def _lacking(dll: str) -> str | None:
    """What the real interpreter lacks here, in one line (None: nothing)."""
    if not (dll and Path(dll).is_file()):
        return shared_missing() or (
            "no MoonSharp DLL: ../shared/moonsharp has none (or set TTSMOD_MOONSHARP=PATH)"
        )
    from generator.harness.tts.clr import runtime_problem

    # asked of a subprocess: a runtime that cannot host pythonnet aborts the process loading it
    return runtime_problem()


DLL = _dll()
LACKING = _lacking(DLL)


def needs_dll(test):
    """Run `test` on the real interpreter; without one, skip it with the one line of what is
    missing (fail it with that line under TTSMOD_REQUIRE_MOONSHARP=1)."""
    if LACKING is None:
        return test
    if os.environ.get("TTSMOD_REQUIRE_MOONSHARP") != "1":
        return pytest.mark.skip(reason=LACKING)(test)

    @functools.wraps(test)
    def required(*args, **kwargs):
        pytest.fail(f"TTSMOD_REQUIRE_MOONSHARP=1, but {LACKING}")

    return required


def ttsmod(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "TTSMOD_INTERPRETER"}
    return subprocess.run([sys.executable, "-m", "generator", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)  # fmt: skip


def test_the_option_refuses_what_is_not_an_interpreter(tmp_path):
    gone = tmp_path / "MoonSharp.Interpreter.dll"
    run = ttsmod("playtest", "tem", "--games", "1", "--interpreter", f"moonsharp={gone}")
    assert run.returncode == 2
    assert f"moonsharp={gone}: no such file" in run.stderr
    run = ttsmod("playtest", "tem", "--games", "1", "--interpreter", "luajit")
    assert run.returncode == 2
    assert "give lupa, or moonsharp=PATH" in run.stderr


def test_a_file_that_is_no_assembly_is_named(tmp_path):
    fake = tmp_path / "MoonSharp.Interpreter.dll"
    fake.write_text("not an assembly")
    run = ttsmod("playtest", "tem", "--games", "1", "--interpreter", f"moonsharp={fake}")
    assert run.returncode == 2, run.stderr
    from generator.harness.tts.clr import runtime_problem

    # without a runtime that can host pythonnet: what is missing; with one: that the file is
    # no MoonSharp assembly
    lacking = runtime_problem()
    assert (lacking or "not a MoonSharp.Interpreter assembly") in run.stderr
    assert "Traceback" not in run.stderr


@pytest.mark.parametrize(
    ("said", "named"),
    [
        ("import sys; print('RuntimeError: Could not find libmono'); sys.exit(1)",
         "libmonosgen-2.0 is missing): on Debian, apt-get install mono-devel"),
        # mono without the facade dies natively: an abort, not a Python exception
        ("import os, sys; print(\"Could not load file or assembly 'netstandard'\", flush=True);"
         " open('mono_crash.0.1.json', 'w').close(); os.abort()",
         "the netstandard.dll facade is missing): on Debian, apt-get install mono-devel"),
        ("import os; os.abort()", "loading it stopped the process (signal 6"),
    ],
)  # fmt: skip
def test_a_runtime_that_cannot_host_pythonnet_is_one_line(monkeypatch, tmp_path, said, named):
    from generator.harness.tts import clr

    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(clr, "_PROBE", said)
    monkeypatch.setattr(clr, "_probed", [])
    monkeypatch.setattr(clr, "pythonnet_loaded", lambda: False)
    monkeypatch.setattr(clr, "_clr", {})
    found = clr.runtime_problem()
    assert found is not None and named in found and "\n" not in found
    assert list(tmp_path.iterdir()) == []  # the crash dump stayed in the probe's scratch folder
    with pytest.raises(clr.InterpreterError, match=re.escape(found)):
        clr.check(str(ROOT / "pyproject.toml"))  # any file: the runtime is asked first


def _game(logs: dict[str, str], record: dict, problem: str | None = None) -> GameResult:
    result = GameResult(0, 1, record=record, problem=problem)
    result.logs = logs
    return result


def test_a_twin_game_that_differs_is_named_where():
    record = {"game": "teg", "setup": {"players": 2}, "actions": [{"a": 1}]}
    same = _game({"Red": "Red rolls"}, record)
    twin = _game({"Red": "Red rolls"}, record)
    assert twin_difference(same, twin, ["x", "y"], ["x", "y"]) is None
    found = twin_difference(same, same, ["x", "y"], ["x", "z"])
    assert found == "game 1, answer 2: the state on MoonSharp differs from lupa's"
    found = twin_difference(same, same, ["x"], ["x", "y"])
    assert found == "game 1: 1 answers on MoonSharp, 2 on lupa"
    other = _game({"Red": "Red rolls"}, {**record, "actions": [{"a": 2}]})
    found = twin_difference(same, other, [], [])
    assert found == "game 1: the record on MoonSharp differs from lupa's at /actions/0/a"
    found = twin_difference(same, _game({"Red": "Red passes"}, record), [], [])
    assert found == "game 1: Red's log on MoonSharp differs from lupa's"
    found = twin_difference(same, _game({}, record, "answer 3: boom"), [], [])
    assert found == "game 1: on lupa (the same game): answer 3: boom"


# -- on the real interpreter -------------------------------------------------------------------


def table(script: str, objects: tuple = ()):
    from generator.harness.tts import Table

    return Table.load(
        {"LuaScript": script, "LuaScriptState": "", "XmlUI": "", "ObjectStates": list(objects)},
        seed=3,
        interpreter=DLL,
    )


DIE = {
    "GUID": "d1e000",
    "Name": "Custom_Dice",
    "Nickname": "Die",
    "Transform": {"posX": 1, "posY": 1, "posZ": 2, "rotX": 0, "rotY": 0, "rotZ": 0,
                  "scaleX": 1, "scaleY": 1, "scaleZ": 1},
}  # fmt: skip


@needs_dll
def test_values_cross_as_lupa_hands_them():
    t = table(
        "function probe() return 3, 2.5, 'ゲーム', true, nil, {1, 2, x = {y = 'z'}} end\n"
        "function kind(v) return type(v) end\n"
        "function echo(...) return ... end"
    )
    three, half, word, yes, nothing, tab = t.call_in("-1", "probe")
    assert (three, type(three), half, word, yes, nothing) == (3, int, 2.5, "ゲーム", True, None)
    assert t.from_lua(tab) == {"1": 1, "2": 2, "x": {"y": "z"}}
    assert t.from_lua(t.call_in("-1", "echo", t.to_lua([4, 5]))) == [4, 5]
    assert t.call_in("-1", "kind", t.to_lua({"a": 1})) == "table"


@needs_dll
def test_objects_are_userdata_read_by_name():
    t = table(
        "function probe() local d = getObjectFromGUID('d1e000')\n"
        "  local p = d.getPosition()\n"
        "  return type(d), d.getName(), p.x, p.z, d == getObjectFromGUID('d1e000') end",
        (DIE,),
    )
    assert t.call_in("-1", "probe") == ("userdata", "Die", 1, 2, True)


@needs_dll
def test_what_the_emulator_refuses_is_refused_on_moonsharp_too():
    from generator.harness.tts import ScriptError, Strictness

    t = table(
        "function colon() local d = getObjectFromGUID('d1e000') return d:getName() end\n"
        "function unknown() return getObjectFromGuid('d1e000') end\n"
        "function caught() return pcall(function() return getObjectFromGuid('x') end) end\n"
        "function broken() local t = nil return t.x end",
        (DIE,),
    )
    with pytest.raises(Strictness, match="called with ':'"):
        t.call_in("-1", "colon")
    with pytest.raises(Strictness, match="'getObjectFromGuid'"):
        t.call_in("-1", "unknown")
    ok, message = t.call_in("-1", "caught")  # a refusal is a Lua error: pcall sees it
    assert ok is False and "getObjectFromGuid" in message
    with pytest.raises(ScriptError, match=r"broken: .*Global:\(4,"):
        t.call_in("-1", "broken")


@needs_dll
def test_time_is_moonsharps_own_with_the_bridge_taken_out():
    """A handler's ms leave out the Python behind its API calls (here made slow on purpose)."""
    t = table(
        "function calls() for i = 1, 200 do Turns.enable = false end end\n"
        "function none() for i = 1, 200 do local x = i end end",
    )
    import time

    from generator.harness.tts.seats import TurnsHandle

    slow = TurnsHandle._set_enable

    def sleepy(self, value):
        time.sleep(0.0005)
        return slow(self, value)

    TurnsHandle._set_enable = sleepy
    try:
        t.call_in("-1", "calls")
    finally:
        TurnsHandle._set_enable = slow
    spent = t.costs["calls"].ms[-1]
    # 200 member writes slept 100 ms in Python: none of it is MoonSharp's
    assert spent < 50, spent
    assert t.bridge is not None and t.bridge.crossings >= 200


@needs_dll
@pytest.mark.parametrize("game", games.with_tables())
def test_a_whole_game_on_moonsharp_is_lupas_game(game):
    run = subprocess.run(
        [sys.executable, "-m", "generator", "playtest", game, "--games", "1",
         "--players", "2", "--secrets-every", "25", "--interpreter", f"moonsharp={DLL}"],
        cwd=ROOT, capture_output=True, text=True, timeout=1200,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr  # a game unlike lupa's fails, naming where
    assert "MoonSharp ms p50/p99/max" in run.stdout
    assert "on MoonSharp: main chunk" in run.stdout


def test_the_fit_finds_the_model_the_runs_were_made_with():
    from generator.harness.moonsharp import Model, pauses
    from generator.harness.play import Costs

    truth = Model(rate=1500.0, per_call=0.004, base=0.2, per_byte=2e-5,
                  heap_instruction=150.0, heap_byte=5.0,
                  nursery=4e6, pause=1.0, major_every=40e6, major_pause=6.0)  # fmt: skip
    runs = [(200 + 37 * k % 9000, k % 40, 3000 + 7919 * k % 60000) for k in range(3000)]
    # a run in 97 makes a coroutine (2 MB on MoonSharp: known, not fitted)
    made = [int(k % 97 == 0) for k in range(len(runs))]
    # the collections the truth has falling in each run, counted: a minor adds 1 ms here, a
    # major 1,000
    counting = Model(**{**truth.__dict__, "pause": 1.0, "major_pause": 1000.0})
    fell = [round(ms) for ms in pauses(counting, [(i, b, m) for (i, _, b), m
                                                  in zip(runs, made, strict=True)])]  # fmt: skip
    real, twin = Costs(), Costs()
    real.ms["onButton"] = [truth.ms(i, c, b) + f % 1000 * 1.0 + f // 1000 * 6.0
                           for (i, c, b), f in zip(runs, fell, strict=True)]  # fmt: skip
    real.collections["onButton"] = [f % 1000 for f in fell]
    real.majors["onButton"] = [f // 1000 for f in fell]
    real.allocated["onButton"] = [round(truth.allocated(i, b, m))
                                  for (i, _, b), m in zip(runs, made, strict=True)]  # fmt: skip
    twin.coroutines["onButton"] = made
    twin.instructions["onButton"] = [i for i, _, _ in runs]
    twin.calls["onButton"] = [c for _, c, _ in runs]
    twin.allocated["onButton"] = [b for _, _, b in runs]
    twin.order = ["onButton"] * len(runs)
    assert sum(real.collections["onButton"]) > 20 and sum(real.majors["onButton"]) >= 2
    fitted = real.fit(twin)
    assert fitted is not None
    assert abs(fitted.rate - 1500) < 1 and abs(fitted.base - 0.2) < 1e-6
    assert abs(fitted.per_call - 0.004) < 1e-6 and abs(fitted.per_byte - 2e-5) < 1e-9
    assert abs(fitted.heap_instruction - 150) < 0.01 and abs(fitted.heap_byte - 5) < 0.01
    assert abs(fitted.pause - 1.0) < 1e-6 and abs(fitted.major_pause - 6.0) < 1e-6
    # the bytes over the collections counted: within a collection's worth of the truth
    n = sum(real.collections["onButton"])
    assert abs(fitted.nursery - 4e6) <= 4e6 / n * 1.01
    ratio = float(real.fit_text(twin, fitted).rsplit("onButton ", 1)[1])
    assert 0.9 <= ratio <= 1.1
    twin.instructions["onButton"].pop()  # runs that do not pair one to one: no fit
    assert real.fit(twin) is None


def test_the_fit_charges_a_collection_its_tail_and_no_call_a_negative_cost():
    from generator.harness.moonsharp import Model
    from generator.harness.play import PAUSE_QUANTILE, Costs

    # a collection in every fifth run, costing 0.5 .. 2.4 ms; calls that cost nothing, with
    # noise that would fit a call a negative cost
    work = Model(rate=2000.0, base=0.1)
    real, twin = Costs(), Costs()
    runs = [(500 + 97 * k % 5000, k % 7, 1000 + 13 * k % 9000) for k in range(2000)]
    extra = [0.5 + (k // 5) % 20 * 0.1 if k % 5 == 0 else 0.0 for k in range(len(runs))]
    real.ms["onSave"] = [
        work.ms(i) + e - 0.001 * c * (k % 2)
        for k, ((i, c, _), e) in enumerate(zip(runs, extra, strict=True))
    ]
    real.collections["onSave"] = [1 if e else 0 for e in extra]
    real.allocated["onSave"] = [100 * i + 3 * b for i, _, b in runs]
    twin.instructions["onSave"] = [i for i, _, _ in runs]
    twin.calls["onSave"] = [c for _, c, _ in runs]
    twin.allocated["onSave"] = [b for _, _, b in runs]
    twin.order = ["onSave"] * len(runs)
    fitted = real.fit(twin)
    assert fitted is not None and fitted.per_call == 0.0
    tail = sorted(e for e in extra if e)[int(PAUSE_QUANTILE * sum(1 for e in extra if e))]
    assert abs(fitted.pause - tail) < 0.05, (fitted.pause, tail)
    assert abs(fitted.heap_instruction - 100) < 0.01 and abs(fitted.heap_byte - 3) < 0.01
