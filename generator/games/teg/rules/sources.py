"""Where the decisions of an action come from: a complete action, or a path of option ids.

The rules resolve an action one decision at a time and ask a *source* for each decision:
which ship, where to, whether to use the planet's action, which dice. There are two kinds
of source, and the rules cannot tell them apart:

- `Reader` reads the decisions from a complete action (the record's JSON) and refuses a
  value that is not one of the options, with the reason. `apply` uses it.
- `Builder` takes each decision from a path of option ids (and, past the end of the path,
  from a chooser such as a bot), writing the action as it goes; with no chooser it stops at
  the first decision the path does not answer and reports it (`Need`). `choices` uses it.

An option is `Option(id, label, fields)`: `fields` are what choosing it writes into the
action object (most options write one field; "Land on Jakks" writes `to` and `mode`).
Labels are built only when a Builder offers options (`offering`); a Reader never needs them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from generator.engines.errors import BadPath
from generator.games.teg.rules.state import IllegalAction, canonical
from generator.i18n import tr

Decision = dict[str, Any]
Chooser = Callable[[Decision], str]


@dataclass(frozen=True)
class Option:
    """One answer to a decision: a stable id, a label a player can read, the fields it sets."""

    id: str
    label: str
    fields: dict[str, Any]


@dataclass(frozen=True)
class Cand:
    """One member a set-pick may take (a die, a rival ship): its value and a grouping kind.

    Members of the same kind are interchangeable (identical dice showing one face), so a
    Builder offers only the lowest-numbered unchosen member of each kind.
    """

    id: str
    label: str
    value: Any
    kind: str


class Need(Exception):
    """The path ends before the action is complete: `decision` is the next one to take."""

    def __init__(self, decision: Decision) -> None:
        super().__init__(decision.get("name"))
        self.decision = decision


def same(a: Any, b: Any) -> bool:
    """True when two values are the same JSON (so `true` is not `1`, as in Lua)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict | list):
        return canonical(a) == canonical(b)
    return bool(a == b)


class Walk:
    """The shared cursor of a Builder: the path, the chooser, and what was taken."""

    def __init__(
        self, path: Sequence[str] = (), chooser: Chooser | None = None, trace: bool = False
    ) -> None:
        self.path = list(path)
        self.pos = 0
        self.chooser = chooser
        self.trace: list[Decision] | None = [] if trace else None

    def answer(self, decision: Decision) -> str:
        """The id that answers `decision`: the path's next, the chooser's, or Need."""
        if self.trace is not None:
            self.trace.append(decision)
        if self.pos < len(self.path):
            self.pos += 1
            return self.path[self.pos - 1]
        if self.chooser is not None:
            answer = self.chooser(decision)
            self.path.append(answer)
            self.pos += 1
            return answer
        raise Need(decision)


def _decision(name: str, who: str, options: list[Option | Cand] | None, roll: int = 0) -> Decision:
    out: Decision = {"name": name, "player": who}
    out["options"] = [{"id": o.id, "label": o.label} for o in options or []]
    if roll:
        out["roll"] = roll
    return out


class Source:
    """The interface the rules resolve against (see the module docstring)."""

    offering: bool = False

    def choose(
        self,
        name: str,
        options: list[Option],
        who: str,
        also: Sequence[Option] = (),
        why: Callable[[], str | None] | None = None,
    ) -> dict[str, Any]:
        """Take one option; `also` are accepted but not offered (other identical dice)."""
        raise NotImplementedError

    def maybe(self, name: str, use: str, skip: str, who: str, possible: Callable[[], bool]) -> bool:
        """Whether the optional object `name` is given (a planet's action after landing).

        `possible()` says whether it could be given: a Builder asks only then.
        """
        raise NotImplementedError

    def sub(self, name: str, what: str) -> Source:
        """The source of the nested object `name` (`what` names it in refusals)."""
        raise NotImplementedError

    def has(self, name: str) -> bool:
        """True when a Reader's object holds `name` (a Builder holds nothing unasked)."""
        return False

    def peek(self, name: str) -> Any:
        """A Reader's raw value for `name` (None when absent; always None for a Builder)."""
        return None

    def items(self, name: str) -> Source:
        """The source of the nested list `name`; item() gives each element's source."""
        raise NotImplementedError

    def item(self, index: int) -> Source:
        """The source of element `index` of this list (an object)."""
        raise NotImplementedError

    def count(self) -> int:
        """How many elements this list holds (a Reader) or -1 (a Builder decides)."""
        raise NotImplementedError

    def fixed(self, name: str, value: Any, why: str) -> None:
        """A field whose value the rules fix (no decision)."""
        raise NotImplementedError

    def pick(
        self, name: str, cands: list[Cand], least: int, most: int, who: str, why: Callable[[], str]
    ) -> list[Any]:
        """A set of `least`..`most` distinct members of `cands` (any order in an action)."""
        raise NotImplementedError

    def faces(self, name: str, n: int, who: str, check: Callable[[Any, int], None]) -> list[str]:
        """A roll's outcome: n faces (chance, not a choice)."""
        raise NotImplementedError

    def done(self, what: str) -> None:
        """Refuse keys an action object has that no decision read."""


class Reader(Source):
    """Decisions read from a complete action (an object or a list inside it)."""

    def __init__(
        self, value: Any, what: str, taken: list[str] | None = None, track: bool = False
    ) -> None:
        self.value = value
        self.what = what
        self.read: set[str] = set()
        self.taken = [] if taken is None else taken
        self.track = track  # keep `taken` exactly the path a Builder would take
        self.at = 0  # the next element, when reading a list

    def _get(self, name: str) -> Any:
        if name not in self.value:
            raise IllegalAction(f"{self.what} needs '{name}'")
        self.read.add(name)
        return self.value[name]

    def has(self, name: str) -> bool:
        """True when the object holds `name`."""
        return name in self.value

    def peek(self, name: str) -> Any:
        """The raw value of `name` (None when absent), marked as read."""
        self.read.add(name)
        return self.value.get(name)

    def choose(
        self,
        name: str,
        options: list[Option],
        who: str,
        also: Sequence[Option] = (),
        why: Callable[[], str | None] | None = None,
    ) -> dict[str, Any]:
        """The option whose fields the action holds; refuse with the reason otherwise."""
        if isinstance(self.value, list):
            return self._choose_item(name, [*options, *also])
        for option in [*options, *also]:
            if all(k in self.value and same(self.value[k], v) for k, v in option.fields.items()):
                self.read.update(option.fields)
                self.taken.append(option.id)
                return option.fields
        reason = why() if why is not None else None
        if reason is None:
            if name not in self.value:
                reason = f"{self.what} needs '{name}'"
            else:
                reason = f"{canonical(self.value[name])} is not a legal choice for {self.what}"
        raise IllegalAction(reason)

    def _choose_item(self, name: str, options: list[Option]) -> dict[str, Any]:
        if self.at >= len(self.value):
            raise IllegalAction(f"{self.what}: '{name}' lists too few values")
        value = self.value[self.at]
        self.at += 1
        for option in options:
            if same(option.fields[name], value):
                self.taken.append(option.id)
                return option.fields
        raise IllegalAction(f"{canonical(value)} is not a legal choice for {self.what}")

    def maybe(self, name: str, use: str, skip: str, who: str, possible: Callable[[], bool]) -> bool:
        """Whether the action holds `name`."""
        given = name in self.value
        if self.track and possible():
            self.taken.append("use" if given else "skip")
        return given

    def sub(self, name: str, what: str) -> Source:
        """A Reader of the nested object `name`."""
        value = self._get(name)
        if not isinstance(value, dict):
            raise IllegalAction(f"{self.what}: '{name}' must be an object")
        return Reader(value, what, self.taken, self.track)

    def items(self, name: str) -> Source:
        """A Reader of the nested list `name`."""
        value = self._get(name)
        if not isinstance(value, list):
            raise IllegalAction(f"{self.what}: '{name}' must be a list")
        return Reader(value, self.what, self.taken, self.track)

    def item(self, index: int) -> Source:
        """A Reader of element `index` of this list."""
        value = self.value[index]
        if not isinstance(value, dict):
            raise IllegalAction(f"{self.what}: each element must be an object")
        return Reader(value, "a move", self.taken, self.track)

    def count(self) -> int:
        """How many elements this list holds."""
        return len(self.value)

    def fixed(self, name: str, value: Any, why: str) -> None:
        """Refuse unless the action holds exactly `value` at `name`."""
        if not same(self._get(name), value):
            raise IllegalAction(why)

    def pick(
        self, name: str, cands: list[Cand], least: int, most: int, who: str, why: Callable[[], str]
    ) -> list[Any]:
        """The listed members, checked: distinct, of the candidates, in number."""
        value = self._get(name)
        if not isinstance(value, list) or not least <= len(value) <= most:
            raise IllegalAction(why())
        out = []
        for v in value:
            found = next((c for c in cands if same(c.value, v)), None)
            if found is None or any(same(v, o) for o in out):
                raise IllegalAction(why())
            out.append(found.value)
            self.taken.append(found.id)
        if len(out) < most:
            self.taken.append("done")
        return out

    def faces(self, name: str, n: int, who: str, check: Callable[[Any, int], None]) -> list[str]:
        """The roll outcome the action holds, checked."""
        value = self._get(name)
        check(value, n)
        self.taken.append("faces:" + ",".join(value))
        return list(value)

    def done(self, what: str) -> None:
        """Refuse keys (or list elements) no decision read."""
        if isinstance(self.value, list):
            if self.at != len(self.value):
                raise IllegalAction(f"{what} lists too many values")
            return
        for key in sorted(self.value.keys() - self.read):
            raise IllegalAction(f"{what} has an unknown key '{key}'")


class Builder(Source):
    """Decisions taken from a path (or a chooser), written into a new action."""

    offering = True

    def __init__(self, value: Any, walk: Walk) -> None:
        self.value = value
        self.walk = walk

    def choose(
        self,
        name: str,
        options: list[Option],
        who: str,
        also: Sequence[Option] = (),
        why: Callable[[], str | None] | None = None,
    ) -> dict[str, Any]:
        """Ask the walk for an option id; write the chosen option's fields."""
        if not options:
            raise RuntimeError(f"no option offered for '{name}'")  # a dead end is a bug
        chosen = self.walk.answer(_decision(name, who, options))
        for option in [*options, *also]:
            if option.id == chosen:
                if isinstance(self.value, list):
                    self.value.append(option.fields[name])
                else:
                    self.value.update(option.fields)
                return option.fields
        raise BadPath(f"'{chosen}' is not an option for '{name}'")

    def maybe(self, name: str, use: str, skip: str, who: str, possible: Callable[[], bool]) -> bool:
        """Ask whether to use the optional object (only when it is possible)."""
        if not possible():
            return False
        answer = [Option("use", use, {}), Option("skip", skip, {})]
        chosen = self.walk.answer(_decision(name, who, answer))
        if chosen not in ("use", "skip"):
            raise BadPath(f"'{chosen}' is not an option for '{name}'")
        return chosen == "use"

    def sub(self, name: str, what: str) -> Source:
        """A Builder of a new nested object `name`."""
        self.value[name] = {}
        return Builder(self.value[name], self.walk)

    def items(self, name: str) -> Source:
        """A Builder of a new nested list `name`."""
        self.value[name] = []
        return Builder(self.value[name], self.walk)

    def item(self, index: int) -> Source:
        """A Builder of a new object appended to this list."""
        self.value.append({})
        return Builder(self.value[-1], self.walk)

    def count(self) -> int:
        """-1: a Builder decides how many elements there are as it goes."""
        return -1

    def fixed(self, name: str, value: Any, why: str) -> None:
        """Write the value the rules fix."""
        self.value[name] = value

    def pick(
        self, name: str, cands: list[Cand], least: int, most: int, who: str, why: Callable[[], str]
    ) -> list[Any]:
        """Ask for members one at a time (then "done"), offering no duplicates of a kind."""
        chosen: list[int] = []
        while len(chosen) < most:
            last = max(chosen, default=-1)
            offer: list[Option | Cand] = []
            kinds: set[str] = set()
            for j in range(last + 1, len(cands)):
                # the lowest unchosen member of each kind after the last one chosen, and only
                # while enough members are left after it to reach `least`
                if cands[j].kind in kinds or len(cands) - j < least - len(chosen):
                    continue
                kinds.add(cands[j].kind)
                offer.append(cands[j])
            if len(chosen) >= least:
                offer.append(Option("done", tr("Done"), {}))
            answer = self.walk.answer(_decision(name, who, offer))
            if answer == "done" and len(chosen) >= least:
                break
            index = next(
                (j for j, c in enumerate(cands) if c.id == answer and j not in chosen), None
            )
            if index is None:
                raise BadPath(f"'{answer}' is not an option for '{name}'")
            chosen.append(index)
        self.value[name] = [cands[j].value for j in chosen]
        return list(self.value[name])

    def faces(self, name: str, n: int, who: str, check: Callable[[Any, int], None]) -> list[str]:
        """Ask for a roll outcome ("faces:move,energy")."""
        answer = self.walk.answer(_decision(name, who, None, roll=n))
        if not answer.startswith("faces:"):
            raise BadPath(f"'{answer}' is not a roll of {n} dice ('faces:<face>,...')")
        value = answer[len("faces:") :].split(",") if n else []
        try:
            check(value, n)
        except IllegalAction as err:
            raise BadPath(err.reason) from None
        self.value[name] = value
        return list(value)
