"""Lua syntax trees, parsed once per source text (luaparser is slow: seconds a build).

The bundler (which modules a module requires) and the lint (what a module reads and
writes) both read a module's tree; the same text is parsed once per process. Trees are
only read, never changed.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
from typing import Any

_TREES: dict[str, Any] = {}
MOST = 256  # trees kept at once (a process that builds again and again keeps the recent)


def tree(source: str) -> Any:
    """Luaparser's tree of `source` (its exceptions pass through)."""
    from luaparser import ast  # imported here: a warm build never parses

    key = hashlib.sha256(source.encode("utf-8")).hexdigest()
    if key not in _TREES:
        if len(_TREES) >= MOST:
            _TREES.clear()
        # luaparser's ANTLR listener prints what it rejects: callers report it once, located.
        with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
            _TREES[key] = ast.parse(source)
    return _TREES[key]
