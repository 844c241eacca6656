"""A decision taken in steps: the stepwise-choice base every game's Python engine can stand on.

A game resolves an action one decision at a time, asking a `Source` for each answer
(`src.ask(name, player, options)`); the source answers from a path of option ids (what a
player has clicked so far), from a complete action's answers (`apply`), or from a chooser (a
bot). From the game's `_resolve(state, src)` and `_answers(state, action)` (an action's
answers in the order its decisions are asked), `Stepwise` gives the verbs the toolchain
calls: `choices`, `advance`, `trace`, `play`, `path_of` and `apply`. Its Lua twin is
lua/lib/steps.lua.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from generator.engines.errors import BadPath, IllegalAction
from generator.plaindata import plain_copy

Decision = dict[str, Any]
Chooser = Callable[[Decision], str]


class Need(Exception):
    """The path ran out: `decision` is the next one to answer."""

    def __init__(self, decision: Decision) -> None:
        super().__init__(decision["name"])
        self.decision = decision


class Source:
    """Answers decisions from a path, a complete action's answers, or a chooser."""

    def __init__(
        self,
        answers: Sequence[str] | None = None,
        chooser: Chooser | None = None,
        strict: bool = False,
        trace: list[Decision] | None = None,
    ) -> None:
        self.answers = list(answers or [])
        self.pos = 0
        self.chooser = chooser
        self.strict = strict  # a complete action: running out or a bad answer is a refusal
        self.taken: list[str] = []
        self.trace = trace

    def ask(
        self,
        name: str,
        player: str | None,
        options: list[tuple[str, str]],
        exhausted: dict[str, list[str]] | None = None,
        why: Callable[[str], str | None] | None = None,
    ) -> str:
        """The answer to one decision (its options as (id, label) pairs).

        `exhausted`: extra facts the decision carries for the table (Mechs: the weapons each
        side of a combat has used). `why`: the rule that refuses an answer not offered, in
        players' words (None: the refusal says it is not an option).
        """
        decision: dict[str, Any] = {
            "name": name,
            "player": player,
            "options": [{"id": i, "label": label} for i, label in options],
        }
        if exhausted is not None:
            decision["exhausted"] = exhausted
        answer = self._answer(decision)
        if answer not in {i for i, _ in options}:
            self._refuse(
                (why(answer) if why is not None else None)
                or f"'{answer}' is not an option of the decision '{name}'"
            )
        self.taken.append(answer)
        return answer

    def roll(self, name: str, count: int, faces: int, player: str | None = None) -> list[int]:
        """A chance decision: `count` dice of `faces` faces thrown, answered `faces:3,1,6`.

        Nobody chooses: the table throws the dice, for `player` (whose turn it is) when
        given. The faces, in order.
        """
        decision = {"name": name, "player": player, "options": [], "roll": count, "faces": faces}
        answer = self._answer(decision)
        values = answer.removeprefix("faces:").split(",") if answer.startswith("faces:") else []
        if len(values) != count or not all(v.isdigit() and 1 <= int(v) <= faces for v in values):
            self._refuse(f"'{answer}' is not {count} faces of 1 to {faces} ('faces:3,1,...')")
        self.taken.append(answer)
        return [int(v) for v in values]

    def shuffle(self, name: str, items: list[str], player: str | None = None) -> list[str]:
        """A chance decision: `items` shuffled, answered `order:3,1,2` (each place's item).

        Nobody chooses: the table shuffles (TTS shuffles the deck and the table reads its
        order back), for `player` when given. The decision carries the items, so a table
        can name each card it reads; the answer gives each new place's 1-based position
        in `items`. The items, in their new order (the first is the top).
        """
        decision = {"name": name, "player": player, "options": [], "shuffle": len(items),
                    "items": list(items)}  # fmt: skip
        answer = self._answer(decision)
        order = answer.removeprefix("order:").split(",") if answer.startswith("order:") else []
        if sorted(order, key=lambda v: int(v) if v.isdigit() else 0) != [
            str(i) for i in range(1, len(items) + 1)
        ]:
            self._refuse(f"'{answer}' is not an order of {len(items)} items ('order:3,1,2,...')")
        self.taken.append(answer)
        return [items[int(v) - 1] for v in order]

    def _answer(self, decision: Decision) -> str:
        """The next answer: the path's, the chooser's, or Need (a refusal when strict)."""
        if self.trace is not None:
            self.trace.append(decision)
        if self.pos < len(self.answers):
            self.pos += 1
            return self.answers[self.pos - 1]
        if self.chooser is not None:
            return self.chooser(decision)
        if self.strict:
            raise IllegalAction(f"the action stops before its decision '{decision['name']}'")
        if self.trace is not None:
            self.trace.pop()
        raise Need(decision)

    def _refuse(self, reason: str) -> None:
        if self.strict:
            raise IllegalAction(reason)
        raise BadPath(reason)

    def next_is(self, answer: str) -> bool:
        """True when a complete action's next answer is `answer` (to name a rule it breaks)."""
        return self.strict and self.pos < len(self.answers) and self.answers[self.pos] == answer


def thrown(decision: Decision, rng: Any) -> str:
    """A chance decision's answer (Source.roll): its dice thrown with `rng` ("faces:3,1,6")."""
    count, faces = decision["roll"], decision["faces"]
    return "faces:" + ",".join(str(rng.randint(1, faces)) for _ in range(count))


def shuffled(decision: Decision, rng: Any) -> str:
    """A shuffle's answer (Source.shuffle): its items put in an order drawn with `rng`."""
    order = list(range(1, decision["shuffle"] + 1))
    rng.shuffle(order)
    return "order:" + ",".join(map(str, order))


def chance(decision: Decision) -> bool:
    """True for a decision nobody chooses: dice thrown (`roll`) or items shuffled."""
    return "roll" in decision or "shuffle" in decision


def chance_answer(decision: Decision, rng: Any) -> str:
    """A chance decision's answer drawn with `rng`: its dice thrown or its items shuffled."""
    return shuffled(decision, rng) if "shuffle" in decision else thrown(decision, rng)


def order_of(items: list[str], now: list[str]) -> str:
    """The answer (`order:...`) that puts `items` in the order `now` (an action's record)."""
    at = {item: i for i, item in enumerate(items, 1)}
    return "order:" + ",".join(str(at.get(item, 0)) for item in now)


PAST_THE_END = "the path goes on after the action is complete"


class Stepwise:
    """The engine verbs over a game's `_resolve(state, src)` and `_answers(state, action)`.

    `_resolve` plays one action on the state it is given (a copy), asking `src` for every
    decision, and returns the action; `_answers` gives a complete action's answers in the
    order `_resolve` asks for them, or raises IllegalAction with the reason (it is called
    for an object naming its player while the game goes on: `is_over` says).
    """

    def _resolve(self, s: Any, src: Source) -> Any:
        raise NotImplementedError

    def _answers(self, s: Any, action: Any) -> list[str]:
        raise NotImplementedError

    def is_over(self, s: Any) -> bool:
        """True once the game has ended (default: its phase is "over")."""
        return bool(s["phase"] == "over")

    def to_act(self, s: Any) -> str | None:
        """Who decides next (default: the state's `active`, nobody once it is over)."""
        return None if self.is_over(s) else str(s["active"])

    def _answers_of(self, s: Any, action: Any) -> list[str]:
        """`_answers`, for an object naming its player while the game goes on."""
        if not isinstance(action, dict) or not isinstance(action.get("player"), str):
            raise IllegalAction("an action is an object naming its player")
        if self.is_over(s):
            raise IllegalAction("the game is over")
        return self._answers(s, action)

    @staticmethod
    def clone(s: Any) -> Any:
        """A copy of a state the resolution may change (states are plain data)."""
        return plain_copy(s)

    def _walk(self, s: Any, src: Source) -> tuple[bool, Any]:
        """(True, action) for a complete path, (False, the next decision) for a short one."""
        try:
            action = self._resolve(s, src)
        except Need as need:
            return False, need.decision
        except IllegalAction as err:
            raise BadPath(err.reason) from None
        if src.pos < len(src.answers):
            raise BadPath(PAST_THE_END)
        return True, action

    def choices(self, s: Any, path: Sequence[str]) -> dict[str, Any]:
        """The next decision after `path`, or the complete action it spells (BadPath)."""
        done, found = self._walk(self.clone(s), Source(path))
        return {"complete": True, "action": found} if done else {
            "complete": False, "decision": found}  # fmt: skip

    def advance(self, s: Any, path: Sequence[str]) -> dict[str, Any]:
        """choices(s, path), and the state after the action or part way through it.

        {"complete": True, "action": ..., "state": ...}: one resolution where choices then
        apply take two. {"complete": False, "decision": ..., "state": ...}: the state at the
        decision the path reached (what the action has done so far: the table shows it).
        """
        nxt = self.clone(s)
        done, found = self._walk(nxt, Source(path))
        key = "action" if done else "decision"
        return {"complete": done, key: found, "state": nxt}

    def trace(self, s: Any, path: Sequence[str]) -> tuple[list[Decision], Any]:
        """Every decision met along `path` and the action it completes (None if it stops)."""
        trace: list[Decision] = []
        done, found = self._walk(self.clone(s), Source(path, trace=trace))
        return trace, found if done else None

    def play(
        self, s: Any, chooser: Chooser, trace: list[Decision] | None = None
    ) -> tuple[Any, list[str]]:
        """Let `chooser` answer every decision of the next action: the action and its path."""
        src = Source(chooser=chooser, trace=trace)
        action = self._resolve(self.clone(s), src)
        return action, src.taken

    def path_of(self, s: Any, action: Any) -> list[str]:
        """The option ids that spell `action` (IllegalAction when apply would refuse it)."""
        src = Source(self._answers_of(s, action), strict=True)
        self._resolve(self.clone(s), src)
        return src.taken

    def apply(self, s: Any, action: Any) -> Any:
        """The state after a complete action; IllegalAction (input unchanged) if refused."""
        answers = self._answers_of(s, action)
        nxt = self.clone(s)
        src = Source(answers, strict=True)
        built = self._resolve(nxt, src)
        if src.pos < len(answers):
            raise IllegalAction("the action has answers past its last decision")
        if built != action:
            raise IllegalAction("the action's fields do not match its decisions")
        return nxt
