"""What one Lua operation allocates on a real MoonSharp: not a test.

Run `.venv/bin/python benchmarks/moonsharp_ops.py PATH` (PATH: a MoonSharp.Interpreter.dll;
needs pythonnet and a .NET runtime, as `--interpreter` does). Each operation runs 2,000
times in a loop, once to warm up and once measured; it prints the bytes the thread
allocated an iteration, with the empty loop's own beside them (a loop's step allocates too).
No Python runs inside the loops, so nothing of the bridge is in the figures.
(A coroutine made is MoonSharp's Processor with two stacks of 131,072 slots each, about
2 MB: glue.frames keeps one coroutine and runs every long job in it.)

Why: MoonSharp allocates for nearly everything a script does (a number, a call, a table,
a string), and the collector that clears it up is what makes a frame stutter. The table's
garbage follows its instructions (docs/moonsharp.md), but not evenly: this says which
habits of writing Lua cost the most on the interpreter TTS runs.
"""

from __future__ import annotations

import sys

from generator.harness.tts import clr

ROUNDS = 2000

SETUP = r"""
long = string.rep("Red: 12 points (3 colonies, 2 energy)\n", 12)
short = "seat:Red:opt:3"
ids = {}
for i = 1, 12 do ids[i] = "seat:Red:opt:" .. i end
deck = {}
for i = 1, 35 do deck[i] = "planet" .. i end
one = { 1 }
f1 = function(x) return x end
kept = coroutine.create(function() while true do coroutine.yield() end end)
fv = function(...) return select("#", ...) end
"""

# (what it is, the loop's body: `i` is the loop's counter)
OPERATIONS = [
    ("the empty loop", ""),
    ("arithmetic: x = i + 1", "local x = i + 1"),
    ("a field read: ids[3]", "local x = ids[3]"),
    ("a call: f1(i)", "local x = f1(i)"),
    ("a call with varargs: fv(1, 2, 3)", "local x = fv(1, 2, 3)"),
    ("pcall(type, 1)", "local ok = pcall(type, 1)"),
    ("a closure made", "local x = function() return i end"),
    ("an empty table: {}", "local x = {}"),
    ("a table of 3 fields", "local x = { a = 1, b = 2, c = 3 }"),
    ("a panel entry: { id, { text = s } }", "local x = { short, { text = short } }"),
    ("a copy of 35: { table.unpack(deck) }", "local x = { table.unpack(deck) }"),
    ("12 items by ipairs", "for _, v in ipairs(ids) do end"),
    ("12 items by a numeric for", "for j = 1, #ids do local v = ids[j] end"),
    ("12 items by next", "for k, v in next, ids do end"),
    ("ipairs over {1}", "for _, v in ipairs(one) do end"),
    ("short .. short", "local x = short .. short"),
    ("long .. 'x' (444 characters)", "local x = long .. 'x'"),
    ("string.sub(short, -5)", "local x = string.sub(short, -5)"),
    ("tostring(i)", "local x = tostring(i)"),
    ("string.format('%d', i)", "local x = string.format('%d', i)"),
    ("table.concat of 12", "local x = table.concat(ids, ',')"),
    ("string.find(short, ':', 1, true)", "local x = string.find(short, ':', 1, true)"),
    ("string.find(long, '|', 1, true)", "local x = string.find(long, '|', 1, true)"),
    ("string.match(short, '^seat:(%a+):opt:(%w+)$')",
     "local x = string.match(short, '^seat:(%a+):opt:(%w+)$')"),
    ("string.gmatch(long, '[^\\n]+'), 12 lines", "for l in string.gmatch(long, '[^\\n]+') do end"),
    ("pcall(f1, i): a Lua function", "local ok = pcall(f1, i)"),
    ("coroutine.resume of a kept coroutine", "coroutine.resume(kept)"),
    ("coroutine.create(f1)", "local co = coroutine.create(f1)"),
]  # fmt: skip


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit("give the path of a MoonSharp.Interpreter.dll")
    rt = clr.MoonSharpRuntime(sys.argv[1], (lambda *a: None, lambda *a: None))
    rt.execute(SETUP)
    print(f"MoonSharp {rt.version}: bytes allocated an iteration ({ROUNDS:,} iterations)")
    for name, body in OPERATIONS:
        loop = rt.execute(f"return function() for i = 1, {ROUNDS} do {body} end end")
        loop()  # the first run compiles what it needs
        before = rt.bridge.allocated()
        loop()
        print(f"  {name:<48}{(rt.bridge.allocated() - before) / ROUNDS:>10,.0f}")


if __name__ == "__main__":
    main()
