"""A game's pages: its notebook's Rules page and its Start panel's text, Jinja templates.

A game writes them as text in `cards/<game>/pages/` (`rules.j2`, `start.j2`): every
sentence a player reads inside `_("...")`, its `{placeholders}` filled from the values the
build passes (the card data's `g`, the game's own `values`). `_` is the catalogues' `tr`, so
`ttsmod i18n update` gathers the sentences into the game's catalogue (Babel's Jinja
extraction) and a build in another language draws them from it, like any marked string. A
game with no `start.j2` has the framework's (`generator/tts/pages/start.j2`: its seats and
player counts); the notebook's page ends with the line saying how it was built.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from generator.paths import CARDS, FRAMEWORK_PAGES

FRAMEWORK = FRAMEWORK_PAGES


class PageError(ValueError):
    """A page template that cannot be read or filled: `file`, `line` and why."""

    def __init__(self, file: str, line: int | None, why: str) -> None:
        super().__init__(f"{file}:{line or 1}: {why}")
        self.file, self.line, self.why = file, line, why


def folder(game: str) -> Path:
    """Where a game's page templates are."""
    return CARDS / game / "pages"


@functools.cache
def _environment(game: str) -> Any:
    import jinja2

    from generator.i18n import tr

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader([str(folder(game)), str(FRAMEWORK)]),
        undefined=jinja2.StrictUndefined,  # a value the build does not pass stops it, named
        autoescape=False,  # plain text: the save's writer escapes for XML and JSON
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals["_"] = tr
    return env


def render(game: str, name: str, **values: Any) -> str:
    """The page `name` of `game` (its own template, else the framework's), as spoken now.

    PageError names the template's file and line when it cannot be read or filled (a value
    the build does not pass, a syntax error).
    """
    import traceback

    import jinja2

    try:
        return str(_environment(game).get_template(f"{name}.j2").render(**values)).strip()
    except jinja2.TemplateSyntaxError as err:
        raise PageError(_shown(err.filename), err.lineno, err.message or str(err)) from None
    except jinja2.TemplateNotFound:
        raise PageError(_shown(str(folder(game) / f"{name}.j2")), None, "no such page") from None
    except (jinja2.TemplateError, TypeError, KeyError, AttributeError) as err:
        frames = [f for f in traceback.extract_tb(err.__traceback__) if f.filename.endswith(".j2")]
        file, line = (frames[-1].filename, frames[-1].lineno) if frames else (name, None)
        raise PageError(_shown(file), line, str(err)) from None


def _shown(file: str | None) -> str:
    from generator.paths import display

    return display(Path(file)) if file else "(a page)"


def notebook(game: str, source: str, **values: Any) -> str:
    """The notebook's Rules page: the game's `rules.j2`, then how the table was built."""
    from generator import __version__
    from generator.i18n import tr

    built = tr("Built by ttsmod {version} from sources {source}.", version=__version__,
               source=source)  # fmt: skip
    return f"{render(game, 'rules', **values)}\n\n{built}\n"
