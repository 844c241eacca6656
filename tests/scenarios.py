"""Rule scenarios as data: tests/rules/*.yaml, run against an engine.

A scenario builds a start state (a setup, then JSON-pointer patches), applies actions, and
checks values at JSON pointers, a refusal, or which actions the stepwise choices
offer. The same files will
drive the Lua core, so every rule is checked in both engines from one description.

    - name: jakks gains 1 culture on landing
      players: 2                  # seats from game.yaml, in order (default 2)
      row: [jakks]                # front of the deck (the rest follows in card order)
      state: {/stage: main, /dice: [{face: move, state: ready}]}
      actions: [{type: activate, die: 0, ship: 0, to: jakks, mode: land, ability: {}}]
      expect: {/players/0/culture: 2}
      refuse: "text"              # the last action must be refused with this in the reason
      offered: [...]              # actions whose every decision the choices offer
      not_offered: [...]          # ... actions refused, or spelled with an option not offered
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ruamel.yaml import YAML

from generator.engines.steps import chance

RULES = Path(__file__).parent / "rules"


def load_scenarios() -> list[tuple[str, dict[str, Any]]]:
    """(file:name, scenario) for every scenario of tests/rules."""
    yaml = YAML(typ="safe", pure=True)
    found = []
    for path in sorted(RULES.glob("*.yaml")):
        for case in yaml.load(path.read_text(encoding="utf-8")):
            found.append((f"{path.stem}:{case['name']}", case))
    return found


def tokens(ptr: str) -> list[str]:
    return [t.replace("~1", "/").replace("~0", "~") for t in ptr.split("/")[1:]]


def get(doc: Any, ptr: str) -> Any:
    for token in tokens(ptr):
        doc = doc[int(token)] if isinstance(doc, list) else doc[token]
    return doc


def put(doc: Any, ptr: str, value: Any) -> None:
    *parents, last = tokens(ptr)
    for token in parents:
        doc = doc[int(token)] if isinstance(doc, list) else doc[token]
    if isinstance(doc, list):
        doc[int(last)] = value
    else:
        doc[last] = value


def setup_for(case: dict[str, Any], planet_ids: list[str], seats: list[str]) -> dict[str, Any]:
    row = list(case.get("row", []))
    return {
        "players": seats[: case.get("players", 2)],
        "deck": row + [p for p in planet_ids if p not in row],
        "missions": case.get("missions", {}),
    }


def start_state(case: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    """Apply the scenario's patches to an opening state (in place) and return it."""
    for ptr, value in case.get("state", {}).items():
        put(state, ptr, value)
    return state


def offered_along(trace: list[dict[str, Any]], path: list[str]) -> bool:
    """True when every id of `path` is one of the options its decision offered."""
    for decision, chosen in zip(trace, path, strict=True):
        if not chance(decision) and chosen not in {o["id"] for o in decision["options"]}:
            return False
    return True


# --- pointer scenarios (Mechs, Liar's Dice): a state patched from an opening ---------------


def point(state: Any, ptr: str) -> Any:
    """The value at a JSON pointer of plain data."""
    for key in ptr.split("/")[1:]:
        state = state[int(key)] if isinstance(state, list) else state[key]
    return state


def patch(state: Any, patches: dict[str, Any]) -> Any:
    """`state` with the value at each JSON pointer replaced (in place); `state`."""
    for ptr, value in patches.items():
        *parents, last = ptr.split("/")[1:]
        node = state
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        node[int(last) if isinstance(node, list) else last] = value
    return state


def pointer_cases(folder: str) -> list[Any]:
    """Every scenario of tests/rules/<folder>/*.yaml as a pytest parameter named by file."""
    import pytest

    out = []
    for path in sorted((RULES / folder).glob("*.yaml")):
        for case in YAML(typ="safe").load(path.read_text(encoding="utf-8")):
            out.append(pytest.param(case, id=f"{path.stem}: {case['name'][:60]}"))
    return out


def run_pointer_case(case: dict[str, Any], s: Any, python: Any, lua: Any, engine_name: str) -> None:
    """One pointer scenario from state `s` in one engine ("python", or "lua": a LuaEngine).

    `options` after `path`; or `action` `refused` (with the reason, the state unchanged);
    or `action` then the values `expect`ed at JSON pointers.
    """
    import json

    import pytest

    from generator.engines.errors import IllegalAction, canonical

    engine = python if engine_name == "python" else lua
    state = s if engine_name == "python" else lua.load_state(s)
    before = canonical(s)
    if "options" in case:
        found = engine.choices(state, case["path"])
        assert [o["id"] for o in found["decision"]["options"]] == case["options"]
        return
    if "refused" in case:
        with pytest.raises(IllegalAction) as err:
            engine.apply(state, case["action"])
        assert case["refused"] in err.value.reason
        after = canonical(s) if engine_name == "python" else lua.encode(state)
        assert after == before  # a refusal changes nothing
        return
    nxt = engine.apply(state, case["action"])
    final = nxt if engine_name == "python" else json.loads(lua.encode(nxt))
    for ptr, want in case["expect"].items():
        assert point(final, ptr) == want, ptr
