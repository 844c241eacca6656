"""Properties of the Python engine over many seeded self-play games (random and greedy bots).

Every game ends; resources stay within 0..cap; the 40 planets are all somewhere, once; no die
is activated twice; each rival decides once per window; the converter is used at most once a
turn; every state matches the state schema; a written record replays to the same state; and
the stepwise choices agree with apply in both directions: random walks through the options
always end in an action apply accepts, every action apply accepts is reachable through them,
and on small states the leaves of the choice tree are exactly the actions an independent
generate-and-test oracle (tests/oracle.py) finds.
"""

from __future__ import annotations

import copy
import functools
import random
from collections import Counter

import oracle
import pytest

from generator.games.teg.rules import IllegalAction, canonical, load_engine
from generator.games.teg.rules.bots import BOTS
from generator.games.teg.rules.records import deal, play, replay
from generator.games.teg.rules.sources import BadPath
from generator.schemas import errors, schema_path

STATE_SCHEMA = schema_path("teg", "state")
CHOICES_SCHEMA = schema_path("teg", "choices")
# (bot, players, games): greedy games are short (~300 actions), random ones long (1-10k).
BATCHES = [("greedy", n, 5) for n in (2, 3, 4, 5)] + [("random", n, 2) for n in (2, 3, 4, 5)]


@pytest.fixture(scope="module")
def engine():
    return load_engine()


def check_invariants(engine, before, action, after, turn_log):
    cap = engine.data.rules.resource_cap
    for p in after["players"]:
        assert 0 <= p["energy"] <= cap and 0 <= p["culture"] <= cap, p
    places = after["row"] + after["deck"] + after["discard"]
    places += [c for p in after["players"] for c in p["colonies"]]
    assert sorted(places) == sorted(p.id for p in engine.data.planets)
    for window in after["follow"]:
        assert len(set(window["waiting"])) == len(window["waiting"])
        assert after["active"] not in window["waiting"]
    kind = action["type"]
    if kind == "end_turn" or kind == "roll":
        turn_log.clear()
        return
    if before["stage"] != "roll" and after["dice"] and before["active"] == after["active"]:
        for old, new in zip(before["dice"], after["dice"], strict=True):
            if old["state"] != "ready":
                assert new["state"] == old["state"], "a used or spent die came back"
    if kind == "activate":
        turn_log[("die", action["die"])] += 1
        assert turn_log[("die", action["die"])] == 1, "a die was activated twice"
    if kind == "convert":
        turn_log["convert"] += 1
        assert turn_log["convert"] == 1, "the converter was used twice in a turn"
    if kind in ("follow", "pass"):
        gone = len(before["follow"]) - len(after["follow"])
        assert gone >= 0
        if gone == 0:
            assert action["player"] not in after["follow"][0]["waiting"], "decided twice"


@pytest.mark.parametrize(("bot", "players", "games"), BATCHES)
def test_self_play_keeps_every_invariant(engine, bot, players, games):
    for index in range(games):
        rng = random.Random(f"props:{bot}:{players}:{index}")
        game = play(engine, deal(engine, players, rng), [bot] * players, rng)
        state = engine.new_game(game.record["setup"])
        turn_log: Counter = Counter()
        for step, action in enumerate(game.record["actions"]):
            after = engine.apply(state, action)
            check_invariants(engine, state, action, after, turn_log)
            if bot == "greedy" or step % 25 == 0:
                assert not [e.message for e in errors(after, STATE_SCHEMA)], step
            state = after
        assert engine.is_over(state)
        assert state["ranking"] is not None
        assert canonical(state) == canonical(game.final)
        # The record, as written to disk, replays to the same final state.
        assert canonical(replay(engine, copy.deepcopy(game.record))) == canonical(game.final)


def sampled_states(engine, players, seed, every):
    rng = random.Random(seed)
    game = play(engine, deal(engine, players, rng), ["greedy"] * players, rng)
    state = engine.new_game(game.record["setup"])
    for step, action in enumerate(game.record["actions"]):
        if step % every == 0:
            yield state
        state = engine.apply(state, action)


def reachable(engine, state, action):
    """Whether the choices lead to exactly `action` (its own path, aliases allowed)."""
    try:
        _, built = engine.trace(state, engine.path_of(state, action))
    except (IllegalAction, BadPath):
        return False
    return built is not None and canonical(built) == canonical(action)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_walks_end_in_accepted_actions(engine, players):
    walks, _ = _walks(engine, players)
    assert walks > 50


def test_random_walks_meet_decisions_that_may_be_skipped(engine):
    """An optional decision (a landed-on planet's action) is rare on a random walk, about one
    walk in a hundred: over every player count's walks, some are met."""
    assert sum(_walks(engine, players)[1] for players in (2, 3, 4, 5)) > 0


@functools.cache
def _walks(engine, players):
    """Random walks down the choices from sampled states: (walks, partial actions skipped)."""
    rng = random.Random(f"walks:{players}")
    walks = skips = 0
    for state in sampled_states(engine, players, f"walks:{players}", every=7):
        frozen = canonical(state)
        for _ in range(4):
            path: list[str] = []
            while True:
                result = engine.choices(state, path)
                assert not [e.message for e in errors(result, CHOICES_SCHEMA)], result
                if result["complete"]:
                    break
                decision = result["decision"]
                if "roll" in decision:
                    path.append("faces:" + ",".join(oracle.faces(decision["roll"])))
                    continue
                ids = [o["id"] for o in decision["options"]]
                assert ids and len(set(ids)) == len(ids), (path, decision)
                # A partial action apply accepts is one whose pending decision may be skipped.
                try:
                    engine.apply(state, result["action"])
                    assert "skip" in ids, (path, decision)
                    again = engine.choices(state, [*path, "skip"])
                    assert again["complete"] and again["action"] == result["action"]
                    skips += 1
                except IllegalAction:
                    pass
                path.append(rng.choice(ids))
            engine.apply(state, result["action"])  # complete, so accepted
            assert engine.path_of(state, result["action"]) == path
            walks += 1
        assert canonical(state) == frozen, "choices or apply changed its input"
    return walks, skips


def mutations(action, rng, planet_ids, faces, colors):
    """Nearby actions: each changes one value somewhere inside a legal action."""
    paths = []

    def walk(value, path):
        if isinstance(value, dict):
            for k, v in value.items():
                paths.append((*path, k))
                walk(v, (*path, k))
        elif isinstance(value, list):
            for i, v in enumerate(value):
                paths.append((*path, i))
                walk(v, (*path, i))

    walk(action, ())
    for _ in range(6):
        if not paths:
            return
        path = rng.choice(paths)
        changed = copy.deepcopy(action)
        parent = changed
        for key in path[:-1]:
            parent = parent[key]
        old = parent[path[-1]]
        if isinstance(old, bool) or old is None:
            new = rng.choice([0, 1, True])
        elif isinstance(old, int):
            new = old + rng.choice([-2, -1, 1, 2])
        elif isinstance(old, str):
            new = rng.choice([*planet_ids, *faces, *colors, "home", "empire", "land", "orbit"])
        elif isinstance(old, list):
            new = old[:-1] if old and rng.random() < 0.5 else [*old, rng.choice(old or [0])]
        else:
            new = {k: v for k, v in old.items() if rng.random() < 0.7}
        parent[path[-1]] = new
        yield changed


def bot_actions(engine, state, rng, n):
    """n actions the random bot would take in `state` (each a fresh walk)."""
    return [engine.play(state, BOTS["random"](engine, state, rng))[0] for _ in range(n)]


@pytest.mark.parametrize("players", [2, 4])
def test_every_action_apply_accepts_is_reachable(engine, players):
    rng = random.Random(f"accepts:{players}")
    ids = [p.id for p in engine.data.planets]
    faces = list(engine.uses.face_ids)
    colors = list(engine.data.rules.seat_colors)
    accepted = refused = 0
    for state in sampled_states(engine, players, f"accepts:{players}", every=5):
        for action in bot_actions(engine, state, rng, 12):
            for changed in mutations(action, rng, ids, faces, colors):
                try:
                    engine.apply(state, changed)
                except IllegalAction:
                    refused += 1
                    assert not reachable(engine, state, changed), changed
                    continue
                accepted += 1
                assert reachable(engine, state, changed), changed
    assert accepted > 20 and refused > 100  # both sides of the check were exercised


def plain_candidates(engine, state):
    """A superset of every action without planet-action parameters, legal or not."""
    colors = [p["color"] for p in state["players"]]
    places = [*state["row"], "home", "empire", *engine.data.planets[0:3]]
    places = [p if isinstance(p, str) else p.id for p in places]
    n = max(len(state["dice"]), 1)
    yield {"type": "end_turn"}
    yield {"type": "roll", "faces": ["move"] * engine.dice_to_roll(state)}
    for color in colors:
        yield {"type": "pass", "player": color}
        yield {"type": "follow", "player": color}
    for i in range(n):
        for j in range(n):
            yield {"type": "reroll", "dice": [i, j], "faces": ["move", "move"]}
            yield {"type": "reroll", "dice": [i], "faces": ["energy"]}
            for k in range(n):
                yield {"type": "convert", "spend": [i, j], "die": k, "face": "utilize"}
    uses = [{}]
    for ship in range(4):
        for to in places:
            uses.append({"ship": ship, "to": to})
            for mode in ("land", "orbit"):
                uses.append({"ship": ship, "to": to, "mode": mode})
    for planet in places:
        uses.append({"planet": planet})
        uses.append({"colony": planet, "pay": "energy"})
        uses.append({"colony": planet, "pay": "culture"})
    for use in uses:
        for die in range(n):
            yield {"type": "activate", "die": die, **use}
        for color in colors:
            yield {"type": "follow", "player": color, **use}


@pytest.mark.parametrize("players", [2, 3, 5])
def test_plain_actions_apply_exactly_when_reachable(engine, players):
    for state in sampled_states(engine, players, f"plain:{players}", every=11):
        for action in plain_candidates(engine, state):
            try:
                engine.apply(state, action)
                accepted = True
            except IllegalAction:
                accepted = False
            assert accepted == reachable(engine, state, action), (action, accepted)


def small_states(engine):
    """Two-player states from seeded games, with every die showing a different face."""
    for seed in range(6):
        for state in sampled_states(engine, 2, f"small:{seed}", every=3):
            dice = [d["face"] for d in state["dice"]]
            if len(set(dice)) == len(dice):
                yield state


def nested_states(engine):
    """States where Umbra-Forum, Nagato, Zavodnick and Piedes can reach one another."""
    rng = random.Random("nested")
    setup = deal(engine, 2, rng)
    rows = [
        ["umbra-forum", "nagato", "jakks", "piedes"],
        ["piedes", "zavodnick", "umbra-forum", "helios"],
    ]
    for row in rows:
        setup = {**setup, "deck": row + [p for p in setup["deck"] if p not in row]}
        state = engine.new_game(setup)
        state["stage"] = "main"
        state["dice"] = [{"face": "move", "state": "ready"}, {"face": "utilize", "state": "ready"}]
        state["players"][0]["culture"] = 3
        state["players"][0]["colonies"] = ["walsfeo"]
        state["players"][1]["colonies"] = ["zavodnick" if "zavodnick" not in row else "mj-120210"]
        yield state


def test_the_choice_tree_reaches_exactly_what_apply_accepts(engine):
    compared = nested = 0
    for state in [*nested_states(engine), *small_states(engine)]:
        try:
            expected = oracle.legal_actions(engine, state)
            found = oracle.leaves(engine, state)
        except oracle.TooMany:
            continue
        only_oracle = sorted(expected - found)[:3]
        only_tree = sorted(found - expected)[:3]
        assert not only_oracle and not only_tree, (only_oracle, only_tree)
        compared += 1
        nested += any('"ability":{"' in a and a.count('"ability"') > 1 for a in found)
    assert compared >= 20 and nested >= 1


def test_observe_hides_rivals_missions_until_the_end(engine):
    from generator.games.teg.rules import observe, scores

    rng = random.Random("observe")
    game = play(engine, deal(engine, 3, rng), ["greedy"] * 3, rng)
    start = engine.new_game(game.record["setup"])
    seen = observe(start, "Blue")
    assert [p["mission"] is None for p in seen["players"]] == [True, False, True]
    assert seen["players"][1]["mission"] == game.record["setup"]["missions"]["Blue"]
    assert start["players"][0]["mission"] is not None  # observe copies; the state is intact
    assert observe(game.final, "Blue")["players"][0]["mission"] is not None
    assert scores(game.final) == {p["color"]: p["vp"] for p in game.final["players"]}
