"""The story checker: every number a game log states, proven against the states (any game).

A game declares its numbers (`Game.numbers`: the word its log writes -> the player's state
field, `{"energy": "energy", "VP": "vp"}`). Its log, as each colour reads it (the table's
own Lua words, `generator/harness/story.py`), is read entry by entry beside the Python
engine's replay of the record, and for every action:

- the signed amounts an action's entries give a player for a number add up to that
  number's change in the action (so a change no entry gives, or gives wrong, is found);
- a total, "+2 energy (now 4)", is the number before the action and every amount stated up
  to there (at the last amount: the state's after the action);
- an entry that says a player gained nothing ("none gained") is not about a player who
  gained more than its entries give;
- a card whose ability made part of the outcome (`Game.caused`: a pilot's KO bonus) is
  named in the action's entries ("+3 VP for the KO, +1 VP from Vexa");
- a clause that gives another player amounts says why ("; Red: +1 energy (now 3) from
  Bisschop", not "; Red: +1 energy (now 3)").

Whose number an amount is: the player its clause is about (`clauses`): a sentence or a
"; "-clause that starts with a seat colour is about that colour ("; Blue: +1 energy",
"Green takes 2 damage: -2 health (now 5)"), any other about the colour before it (the
convention the words keep: docs/table.md, words). Amounts before any colour are not read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

NOTHING = ("none gained", "gains nothing", "nothing gained")


@dataclass(frozen=True)
class Finding:
    """One entry (or one action's entries) the states contradict."""

    kind: str  # "total", "sum", "unstated", "nothing", "uncaused", "cause", "table"
    action: int  # from 1
    reader: str  # the colour whose log it is ("Grey": a spectator's)
    text: str  # what is wrong, with the entry

    def __str__(self) -> str:
        return f"action {self.action}, {self.reader}'s log: {self.kind}: {self.text}"


def clauses(text: str, colors: Iterable[str]) -> list[tuple[str | None, str, bool]]:
    """An entry's clauses, each with the colour it is about: (colour or None, clause, switched).

    Sentences and "; " split an entry into clauses. One that starts with a seat colour
    ("Blue: +1 energy", "Green takes 2 damage", "Red's mine explodes", after a "[Red only] "
    mark) is about that colour (`switched`: it named its colour itself); any other, about the
    colour of the clause before it.
    """
    colors = list(colors)
    lead = re.compile(r"^(?:\[\w+ only\] )?(" + "|".join(map(re.escape, colors)) + r")\b")
    out: list[tuple[str | None, str, bool]] = []
    subject = None
    for clause in re.split(r"(?<=\.) (?=[A-Z\[])|; ", text):
        named = lead.match(clause)
        if named:
            subject = named.group(1)
        out.append((subject, clause, named is not None))
    return out


def _amount(words: Iterable[str]) -> re.Pattern[str]:
    """A signed amount of one of `words` ("+2 energy", "-1 credit"), its total if given."""
    words = sorted(words, key=len, reverse=True)
    return re.compile(
        r"(?<![\w.])([+-]\d+) (" + "|".join(map(re.escape, words)) + r")s?\b"
        r"(?: \(now (-?\d+)[^)]*\))?"
    )


def claims(
    text: str, colors: Iterable[str], words: Iterable[str]
) -> list[tuple[str, str, int, int | None]]:
    """(colour, word, signed amount, total or None) of each amount an entry states."""
    amount, out = _amount(words), []
    for subject, clause, _ in clauses(text, colors):
        if subject is None:
            continue
        for hit in amount.finditer(clause):
            total = int(hit.group(3)) if hit.group(3) is not None else None
            out.append((subject, hit.group(2), int(hit.group(1)), total))
    return out


def uncaused(text: str, colors: Iterable[str], words: Iterable[str]) -> list[str]:
    """The clauses of an entry that give another player amounts and say nothing of why.

    "; Red: +1 energy (now 3)" in Blue's entry is Red's payout from something: a colony of
    Red's, a rule; the clause must name it ("; Red: +1 energy (now 3) from Bisschop").
    """
    colors, amount = list(colors), _amount(words)
    marker = re.compile(r"^(" + "|".join(map(re.escape, colors)) + r"): ")
    out = []
    for k, (_, clause, switched) in enumerate(clauses(text, colors)):
        if k > 0 and switched and amount.search(clause):
            rest = amount.sub("", marker.sub("", clause))
            if not re.search(r"[A-Za-z]", rest):
                out.append(clause.rstrip("."))
    return out


def said_nothing(text: str, colors: Iterable[str], phrases: Iterable[str] = NOTHING) -> set[str]:
    """The colours an entry says gained nothing."""
    return {subject for subject, clause, _ in clauses(text, colors)
            if subject is not None and any(p in clause for p in phrases)}  # fmt: skip


def _numbers(state: Any, numbers: dict[str, str]) -> dict[str, dict[str, int]]:
    return {p["color"]: {w: p[f] for w, f in numbers.items()} for p in state["players"]}


def check(
    states: list[Any],
    entries: dict[str, list[tuple[int, str]]],
    numbers: dict[str, str],
    nothing: Iterable[str] = NOTHING,
    caused: dict[int, list[tuple[str, str]]] | None = None,
) -> list[Finding]:
    """Every contradiction between a log and the states.

    `states[n]`: the state after action n (states[0]: before the first); `entries`: per
    reading colour, (action n, text) of each entry in order; `numbers`: the game's.
    `caused[n]`: (colour, card) of each card whose ability made part of action n's outcome:
    an entry of the action names each card (`Game.caused`).
    """
    found: list[Finding] = _unnamed(entries, caused or {})
    colors = [p["color"] for p in states[0]["players"]]
    values = [_numbers(s, numbers) for s in states]
    for reader, lines in entries.items():
        by_action: dict[int, list[str]] = {}
        for n, text in lines:
            if 1 <= n < len(states):
                by_action.setdefault(n, []).append(text)
        for n in range(1, len(states)):
            before, after = values[n - 1], values[n]
            sums: dict[tuple[str, str], int] = {}
            nothings: list[tuple[str, str]] = []
            for text in by_action.get(n, []):
                for color, word, delta, total in claims(text, colors, numbers):
                    sums[color, word] = sums.get((color, word), 0) + delta
                    # a total: the number before the action and the amounts stated up to it
                    running = before[color][word] + sums[color, word]
                    if total is not None and total != running:
                        said = f"{color}'s {word} is {running} there, not {total}: {text}"
                        found.append(Finding("total", n, reader, said))
                for clause in uncaused(text, colors, numbers):
                    found.append(Finding("uncaused", n, reader, f"{clause!r} says no why: {text}"))
                for color in said_nothing(text, colors, nothing):
                    nothings.append((color, text))
            for color, text in nothings:  # a gain the entries do not give, said to be none
                given = {w: sums.get((color, w), 0) for w in numbers}
                rose = [w for w in numbers if after[color][w] - before[color][w] > given[w]]
                if rose:
                    found.append(
                        Finding("nothing", n, reader, (f"{color} gained {', '.join(rose)}: {text}"))
                    )
            told = " / ".join(by_action.get(n, [])) or "(no entry)"
            for color in colors:
                for word in numbers:
                    change = after[color][word] - before[color][word]
                    said = sums.get((color, word))
                    if said is None and change != 0:
                        found.append(
                            Finding(
                                "unstated",
                                n,
                                reader,
                                (
                                    f"{color}'s {word} changed by {change:+d}, no entry says so: "
                                    f"{told}"
                                ),
                            )
                        )
                    elif said is not None and said != change:
                        found.append(
                            Finding(
                                "sum",
                                n,
                                reader,
                                (
                                    f"{color}'s {word} changed by {change:+d}, the entries say "
                                    f"{said:+d}: {told}"
                                ),
                            )
                        )
    return found


def _unnamed(
    entries: dict[str, list[tuple[int, str]]], caused: dict[int, list[tuple[str, str]]]
) -> list[Finding]:
    """Each card whose ability made part of an action's outcome that no entry of it names."""
    found = []
    for reader, lines in entries.items():
        by_action: dict[int, list[str]] = {}
        for n, text in lines:
            by_action.setdefault(n, []).append(text)
        for n, cards in caused.items():
            told = " / ".join(by_action.get(n, []))
            for color, card in cards:
                if card not in told:
                    said = f"{color}'s {card} made part of the outcome, no entry names it: {told}"
                    found.append(Finding("cause", n, reader, said))
    return found


def check_record(
    game: str,
    record: dict[str, Any],
    teller: Any = None,
    readers: list[str | None] | None = None,
    logs: dict[str, str] | None = None,
    table_teller: Any = None,
    states: list[Any] | None = None,
    engine: Any = None,
) -> list[Finding]:
    """Every contradiction between `record`'s log and the Python engine's states.

    The log as each seated colour and a spectator read it (`readers`: those colours, None
    a spectator); [] for a game that declares no numbers. `logs`: what the table's own log
    panels held, per colour ("Grey": a spectator's): its entries of the actions must be the
    story's, word for word (the table writes them as the game goes; the story tells them
    from the record, and is what the checker reads). `table_teller`: the story in the
    table's language when it is not English; the numbers are read in English (`teller`),
    from the same templates and values (a translation keeps every placeholder: a test).
    `states`: the Python engine's states the record passes through, from the setup's on,
    when the caller has them already (the game is not played again); `engine`: the one that
    played them (the game's own card data when None).
    """
    from generator import games
    from generator.harness.story import Teller

    rules = games.get(game)
    numbers = dict(getattr(rules, "numbers", {}) or {})
    if not numbers:
        return []
    engine = engine or rules.engine()
    if states is None:
        state = engine.new_game(record["setup"])
        states = [state]
        for action in record["actions"]:
            state = engine.apply(state, action)
            states.append(state)
    caused: dict[int, list[tuple[str, str]]] = {}
    for n, state in enumerate(states[1:], 1):
        if cards := rules.caused(engine, state):
            caused[n] = cards
    states = [rules.report(state) for state in states]
    teller = teller or Teller(game)
    if readers is None:
        readers = [None, *(p["color"] for p in states[0]["players"])]
    entries = {}
    found = []
    for reader in readers:
        told = teller.tell(record, color=reader)
        name = reader or "Grey"
        entries[name] = [(int(line["n"]), str(line["text"])) for line in told.lines]
        if logs is not None and name in logs:
            said = entries[name]
            if table_teller is not None:
                lines = table_teller.tell(record, color=reader).lines
                said = [(int(line["n"]), str(line["text"])) for line in lines]
            found += _same_words(name, said, logs[name])
    return found + check(states, entries, numbers, getattr(rules, "nothing", NOTHING), caused)


HOST_NOTE = " [decided by the host, {host} for {player}, who is not seated]"  # glue.table's


def _host_note() -> re.Pattern[str]:
    """The note the table adds to an entry the host decided for a player away (a pattern).

    In the language being spoken.
    """
    from generator.i18n import tr

    said = re.escape(tr(HOST_NOTE, host="\x00", player="\x00"))
    return re.compile(said.replace(re.escape("\x00"), r"\S+"))


def _host_only(line: str, note: re.Pattern[str]) -> bool:
    """Whether a log line is the host's answer alone: "{player}: {answer}{host note}"."""
    who, sep, rest = line.partition(": ")
    found = note.search(rest) if sep and " " not in who else None
    return found is not None and found.end() == len(rest)


def _same_words(reader: str, told: list[tuple[int, str]], table_log: str) -> list[Finding]:
    """Where the table's log differs from the story's, from its opening line to its last.

    `ttsmod replay --at N --as C` prints the story's lines through action N: a whole log the
    same as the table's is a replay that shows what the table showed at every action.
    """
    note = _host_note()
    # an answer the host gave for a player away that the story tells with others (a pass) or
    # not at all is the table's own line, "Yellow: Pass [decided by the host, …]"
    wrote = [x for x in table_log.splitlines() if not _host_only(x, note)]
    for k, (n, text) in enumerate(told):
        line = wrote[k] if k < len(wrote) else None
        if line is None:
            return [Finding("table", max(n, 1), reader, f"the table's log ends after "
                                                        f"{len(wrote)} entries, the story "
                                                        f"tells {text!r}")]  # fmt: skip
        if line != text and not (line.startswith(text) and note.fullmatch(line[len(text) :])):
            return [Finding("table", max(n, 1), reader, f"the table wrote {line!r}, the story "
                                                        f"tells {text!r}")]  # fmt: skip
    if len(wrote) > len(told):
        return [Finding("table", told[-1][0] if told else 1, reader, f"the table wrote "
                        f"{wrote[len(told)]!r} after the story's last entry")]  # fmt: skip
    return []
