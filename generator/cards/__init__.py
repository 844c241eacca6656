"""Load and validate a game's card data.

`validate(source)` reads every YAML file of a game, checks each against its JSON Schema, runs
the game's cross-checks, and returns a Report holding every problem found (never raising for
bad data). `load(game)` is the strict form later stages use: typed data or CardDataError.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

from generator import games
from generator.cards.schema import schema_problems
from generator.cards.yamlfile import YamlDoc, read_yaml
from generator.paths import CARDS, SCHEMAS, display
from generator.problems import Problem, sort_key


class _Loaders(Mapping[str, ModuleType]):
    """Each game's card module (FILES, CHECKS, build(docs): its cards.py), by id.

    Without `build`, its data is a `PlainData`; without `FILES`, one file, game.yaml; without
    `CHECKS`, its schemas alone check it.

    Loaded when first asked for.
    Every registered game is a key; asking for one that cannot be loaded raises
    games.GameLoadError (or ImportError for its loader alone), naming it. Iterating gives
    the games whose loader loads: one broken game costs the others nothing.
    """

    def __getitem__(self, game: str) -> ModuleType:
        if game not in games.MODULES:
            raise KeyError(game)
        found = games.get(game)
        try:
            return found.cards()  # type: ignore[no-any-return]
        except Exception as err:  # the game's own loader: named as its load is
            raise games.GameLoadError(game, games.why(err)) from None

    def __contains__(self, game: object) -> bool:
        return game in games.MODULES

    def __iter__(self) -> Iterator[str]:
        for game in games.ids():
            try:
                self[game]
            except Exception:  # named by `ttsmod games` and `ttsmod check`
                continue
            yield game

    def __len__(self) -> int:
        return sum(1 for _ in self)


GAMES: Mapping[str, ModuleType] = _Loaders()


@dataclass(frozen=True)
class PlainData:
    """A game's validated data as read, for a loader with no `build`: `plain`, by file."""

    game: str
    plain: dict[str, Any]

    def summary(self) -> str:
        """One line for `ttsmod validate`: the game and its player counts."""
        n = self.plain.get("game", {}).get("players", {})
        return f"{self.game}: {n.get('min')}-{n.get('max')} players" if n else self.game


class UnknownGameError(ValueError):
    """The argument names neither a known game nor a folder of card data."""


def unknown_game(name: str) -> str:
    """Why `name` is no game: the games known, and the nearest one when it is close."""
    import difflib

    near = difflib.get_close_matches(name, games.ids(), n=1, cutoff=0.5)
    hint = f": did you mean '{near[0]}'?" if near else ""
    return f"unknown game '{name}' (known: {', '.join(games.ids())}){hint}"


class CardDataError(Exception):
    """Card data failed validation; `problems` says where and why."""

    def __init__(self, problems: tuple[Problem, ...]) -> None:
        super().__init__(f"{len(problems)} problem(s) in card data")
        self.problems = problems


@dataclass(frozen=True)
class Report:
    """The outcome of validating one game's card data."""

    game: str
    source: Path
    problems: tuple[Problem, ...]
    data: Any  # the game's typed card data (None when there are problems)
    documents: dict[str, Any] | None = None  # file name -> validated plain data (when ok)
    docs: dict[str, YamlDoc] | None = None  # file name -> the document with its positions

    @property
    def ok(self) -> bool:
        """True when no problem was found (and `data` is set)."""
        return not self.problems

    @property
    def own_data(self) -> Any:
        """The data for the game's engine: None for the game's own folder (its default)."""
        shipped = resolve(self.game)[1].resolve() == Path(self.source).resolve()
        return None if shipped else self.data


def resolve(source: str | Path, game: str | None = None) -> tuple[str, Path]:
    """Turn `validate`'s argument into (game id, card folder).

    `source` is a game id (`teg`, read from cards/teg) or a path to a folder holding a copy of
    a game's files. For a folder, the game is `game` if given, else the folder's name if it is
    a known game, else the game whose card files it holds (most of them).
    """
    text = str(source)
    if game is not None and game not in GAMES:
        raise UnknownGameError(unknown_game(game))
    if text in GAMES and not Path(text).is_dir():
        return text, CARDS / text
    folder = Path(text)
    if not folder.is_dir():
        near = unknown_game(text).partition(": did you mean")[2]
        raise UnknownGameError(
            f"'{text}' is neither a known game ({', '.join(sorted(GAMES))}) nor a folder"
            + (f": did you mean{near}" if near else "")
        )
    if game is None:
        if folder.resolve().name in GAMES:
            game = folder.resolve().name
        else:
            game = _game_by_files(folder)
            if game is None:
                raise UnknownGameError(f"say which game '{display(folder)}' holds, with --game")
    return game, folder


def _files(module: ModuleType) -> tuple[str, ...]:
    """The card files a game's loader reads (each has its schema)."""
    return tuple(getattr(module, "FILES", ("game",)))


def _game_by_files(folder: Path) -> str | None:
    """The one game most of whose card files the folder holds (None when no single one).

    A folder with none of any game's files is the default game's (its problems then list
    every file that game needs).
    """
    held = {g: sum((folder / f"{n}.yaml").is_file() for n in _files(m)) for g, m in GAMES.items()}
    best = max(held.values())
    found = [g for g, n in held.items() if n == best]
    if not best:
        return games.DEFAULT
    return found[0] if len(found) == 1 else None


def validate(source: str | Path = "teg", game: str | None = None) -> Report:
    """Validate a game's card data and return every problem found, located.

    Raises UnknownGameError only for an argument that names no game and no folder.
    """
    game_id, folder = resolve(source, game)
    module = GAMES[game_id]
    docs: dict[str, YamlDoc] = {}
    problems: list[Problem] = []
    valid: set[str] = set()
    for name in _files(module):
        doc, found = read_yaml(folder / f"{name}.yaml")
        problems += found
        if doc is None:
            continue
        docs[name] = doc
        schema_found = schema_problems(doc, SCHEMAS / game_id / f"{name}.schema.json")
        problems += schema_found
        if not found and not schema_found:
            valid.add(name)
    for needs, run_check in getattr(module, "CHECKS", ()):
        # A check reads several files; it runs only when all of them are well-formed.
        if valid.issuperset(needs):
            problems += run_check(docs)
    ordered = tuple(sorted(set(problems), key=sort_key))
    if ordered:
        return Report(game=game_id, source=folder, problems=ordered, data=None)
    plain = {name: doc.data for name, doc in docs.items()}
    return Report(game_id, folder, ordered, typed(game_id, docs), plain, docs)


def typed(game_id: str, docs: dict[str, YamlDoc]) -> Any:
    """The typed data of a game's validated documents: its loader's `build`, or PlainData."""
    module = GAMES[game_id]
    if hasattr(module, "build"):
        return module.build(docs)
    return PlainData(game_id, {name: doc.data for name, doc in docs.items()})


def load(game: str | Path = "teg") -> Any:
    """Return a game's validated, typed card data; raise CardDataError if it has problems.

    `game` is a game id or a card folder, as for validate.
    """
    report = validate(game)
    if report.data is None:
        raise CardDataError(report.problems)
    return report.data
