"""push, exec, pull and watch against a fake TTS on loopback ports (tests/fake_tts.py)."""

from __future__ import annotations

import json
import shutil
import socket
import threading
import time

import pytest
from fake_tts import HOST, FakeTTS, free_port

from generator.build import build
from generator.live.protocol import Listener, LiveError
from generator.live.session import Session
from generator.live.watch import run_watch
from generator.luabuild.bundle import Module, write_bundle
from generator.paths import ROOT


@pytest.fixture
def fake():
    tts = FakeTTS(free_port())
    yield tts
    tts.stop()


def ports(fake):
    return ["--port", str(fake.tts_port), "--listen", str(fake.editor_port), "--timeout", "5"]


@pytest.fixture(scope="module")
def prebuilt(tmp_path_factory):
    """One build for the module; each test gets its own copy (then no test rebuilds)."""
    folder = tmp_path_factory.mktemp("prebuilt")
    result = build("teg", folder)
    return folder, result.save_name


@pytest.fixture
def built(build_dir, prebuilt):
    folder, name = prebuilt
    shutil.copytree(folder, build_dir)
    return build_dir / "teg" / f"{name}.json"


def test_push_sends_every_script_and_reports_the_reload(cli, fake, built):
    run = cli("push", "teg", *ports(fake))
    assert run.code == 0, run
    assert "pushed 1 script(s); TTS reloaded the game" in run.stdout
    save = json.loads(built.read_text(encoding="utf-8"))
    pushed = fake.received[-1]
    assert pushed["messageID"] == 1
    assert save["XmlUI"]  # the table's panels travel with the Global script
    assert pushed["scriptStates"] == [
        {"guid": "-1", "script": save["LuaScript"], "ui": save["XmlUI"]}
    ]
    assert fake.table is not None  # the fake loaded our Global without an error


def plant(built, module, line, text):
    """Replace the save's Global script with a bundle whose `module` fails on `line`."""
    lines = [f"-- {module}, line {k}" for k in range(1, 8)]
    lines[line - 1] = text
    root = Module("__root", 'require("teg.core.state")\nrequire("teg.core.rules")\n', "x")
    modules = {
        "teg.core.state": "local S = {}\nreturn S\n",
        "teg.core.rules": "local R = {}\nreturn R\n",
    }
    modules[module] = "\n".join(lines) + "\nreturn {}\n"
    bundle = write_bundle([root, *(Module(n, s, n) for n, s in sorted(modules.items()))])
    save = json.loads(built.read_text(encoding="utf-8"))
    save["LuaScript"] = bundle.text
    built.write_text(json.dumps(save), encoding="utf-8")


@pytest.mark.parametrize(
    ("module", "line", "path"),
    [
        ("teg.core.rules", 4, "lua/teg/core/rules.lua:4"),
        ("teg.core.state", 6, "lua/teg/core/state.lua:6"),
    ],
)
def test_a_lua_error_is_shown_at_our_source_line(cli, fake, built, module, line, path):
    plant(built, module, line, "local broken = nil; broken.field = 1 -- planted")
    run = cli("push", "teg", *ports(fake))
    assert run.code == 1, run
    assert "error in Global" in run.stderr and f"at {path}:1" in run.stderr
    assert "broken.field = 1 -- planted" in run.stderr


def test_exec_prints_values_tables_nil_and_errors(cli, fake, built):
    assert cli("push", "teg", *ports(fake)).code == 0
    run = cli("exec", "return 1 + 1", *ports(fake))
    assert run.code == 0 and run.stdout.strip() == "2", run
    run = cli("exec", "return {a = 1, b = {2, 3}}", *ports(fake))
    assert json.loads(run.stdout) == {"a": 1, "b": [2, 3]}
    assert cli("exec", "local x = 1", *ports(fake)).stdout.strip() == "nil"
    run = cli("exec", "local t = nil\nreturn t.x", *ports(fake))
    assert run.code == 1 and "at the snippet" in run.stderr, run
    run = cli("exec", "return (", *ports(fake))  # a compile error: error, then an empty reply
    assert run.code == 1 and "error" in run.stderr, run
    run = cli("exec", "--guid", "abc123", "return 1", *ports(fake))
    assert run.code == 1 and "Object reference not set" in run.stderr, run


def test_exec_reads_the_snippet_from_stdin(fake, built, monkeypatch):
    from click.testing import CliRunner

    from generator.cli import main

    assert CliRunner().invoke(main, ["push", "teg", *ports(fake)]).exit_code == 0
    result = CliRunner().invoke(main, ["exec", "-", *ports(fake)], input="return 'hi'\n")
    assert result.exit_code == 0 and result.stdout.strip() == '"hi"'


def test_pull_reports_per_object_and_diffs_modules(cli, fake, built):
    assert cli("push", "teg", *ports(fake)).code == 0
    run = cli("pull", "teg", *ports(fake))
    assert run.code == 0 and "Global (-1): same as our build" in run.stdout, run
    script = fake.scripts["-1"]["script"]
    fake.scripts["-1"]["script"] = script.replace("local R = {}", "local R = {} -- edited in TTS")
    fake.scripts["abc123"] = {"name": "Stray", "script": "print(1)", "ui": ""}
    run = cli("pull", "teg", *ports(fake))
    assert "Global (-1): differs: teg.core.rules changed" in run.stdout, run
    assert "+local R = {} -- edited in TTS" in run.stdout
    assert "Stray (abc123): only in TTS" in run.stdout
    assert json.loads(built.read_text(encoding="utf-8"))["LuaScript"] == script  # untouched


def test_tts_not_running(cli, built):
    run = cli("push", "teg", "--port", str(free_port()), "--listen", str(free_port()))
    assert run.code == 2 and "TTS is not running" in run.stderr, run


def test_another_program_holds_the_editor_port(cli, fake, built):
    with socket.socket() as holder:
        holder.bind((HOST, fake.editor_port))
        holder.listen(1)
        run = cli("push", "teg", *ports(fake))
    assert run.code == 2 and "editor plugin" in run.stderr and str(fake.editor_port) in run.stderr


def test_a_tts_that_never_answers(cli, fake, built):
    fake.silent = True
    run = cli("push", "teg", "--port", str(fake.tts_port), "--listen", str(fake.editor_port),
              "--timeout", "0.5")  # fmt: skip
    assert run.code == 2 and "did not answer within 0.5 s" in run.stderr, run


@pytest.mark.parametrize(("switch", "words"), [("garbage", "not JSON"), ("cut", "not JSON")])
def test_malformed_or_truncated_messages_are_reported(fake, switch, words):
    with Listener(fake.editor_port) as listener:
        setattr(fake, switch, True)
        session = Session(listener, "teg", fake.tts_port, timeout=0.5)
        with pytest.raises(LiveError, match="did not answer"):
            session.push({"LuaScript": "", "ObjectStates": []})
        # The broken reply was not taken for the answer: it was reported.
        listener.messages.put({"messageID": 1, "scriptStates": []})
        fake.garbage = fake.cut = False
        outcome = session.push({"LuaScript": "", "ObjectStates": []})
    assert outcome.errors == 0
    setattr(fake, switch, True)
    with Listener(fake.editor_port) as listener:
        from generator.live.protocol import send

        send({"messageID": 0}, fake.tts_port)
        time.sleep(0.3)
        message = listener.get(1)
    assert message is not None and message["messageID"] == -1 and words in message["error"]


def test_watch_rebuilds_on_a_real_change_and_survives_a_tts_restart(fake, teg_copy, built):
    """A changed card rebuilds and pushes; TTS down or a broken card: reported, then retried."""
    rounds: list = []
    stop = threading.Event()
    with Listener(fake.editor_port) as listener:
        session = Session(listener, "teg", fake.tts_port, timeout=5)

        def run():
            for outcome in run_watch(session, str(teg_copy), teg_copy, 100, None, stop):
                rounds.append(outcome)

        thread = threading.Thread(target=run, daemon=True)
        thread.start()
        deadline = time.monotonic() + 60
        while not rounds:  # the first push: the watcher is running
            assert time.monotonic() < deadline
            time.sleep(0.05)
        first = fake.scripts["-1"]["script"]
        planets = teg_copy / "planets.yaml"
        fake.stop()  # TTS quits: the next push cannot reach it
        planets.write_text(planets.read_text().replace("Gain 1 culture.", "Gain one culture."))
        while not any("not pushed" in t for r in rounds for t, _ in r.lines):
            assert time.monotonic() < deadline, [r.lines for r in rounds]
            time.sleep(0.05)
        fake.start()
        good = planets.read_text()
        planets.write_text(good.replace("vp: 1", "vp: one", 1))  # a broken card: no push
        while not any("nothing pushed" in t for r in rounds for t, _ in r.lines):
            assert time.monotonic() < deadline, [r.lines for r in rounds]
            time.sleep(0.05)
        pushes = len(fake.received)
        planets.write_text(good.replace("Gain one culture.", "Gain 1 culture!"))
        while fake.scripts["-1"]["script"] == first or len(fake.received) < 2:
            assert time.monotonic() < deadline, [r.lines for r in rounds]
            time.sleep(0.05)
        stop.set()
        thread.join(timeout=10)
    assert "Gain 1 culture!" in fake.scripts["-1"]["script"]  # the card text is in teg.data
    assert len(fake.received) == pushes + 1  # the broken build pushed nothing
    texts = [t for r in rounds for t, _ in r.lines]
    assert any(t.startswith("changed: planets.yaml") for t in texts), texts


def test_an_error_a_framework_handler_passed_on_is_shown_where_it_came_from():
    # TTS puts the place where glue.sources passed the error on in front of the source's own
    from generator.live.scripts import map_error

    message = "chunk_0:(120,5-40): lua/glue/frames.lua:1: boom (in onButton2)"
    mapped = map_error(message, "whatever the bundle", "teg")
    assert "\n  at lua/glue/frames.lua:1:1\n" in mapped + "\n"
    assert (ROOT / "lua/glue/frames.lua").read_text(encoding="utf-8").split("\n")[
        0
    ].strip() in mapped
    assert "(Global bundle)" not in mapped
