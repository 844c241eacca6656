"""XmlUI as TTS keeps it: a tree of elements with attributes, seen differently by each player.

Visibility follows the API (docs/ui/attributes.md): `visibility` is a `|` list of colours,
team names, `Host` and `Admin`; empty or absent means everyone; an element a player is not
listed for is inactive to them, and so is everything inside it. `active="false"` hides an
element from everyone.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass, field

# Attributes shown in a dump: what a player reads or what changes how an element acts.
SHOWN = ("text", "isOn", "value", "interactable", "tooltip", "onClick", "onValueChanged")


class UIError(Exception):
    """A call the UI refuses (an unknown id), or XML that does not parse."""


@dataclass
class Element:
    """One XmlUI element."""

    tag: str
    attributes: dict[str, str]
    text: str = ""
    children: list[Element] = field(default_factory=list)

    @property
    def id(self) -> str | None:
        """The element's id, if it has one."""
        return self.attributes.get("id")


@dataclass(frozen=True)
class Viewer:
    """Who looks: a colour, a team, and whether they are the host or an admin (promoted)."""

    color: str
    team: str = "None"
    host: bool = False
    admin: bool = False


def parse(text: str) -> list[Element]:
    """The top-level elements of an XmlUI string ('' gives none)."""
    if not text.strip():
        return []
    try:
        root = ET.fromstring(f"<root>{text}</root>")
    except ET.ParseError as err:
        raise UIError(f"XmlUI does not parse: {err}") from None
    return [_element(child) for child in root]


def _element(node: ET.Element) -> Element:
    return Element(
        node.tag,
        dict(node.attrib),
        (node.text or "").strip(),
        [_element(child) for child in node],
    )


def write(elements: list[Element]) -> str:
    """The XmlUI string of a tree (what getXml returns), written as ElementTree writes it.

    Written directly: a checkpoint writes the whole Global UI, and building an ElementTree
    for it each time cost more than the rest of the save.
    """
    out: list[str] = []
    for element in elements:
        _write(element, out)
    return "".join(out)


_ATTRIBUTE = str.maketrans(
    {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "\r": "&#13;", "\n": "&#10;",
     "\t": "&#09;"}
)  # fmt: skip
_TEXT = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})


def _write(element: Element, out: list[str]) -> None:
    out.append("<" + element.tag)
    for name, value in element.attributes.items():
        out.append(f' {name}="{value.translate(_ATTRIBUTE)}"')
    if not element.text and not element.children:
        out.append(" />")
        return
    out.append(">")
    if element.text:
        out.append(element.text.translate(_TEXT))
    for child in element.children:
        _write(child, out)
    out.append(f"</{element.tag}>")


def walk(elements: list[Element]) -> Iterator[tuple[Element, list[Element]]]:
    """Every element with the list of its ancestors (outermost first)."""
    stack: list[tuple[Element, list[Element]]] = [(e, []) for e in reversed(elements)]
    while stack:
        element, parents = stack.pop()
        yield element, parents
        for child in reversed(element.children):
            stack.append((child, [*parents, element]))


# Trees indexed by id, for find: a tree's shape never changes in place (setXml replaces it;
# scripts change attributes), so its index stays true while the same list is given.
_INDEX: dict[int, tuple[list[Element], dict[str, Element]]] = {}


def find(elements: list[Element], element_id: str) -> Element:
    """The element with this id (the first, in document order); UIError when there is none."""
    known = _INDEX.get(id(elements))
    if known is None or known[0] is not elements:
        index: dict[str, Element] = {}
        for element, _ in walk(elements):
            if element.id and element.id not in index:
                index[element.id] = element
        if len(_INDEX) > 256:
            _INDEX.clear()
        known = _INDEX[id(elements)] = (elements, index)
    found = known[1].get(element_id)
    if found is None:
        raise UIError(f"no XmlUI element has the id '{element_id}'")
    return found


def listed(element: Element, viewer: Viewer) -> bool:
    """Whether the element's own `visibility` lets the viewer see it (empty: everyone)."""
    names = [n for n in element.attributes.get("visibility", "").split("|") if n]
    if not names:
        return True
    return (
        viewer.color in names
        or viewer.team in names
        or (viewer.host and "Host" in names)
        or ((viewer.admin or viewer.host) and "Admin" in names)
    )


def shown(element: Element, parents: list[Element], viewer: Viewer) -> bool:
    """Whether the viewer sees the element: it and every ancestor active and listed."""
    return all(
        e.attributes.get("active", "true").lower() != "false" and listed(e, viewer)
        for e in [*parents, element]
    )


def dump(elements: list[Element], viewer: Viewer) -> str:
    """What one viewer sees, one line per element, indented by depth (for golden files).

    A hidden element hides everything inside it (`shown`), so its subtree is not visited.
    """
    lines: list[str] = []

    def visit(nodes: list[Element], depth: int) -> None:
        for element in nodes:
            attrs = element.attributes
            if attrs.get("active", "true").lower() == "false" or not listed(element, viewer):
                continue
            parts = [element.tag]
            if element.id:
                parts.append(f"#{element.id}")
            if element.text:
                parts.append(repr(element.text))
            parts += [f"{k}={attrs[k]!r}" for k in SHOWN if k in attrs]
            lines.append("  " * depth + " ".join(parts))
            visit(element.children, depth + 1)

    visit(elements, 0)
    return "\n".join(lines)
