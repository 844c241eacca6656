"""Located problems: the one record every check in ttsmod reports.

A problem names a file, a line and column (1-based, when known), a JSON pointer into the
document, a short code and a message. They are printed as
`cards/teg/planets.yaml:42:5: /planets/7/vp: 'two' is not of type 'integer' [SCHEMA]`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import asdict, dataclass

WHOLE_FILE = "(file)"  # the pointer of a problem of the file itself, before any data


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with an input, and where it is."""

    file: str
    line: int | None
    col: int | None
    pointer: str  # a JSON pointer into the data; WHOLE_FILE when it is the file itself
    code: str
    message: str

    def format(self) -> str:
        """Render as `file:line:col: pointer: message [CODE]` (line and col left out if unknown).

        A problem of the file itself (not JSON, not UTF-8) has no pointer: `file:line:col:
        message [CODE]`.
        """
        where = self.file
        if self.line is not None:
            where += f":{self.line}:{self.col or 1}"
        if self.pointer == WHOLE_FILE:
            return f"{where}: {self.message} [{self.code}]"
        return f"{where}: {self.pointer or '(root)'}: {self.message} [{self.code}]"

    def as_dict(self) -> dict[str, object]:
        """Return the problem as plain data (for `--format json`)."""
        return asdict(self)


def sort_key(problem: Problem) -> tuple[str, int, int, str, str]:
    """Order problems by file, then position, so a report reads top to bottom."""
    return (problem.file, problem.line or 0, problem.col or 0, problem.pointer, problem.message)


def render(problems: Iterable[Problem], fmt: str = "text") -> str:
    """Render problems as text lines or as a JSON list of records."""
    ordered = sorted(problems, key=sort_key)
    if fmt == "json":
        return json.dumps([p.as_dict() for p in ordered], indent=2, ensure_ascii=False)
    return "\n".join(p.format() for p in ordered)


def pointer(parts: Iterable[object]) -> str:
    """Build an RFC 6901 JSON pointer from path parts (keys and list indexes)."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)
