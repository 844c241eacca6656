"""The table's Lua on a real MoonSharp.Interpreter.dll, through pythonnet (`--interpreter`).

The emulator runs on lupa under a profile of MoonSharp (generator.harness.moonsharp), a
model. Given the path of a MoonSharp.Interpreter.dll (TTS's own where an install keeps it as
an assembly of its own, `<game>_Data/Managed/`, or one built from MoonSharp's public source),
`MoonSharpRuntime` stands in for lupa: the same scripts, handles and API calls, the Lua run
by the interpreter TTS runs. ttsmod ships no MoonSharp code or binary.

What a handler costs is timed here, in ms, with the bridge's own share taken out (`Bridge`):
the Python the emulator runs for each API call and member read (timed one by one), the fixed
cost of each crossing into Python and of each call from Python into Lua (measured once a
process, when its first runtime starts: `bridge_calibrate`), and the conversion of
arguments and answers; and the same of the bytes the thread allocates. What is
left is MoonSharp's: its VM, its library, its garbage collection (mono's, which the bridge's
own allocations make run a little more often than TTS would: stated with every figure).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

_clr: dict[str, Any] = {}  # the loaded assembly's types, once per process (pythonnet loads once)

INSTALL_HINT = (
    "the real interpreter needs pythonnet (pip install 'ttsmod[moonsharp]') and a .NET "
    "runtime it can host (mono, or .NET with PYTHONNET_RUNTIME=coreclr)"
)


class InterpreterError(Exception):
    """The DLL or the runtime behind it cannot be used (names which and why)."""


# Loads pythonnet's runtime as `_types` does, in a process of its own: a runtime that cannot
# host pythonnet aborts the process that loads it (mono without the netstandard.dll facade
# dies natively, no Python exception), so the asking process must not be the one to try.
_PROBE = """
import os, warnings
import pythonnet
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    pythonnet.load(os.environ.get("PYTHONNET_RUNTIME", "mono"))
import clr
import System
print("runtime ok", System.Environment.Version)
"""
_probed: list[str | None] = []  # the probe's answer, once per process

# What each failure of the probe lacks, by what it printed (measured on Debian bookworm:
# mono-runtime alone has no libmonosgen-2.0.so; with libmonosgen-2.0-1 added, mono aborts
# loading Python.Runtime.dll, a netstandard 2.0 assembly, for want of the netstandard.dll
# facade, which only mono-devel ships, in mono's 4.5/Facades).
_LACKS = (
    ("No module named 'pythonnet'", "no pythonnet: pip install -e '.[moonsharp]' (make test "
     "does when it finds the DLL)"),
    ("No module named 'clr_loader'", "no pythonnet: pip install -e '.[moonsharp]' (make test "
     "does when it finds the DLL)"),
    ("Could not find libmono", "no mono runtime pythonnet can host (libmonosgen-2.0 is "
     "missing): on Debian, apt-get install mono-devel (.ci/run does; mono-runtime alone "
     "lacks it)"),
    ("netstandard", "mono cannot load pythonnet (the netstandard.dll facade is missing): on "
     "Debian, apt-get install mono-devel (.ci/run does; mono-runtime alone lacks it)"),
)  # fmt: skip


def runtime_problem() -> str | None:
    """Why pythonnet cannot host its .NET runtime here, in one line (None: it can).

    Asked of a subprocess, in a scratch folder (mono leaves crash dumps in the working
    folder), once per process.
    """
    if _clr or pythonnet_loaded():
        return None
    if not _probed:
        _probed.append(_probe())
    return _probed[0]


def pythonnet_loaded() -> bool:
    """True when this process has loaded pythonnet's runtime already."""
    found = sys.modules.get("pythonnet")
    return found is not None and found.get_runtime_info() is not None


def _probe() -> str | None:
    with tempfile.TemporaryDirectory(prefix="ttsmod-clr-") as scratch:
        try:
            run = subprocess.run(
                [sys.executable, "-c", _PROBE], cwd=scratch, capture_output=True, text=True,
                timeout=180, env={**os.environ, "MONO_CRASH_NOFILE": "1"},
            )  # fmt: skip
        except subprocess.TimeoutExpired:
            return f"{INSTALL_HINT} (loading the runtime took over 180 s)"
    said = run.stdout + run.stderr
    if run.returncode == 0 and "runtime ok" in run.stdout:
        return None
    for clue, lack in _LACKS:
        if clue in said:
            return lack
    last = next((line.strip() for line in reversed(said.splitlines()) if line.strip()), "")
    how = f"exit {run.returncode}" if run.returncode >= 0 else f"signal {-run.returncode}"
    return f"{INSTALL_HINT}: loading it stopped the process ({how}; {last[:160]})"


def _types(dll: str) -> dict[str, Any]:
    """MoonSharp's types from `dll`, loading pythonnet's runtime the first time."""
    path = str(Path(dll).resolve())
    if _clr:
        if _clr["path"] != path:
            raise InterpreterError(
                f"{dll}: this process already runs {_clr['path']} (pythonnet loads one runtime)"
            )
        return _clr
    if not Path(path).is_file():
        raise InterpreterError(f"{dll}: no such file (give the path of MoonSharp.Interpreter.dll)")
    lacking = runtime_problem()
    if lacking is not None:
        raise InterpreterError(lacking)
    try:
        import pythonnet

        if pythonnet.get_runtime_info() is None:
            with warnings.catch_warnings():  # clr_loader's note on mono before 6.12: none seen
                warnings.simplefilter("ignore")
                pythonnet.load(os.environ.get("PYTHONNET_RUNTIME", "mono"))
        import clr
    except Exception as err:  # ImportError, or the runtime not found
        raise InterpreterError(f"{INSTALL_HINT} ({type(err).__name__}: {err})") from None
    try:
        clr.AddReference(path)
        import System
        from MoonSharp.Interpreter import (
            CallbackArguments,
            CoreModules,
            DataType,
            DynValue,
            InterpreterException,
            Script,
            ScriptExecutionContext,
            ScriptRuntimeException,
            SyntaxErrorException,
            Table,
            UserData,
        )
        from MoonSharp.Interpreter.Interop import IUserDataDescriptor
    except Exception as err:
        said = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
        raise InterpreterError(f"{dll}: not a MoonSharp.Interpreter assembly ({said})") from None
    _clr.update(
        path=path, System=System, clr=clr, CallbackArguments=CallbackArguments,
        CoreModules=CoreModules, DataType=DataType, DynValue=DynValue,
        InterpreterException=InterpreterException, Script=Script,
        ScriptExecutionContext=ScriptExecutionContext,
        ScriptRuntimeException=ScriptRuntimeException,
        SyntaxErrorException=SyntaxErrorException, Table=Table, UserData=UserData,
        IUserDataDescriptor=IUserDataDescriptor,
        Callback=System.Func[ScriptExecutionContext, CallbackArguments, DynValue],
        version=str(Script.VERSION),
    )  # fmt: skip
    _clr["Descriptor"] = _descriptor_class(IUserDataDescriptor, System, clr)
    return _clr


def check(dll: str) -> str:
    """MoonSharp's version in `dll`, or InterpreterError naming why it cannot be used.

    Cheap next to a build: the CLI asks it first, so a wrong path is refused at once.
    """
    return str(_types(dll)["version"])


def _descriptor_class(interface: Any, system: Any, clr: Any) -> Any:
    """A userdata descriptor in Python: TTS objects are userdata, read and written by name."""

    class HandleDescriptor(interface):  # type: ignore[misc, valid-type]
        __namespace__ = "ttsmod.harness"

        def get_Name(self) -> str:
            return "handle"

        def get_Type(self) -> Any:
            return clr.GetClrType(system.Object)

        def Index(self, script: Any, obj: Any, index: Any, direct: bool) -> Any:
            return self.runtime._index(obj, index)

        def SetIndex(self, script: Any, obj: Any, index: Any, value: Any, direct: bool) -> bool:
            return self.runtime._set_index(obj, index, value)

        def AsString(self, obj: Any) -> str:
            return self.runtime._as_string(obj)

        def MetaIndex(self, script: Any, obj: Any, name: str) -> Any:
            return None

        def IsTypeCompatible(self, kind: Any, obj: Any) -> bool:
            return False

    return HandleDescriptor


class Bridge:
    """What the bridge adds to a handler's wall time, taken out of what is reported.

    `excluded` grows by every second spent outside MoonSharp's own work while Lua runs:
    the Python behind a callback (timed), each crossing's fixed cost (calibrated), the
    conversions around a call from Python. `excluded_bytes` the same in bytes allocated: the
    conversions (measured) and each crossing's fixed allocation (calibrated).
    """

    def __init__(self, gc: Any) -> None:
        self._gc = gc  # System.GC
        self.excluded = 0.0
        self.crossing = 0.0  # s, one Lua -> Python call beyond the Python it runs
        self.member = 0.0  # s, one member read of a handle beyond its Python
        self.call = 0.0  # s, one Python -> Lua call beyond the Lua it runs
        self.crossings = 0
        self.excluded_bytes = 0
        self.crossing_bytes = 0  # one Lua -> Python call's own allocation
        self.member_bytes = 0
        self.call_bytes = 0  # one Python -> Lua call's, its arguments' and answers' aside
        self.inside = 0  # Python callbacks under way (a Lua call made in one is nested)

    def net_ms(self, start: float, excluded: float) -> float:
        """MoonSharp's own ms of a call begun at `start` (perf_counter), `excluded` then.

        A call made from inside a callback (a script calling another's function) is Lua time
        of the handler around it: its wall time is given back to that handler.
        """
        wall = time.perf_counter() - start
        net = wall - (self.excluded - excluded)
        if self.inside:
            self.excluded -= wall
        return max(0.0, net) * 1000

    def collections(self) -> int:
        """Minor garbage collections so far (generation 0: mono's nursery, or .NET's)."""
        return int(self._gc.CollectionCount(0))

    def majors(self) -> int:
        """Major garbage collections so far (mono's generation 1, .NET's 1 and 2).

        Measured on mono 6.8: a major collection is not in generation 0's count.
        """
        return int(self._gc.CollectionCount(self._gc.MaxGeneration))

    def allocated(self) -> int:
        """Bytes this thread has allocated so far (MoonSharp's and the bridge's own)."""
        return int(self._gc.GetAllocatedBytesForCurrentThread())

    def figures(self) -> dict[str, float]:
        """The calibrated costs, in microseconds (printed with every real-interpreter run)."""
        return {
            "callback_us": self.crossing * 1e6,
            "member_read_us": self.member * 1e6,
            "call_us": self.call * 1e6,
            "callback_bytes": self.crossing_bytes,
            "member_read_bytes": self.member_bytes,
            "call_bytes": self.call_bytes,
        }


class LuaTable:
    """A MoonSharp table as the emulator reads lupa's: t[k], t.name, keys/values/items."""

    __slots__ = ("_rt", "_t")

    def __init__(self, rt: MoonSharpRuntime, table: Any) -> None:
        object.__setattr__(self, "_rt", rt)
        object.__setattr__(self, "_t", table)

    def __getitem__(self, key: Any) -> Any:
        return self._rt.to_python(self._t.Get(self._rt.to_dyn(key)))

    def __setitem__(self, key: Any, value: Any) -> None:
        self._t.Set(self._rt.to_dyn(key), self._rt.to_dyn(value))

    def __getattr__(self, name: str) -> Any:
        return self[name]

    def __setattr__(self, name: str, value: Any) -> None:
        self[name] = value

    def keys(self) -> list[Any]:
        """The table's keys, as Python values."""
        return [self._rt.to_python(k) for k in self._t.Keys]

    def values(self) -> list[Any]:
        """The table's values, as Python values."""
        return [self._rt.to_python(v) for v in self._t.Values]

    def items(self) -> list[tuple[Any, Any]]:
        """(key, value) pairs, as Python values."""
        to = self._rt.to_python
        return [(to(p.Key), to(p.Value)) for p in self._t.Pairs]

    def __len__(self) -> int:
        return int(self._t.Length)

    def __call__(self, *args: Any) -> Any:
        """Call the table's __call (Vector, Color)."""
        return self._rt.call(self._rt.to_dyn(self), args)


class LuaFunction:
    """A MoonSharp function, called as lupa's are: one value, a tuple for several, or None."""

    __slots__ = ("_dyn", "_rt")

    def __init__(self, rt: MoonSharpRuntime, dyn: Any) -> None:
        self._rt = rt
        self._dyn = dyn

    def __call__(self, *args: Any) -> Any:
        """Call it on MoonSharp (MoonSharpRuntime.call)."""
        return self._rt.call(self._dyn, args)


class MoonSharpRuntime:
    """lupa's LuaRuntime, as the emulator uses it, on MoonSharp (see the module docstring)."""

    def __init__(self, dll: str, attribute_handlers: tuple[Callable[..., Any], ...]) -> None:
        c = self.c = _types(dll)
        self.version = c["version"]
        self.getter, self.setter = attribute_handlers
        self.script = c["Script"](c["CoreModules"].Preset_Complete)
        self.bridge = Bridge(c["System"].GC)
        self.pending: BaseException | None = None  # a Python error raised inside Lua
        self._objects: dict[int, Any] = {}  # key -> Python object handed to Lua
        self._userdata: dict[int, Any] = {}  # id(Python object) -> its userdata DynValue
        self._keep: list[Any] = []  # delegates and objects Lua may still call or read
        self._descriptor = c["Descriptor"]()
        self._descriptor.runtime = self
        self._nil = c["DynValue"].Nil
        self._true = getattr(c["DynValue"], "True")
        self._false = getattr(c["DynValue"], "False")
        dt = c["DataType"]
        self._kinds = {
            dt.Nil: "nil", dt.Void: "nil", dt.Boolean: "boolean", dt.Number: "number",
            dt.String: "string", dt.Function: "function", dt.ClrFunction: "function",
            dt.Table: "table", dt.UserData: "userdata", dt.Thread: "thread",
            dt.Tuple: "tuple",
        }  # fmt: skip
        # TTS takes these from its scripts (as the lupa profile does, docs/moonsharp.md).
        self.script.DoString(
            "load, loadfile, dofile, require, package, io, debug = nil, nil, nil, nil, nil, "
            "nil, nil\nlocal o = os\nos = { clock = o.clock, date = o.date, time = o.time, "
            "difftime = o.difftime }"
        )
        self.bridge_calibrate()

    # -- lupa's surface -------------------------------------------------------------------

    def execute(self, code: str) -> Any:
        """Run a chunk in the globals; its answers as lupa gives them."""
        fn = self._load(code, "=chunk", None)
        return self.call(fn, ())

    def globals(self) -> LuaTable:
        """The runtime's global table."""
        return LuaTable(self, self.script.Globals)

    def table_from(self, value: dict[Any, Any] | list[Any]) -> LuaTable:
        """A new table from a dict or a list (a list's items at 1..n), as lupa's."""
        t = self.c["Table"](self.script)
        items = value.items() if isinstance(value, dict) else enumerate(value, 1)
        for k, v in items:
            t.Set(self.to_dyn(k), self.to_dyn(v))
        return LuaTable(self, t)

    def loader(self, text: str, name: str, env: LuaTable) -> tuple[Any, str | None]:
        """A script compiled into `env`: (function, None), or (None, the compiler's message)."""
        try:
            return LuaFunction(self, self._load(text, name, env._t)), None
        except self.c["SyntaxErrorException"] as err:
            return None, str(err.DecoratedMessage or err.Message)

    def _load(self, text: str, name: str, env: Any) -> Any:
        return self.script.LoadString(text, env, name.lstrip("="))

    def lua_type(self, value: Any) -> str | None:
        """What lupa's lua_type says of a value: a Lua type name, or None for Python's."""
        if isinstance(value, LuaTable):
            return "table"
        if isinstance(value, LuaFunction):
            return "function"
        return None

    def type_of(self, value: Any) -> str:
        """Lua's type() of a value handed to Python."""
        if value is None:
            return "nil"
        if isinstance(value, bool):
            return "boolean"
        if isinstance(value, int | float):
            return "number"
        if isinstance(value, str):
            return "string"
        return self.lua_type(value) or "userdata"

    def rawget(self, table: LuaTable, key: Any) -> Any:
        """Lua's rawget of a table's key, without metamethods."""
        return self.to_python(table._t.RawGet(self.to_dyn(key)))

    def wrap(self, fn: Callable[..., Any]) -> LuaFunction:
        """A Python function as a Lua function (a MoonSharp callback)."""
        return LuaFunction(self, self._callback(fn))

    # -- values across ------------------------------------------------------------------

    def to_dyn(self, value: Any) -> Any:
        """A Python value as a DynValue (handles become userdata, callables callbacks)."""
        if value is None:
            return self._nil
        if isinstance(value, bool):
            return self._true if value else self._false
        if isinstance(value, int | float):
            return self.c["DynValue"].NewNumber(float(value))
        if isinstance(value, str):
            return self.c["DynValue"].NewString(value)
        if isinstance(value, LuaTable):
            return self.c["DynValue"].NewTable(value._t)
        if isinstance(value, LuaFunction):
            return value._dyn
        if isinstance(value, dict | list | tuple):
            raise TypeError("a Python dict or list reached Lua unconverted (use to_lua)")
        if callable(value) and not hasattr(value, "lua_get"):
            return self._callback(value)
        ud = self._userdata.get(id(value))
        if ud is None:
            key = len(self._objects) + 1
            self._objects[key] = value
            ud = self.c["UserData"].Create(self.c["System"].Int32(key), self._descriptor)
            self._userdata[id(value)] = ud
        return ud

    def to_python(self, dyn: Any) -> Any:
        """A DynValue as lupa would hand it to Python (an integral number as an int)."""
        if dyn is None:
            return None
        kind = self._kinds.get(dyn.Type)
        if kind == "number":
            n = float(dyn.Number)
            return int(n) if n.is_integer() and abs(n) < 2**63 else n
        if kind == "string":
            return str(dyn.String)
        if kind == "boolean":
            return bool(dyn.Boolean)
        if kind == "nil":
            return None
        if kind == "table":
            return LuaTable(self, dyn.Table)
        if kind == "function":
            return LuaFunction(self, dyn)
        if kind == "userdata":
            return self._objects[int(dyn.UserData.Object)]
        if kind == "tuple":
            values = [self.to_python(v) for v in dyn.Tuple]
            return values[0] if len(values) == 1 else (tuple(values) or None)
        raise TypeError(f"a Lua {kind or dyn.Type} cannot be handed to Python here")

    def _answer(self, result: Any) -> Any:
        if isinstance(result, tuple):
            return self.c["DynValue"].NewTuple([self.to_dyn(v) for v in result])
        return self.to_dyn(result)

    def _cross(self, work: Callable[[], Any], fixed: float, fixed_bytes: int) -> Any:
        """Run `work` (the Python behind a crossing from Lua), its time and bytes taken out.

        `fixed` and `fixed_bytes` are the crossing's own calibrated costs. A Python error is
        kept (`pending`) and raised in Lua as a ScriptRuntimeException, so a script's pcall
        sees it as TTS's would see a refused call, and `call` hands the error itself back to
        Python.
        """
        bridge = self.bridge
        start = time.perf_counter()
        made = bridge.allocated()
        bridge.inside += 1
        try:
            return work()
        except BaseException as err:
            self.pending = err
            raise self.c["ScriptRuntimeException"](f"{type(err).__name__}: {err}") from None
        finally:
            bridge.inside -= 1
            bridge.excluded += time.perf_counter() - start + fixed
            bridge.excluded_bytes += bridge.allocated() - made + fixed_bytes
            bridge.crossings += 1

    def _callback(self, fn: Callable[..., Any]) -> Any:
        bridge = self.bridge

        def call(ctx: Any, args: Any) -> Any:
            def work() -> Any:
                return self._answer(fn(*[self.to_python(args[i]) for i in range(args.Count)]))

            return self._cross(work, bridge.crossing, bridge.crossing_bytes)

        delegate = self.c["Callback"](call)
        self._keep.append(delegate)
        return self.c["DynValue"].NewCallback(delegate, getattr(fn, "__name__", "python"))

    def _index(self, key: Any, index: Any) -> Any:
        def work() -> Any:
            return self.to_dyn(self.getter(self._objects[int(key)], self.to_python(index)))

        return self._cross(work, self.bridge.member, self.bridge.member_bytes)

    def _set_index(self, key: Any, index: Any, value: Any) -> bool:
        def work() -> bool:
            self.setter(self._objects[int(key)], self.to_python(index), self.to_python(value))
            return True

        return bool(self._cross(work, self.bridge.member, self.bridge.member_bytes))

    def _as_string(self, key: Any) -> str:
        obj = self._objects[int(key)]
        label = getattr(obj, "label", None)
        return f"userdata: {label() if callable(label) else type(obj).__name__}"

    def call(self, fn: Any, args: tuple[Any, ...]) -> Any:
        """Call a Lua function from Python: its answers, or the error it raised.

        A Python error raised inside (a refused API call) comes back as itself, as lupa
        gives it; a Lua error as LuaError with MoonSharp's message.
        """
        bridge, clock = self.bridge, time.perf_counter
        start = clock()
        made = bridge.allocated()
        dyn_args = self.c["System"].Array[self.c["DynValue"]]([self.to_dyn(a) for a in args])
        self.pending = None
        converted = clock()
        converted_bytes = bridge.allocated() - made
        try:
            result = self.script.Call(fn, dyn_args)
        except self.c["InterpreterException"] as err:
            bridge.excluded += (converted - start) + bridge.call
            bridge.excluded_bytes += converted_bytes + bridge.call_bytes
            pending, self.pending = self.pending, None
            if pending is not None:
                raise pending from None
            raise LuaError(str(err.DecoratedMessage or err.Message)) from None
        back, back_bytes = clock(), bridge.allocated()
        answer = self.to_python(result)
        bridge.excluded += (converted - start) + (clock() - back) + bridge.call
        bridge.excluded_bytes += (converted_bytes + bridge.allocated() - back_bytes
                                  + bridge.call_bytes)  # fmt: skip
        return answer

    # -- calibration ----------------------------------------------------------------------

    def bridge_calibrate(self, rounds: int = 5, n: int = 4000) -> None:
        """Measure the bridge's fixed costs (the quietest of `rounds`; see Bridge).

        Once a process: every table after the first takes the same figures (a playtest
        loads a table a game, and again at every rewind).
        """
        bridge = self.bridge
        if _last:
            bridge.crossing = _last["callback_us"] / 1e6
            bridge.member = _last["member_read_us"] / 1e6
            bridge.call = _last["call_us"] / 1e6
            bridge.crossing_bytes = int(_last["callback_bytes"])
            bridge.member_bytes = int(_last["member_read_bytes"])
            bridge.call_bytes = int(_last["call_bytes"])
            return
        holder = type("Probe", (), {"lua_get": None})()
        getter, self.getter = self.getter, lambda obj, name: 1
        env = self.globals()
        env["__probe_cb"] = lambda: None
        env["__probe_ud"] = holder
        loops = self.execute(
            "local cb, ud = __probe_cb, __probe_ud\n"
            "local function f() end\n"
            "return function(n) for i = 1, n do cb() end end,\n"
            "  function(n) for i = 1, n do f() end end,\n"
            "  function(n) local x for i = 1, n do x = ud.x end end,\n"
            "  function(n) local t, x = {x = 1} for i = 1, n do x = t.x end end,\n"
            "  function() end"
        )
        clock = time.perf_counter
        crossing, member, call = [], [], []
        made: dict[str, list[float]] = {"crossing": [], "member": [], "call": []}
        bridge.crossing = bridge.member = bridge.call = 0.0
        bridge.crossing_bytes = bridge.member_bytes = bridge.call_bytes = 0
        for _ in range(rounds):
            timings = []
            for fn in loops[:4]:
                bridge.excluded, bridge.excluded_bytes = 0.0, 0
                start, bytes0 = clock(), bridge.allocated()
                self.script.Call(fn._dyn, self.c["DynValue"].NewNumber(n))
                timings.append((clock() - start, bridge.excluded,
                                bridge.allocated() - bytes0, bridge.excluded_bytes))  # fmt: skip
            (cb, cb_in, cbb, cbb_in), (lua, _, luab, _), (ud, ud_in, udb, udb_in), (
                tab, _, tabb, _) = timings  # fmt: skip
            crossing.append((cb - cb_in - lua) / n)
            member.append((ud - ud_in - tab) / n)
            made["crossing"].append((cbb - cbb_in - luab) / n)
            made["member"].append((udb - udb_in - tabb) / n)
            bridge.excluded, bridge.excluded_bytes = 0.0, 0
            start, bytes0 = clock(), bridge.allocated()
            for _ in range(200):
                self.call(loops[4]._dyn, ())
            call.append((clock() - start - bridge.excluded) / 200)
            made["call"].append((bridge.allocated() - bytes0 - bridge.excluded_bytes) / 200)
        self.getter = getter
        env["__probe_cb"] = None
        env["__probe_ud"] = None
        bridge.crossing, bridge.member = max(0.0, min(crossing)), max(0.0, min(member))
        # (the nop call's own Lua is a few instructions: nothing to take back)
        bridge.call = min(call)
        # what MoonSharp itself allocates for a call or a callback stays in: TTS's API is
        # called the same way (the least of the rounds, as for the time)
        bridge.crossing_bytes = max(0, round(min(made["crossing"])))
        bridge.member_bytes = max(0, round(min(made["member"])))
        bridge.call_bytes = max(0, round(min(made["call"])))
        bridge.excluded, bridge.crossings, bridge.excluded_bytes = 0.0, 0, 0
        _last.update(bridge.figures(), version=f"MoonSharp {self.version}")


_last: dict[str, Any] = {}  # the latest runtime's calibration, for reports


def measured_bridge() -> dict[str, Any] | None:
    """The last runtime's calibrated bridge costs (us) and MoonSharp's version; None if none."""
    return dict(_last) if _last else None


class LuaError(Exception):
    """A Lua error raised on MoonSharp (its message, with the chunk's line and column)."""


def runtime(dll: str, attribute_handlers: Any) -> tuple[MoonSharpRuntime, Any, Any]:
    """A real-interpreter runtime for an emulated table: (lua, load, count), as host_runtime.

    `count` counts nothing (the interpreter is timed instead): it answers (0, *results).
    """
    rt = MoonSharpRuntime(dll, attribute_handlers)

    def count(fn: Any, *args: Any) -> Any:
        result = fn(*args)
        return (0, *result) if isinstance(result, tuple) else (0, result)

    count.scanned = 0.0  # type: ignore[attr-defined]
    return rt, rt.loader, count
