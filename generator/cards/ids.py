"""Card ids: a name folded to the id game records and GUIDs use (every game's rule)."""

from __future__ import annotations

import re
import unicodedata


def id_for(name: str) -> str:
    """Return the id a name gives.

    Folded to ASCII (accents dropped: "Jäkks Über-Élan" -> "jakksuber-elan"), lower case,
    spaces, dots and other punctuation removed, hyphens kept. Empty when nothing of the name
    is ASCII (then any valid id may be written).
    """
    folded = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9-]", "", folded.lower()).strip("-")
