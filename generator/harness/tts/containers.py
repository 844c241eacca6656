"""Containers, decks and merging: what a deck holds, taking and putting cards, hands, zones.

Loose cards that touch while moving merge into a deck (SCED DeckLib, SNM notes); taking the
second-to-last card ends a deck (api object.md takeObject); a number typed over a deck deals
into the typist's hand unless a handler stops it (api events.md).
"""

from __future__ import annotations

from typing import Any

from generator.harness.tts.runtime import ScriptError, Strictness, _only
from generator.harness.tts.world import SPAWN_FRAMES, Thing, thing_from, write_back

TAKE_PARAMS = {
    "index",
    "guid",
    "top",
    "position",
    "rotation",
    "flip",
    "smooth",
    "callback_function",
}


class Containers:
    """Containers, decks, hands and zones at the table."""

    def _hand_zones(self) -> list[Thing]:
        return [t for t in self._live() if t.hand_color is not None]

    def _merge(self, moving: list[Thing]) -> None:
        """Loose cards that touch while one is not at rest merge (SCED DeckLib, SNM notes).

        A card that comes down on a deck goes into it (on top when it is higher, as putObject
        does: api object.md); two cards form a new deck with a new GUID, the lower card at
        the bottom. Cards in hands never merge; the old handles die.
        """
        moving = [t for t in moving if t.is_card or t.is_deck]
        if not moving:
            return
        hands = self._hand_zones()

        def loose(t: Thing) -> bool:
            return (
                not t.destroyed
                and (t.is_card or t.is_deck)
                and t.held_by is None
                and not any(z.contains_point(t.pos) for z in hands)
            )

        # Whether a card lies in a hand is asked only of the cards a moving one touches.
        others = [t for t in self._live() if (t.is_card or t.is_deck) and t.held_by is None]
        for thing in moving:
            if not loose(thing):
                continue
            for other in others:
                if other is thing or other.destroyed or (thing.is_deck and other.is_deck):
                    continue
                if thing.touches(other) and loose(other):
                    others.append(self.combine(other, thing))
                    break

    def combine(self, below: Thing, above: Thing) -> Thing:
        """`above` goes into the deck `below` (or both cards form a new deck); the container."""
        if below.is_card and above.is_deck:
            below, above = above, below
            into_top = False
        else:
            into_top = above.pos[1] > below.pos[1] + 0.05
        if below.is_deck:
            entry = write_back(above)
            if into_top:
                below.contents.insert(0, entry)
            else:
                below.contents.append(entry)
            self.destroy(above)
            self.fire("onObjectEnterContainer", self.handle(below), self.handle(above))
            return below
        deck = self._add(thing_from(_deck_data([write_back(above), write_back(below)], below)))
        deck.placed()
        self.destroy(above)
        self.destroy(below)
        return deck

    def _contents_of_zone(self, zone: Thing) -> set[str]:
        return {
            t.guid
            for t in self._live()
            if t is not zone and not t.is_zone and zone.contains_point(t.pos)
        }

    def _zones(self) -> None:
        # Only objects that moved, appeared or went can change what a zone holds.
        where = {g: (*t.pos, t.destroyed) for g, t in self.things.items()}
        moved = [g for g, w in where.items() if self._where.get(g) != w]
        self._where = where
        if not moved:
            return
        for guid, before in list(self.inside.items()):
            zone = self.things[guid]
            if zone.destroyed:
                continue
            now = set(before)
            for g in moved:
                t = self.things[g]
                if not t.destroyed and not t.is_zone and zone.contains_point(t.pos):
                    now.add(g)
                else:
                    now.discard(g)
            legacy = zone.tag == "Scripting"  # the older scripting-zone events fire too
            for entered in sorted(now - before):
                args = (self.handle(zone), self.handle(self.things[entered]))
                self.fire("onObjectEnterZone", *args)
                if legacy:
                    self.fire("onObjectEnterScriptingZone", *args)
            for left in sorted(before - now):
                args = (self.handle(zone), self.handle(self.things[left]))
                self.fire("onObjectLeaveZone", *args)
                if legacy:
                    self.fire("onObjectLeaveScriptingZone", *args)
            self.inside[guid] = now

    def hands(self, color: str) -> dict[str, list[str]]:
        """What one colour sees of every hand: names in their own (Black: in all), else '?'."""
        out = {}
        for zone in self._live():
            if zone.hand_color is None:
                continue
            cards = [self.things[g] for g in sorted(self._contents_of_zone(zone))]
            cards = [c for c in cards if c.data.get("Hands", False)]
            mine = color in (zone.hand_color, "Black")
            out[zone.hand_color] = [c.name if mine else "?" for c in cards]
        return out

    def search(self, color: str, guid: str) -> list[str]:
        """A player searches a container: onObjectSearchStart(obj, color); what they see.

        Searching shows the searcher every object inside, by name, in order (KB "Search").
        """
        thing = self.things[guid]
        if thing.contents is None:
            raise ValueError(f"{guid} is not a container")
        self.fire("onObjectSearchStart", self.handle(thing), color)
        seen = [str(c.get("Nickname", "")) for c in thing.contents]
        self.fire("onObjectSearchEnd", self.handle(thing), color)
        return seen

    def type_number(self, color: str, guid: str, number: int) -> None:
        """A player types a number over an object: onObjectNumberTyped.

        Over a deck that no handler stops (a handler returning true), TTS deals that many
        cards into the typist's hand (api events.md onObjectNumberTyped).
        """
        thing = self.things[guid]
        answers = self.fire("onObjectNumberTyped", self.handle(thing), color, number)
        if any(a is True for a in answers) or thing.contents is None:
            return
        self.handle(thing)._call_deal(number, color)


class ContainerMembers:
    """The members of a container (deck, bag) or zone handle."""

    _thing: Thing
    _table: Any

    # zones and containers
    def _call_getObjects(self) -> Any:
        thing = self._thing
        if thing.is_zone:
            inside = sorted(self._table._contents_of_zone(thing))
            return self._table.to_lua([self._table.handle(self._table.things[g]) for g in inside])
        if thing.contents is not None:
            return self._table.to_lua(
                [
                    {
                        "index": i,
                        "guid": c.get("GUID", ""),
                        "name": c.get("Nickname", ""),
                        "nickname": c.get("Nickname", ""),
                        "description": c.get("Description", ""),
                        "gm_notes": c.get("GMNotes", ""),
                        "tags": list(c.get("Tags") or []),
                    }
                    for i, c in enumerate(thing.contents)
                ]
            )
        raise Strictness("getObjects on an object that is neither a zone nor a container")

    def _call_getQuantity(self) -> int:
        return -1 if self._thing.contents is None else len(self._thing.contents)

    def _call_shuffle(self) -> bool:
        if self._thing.contents is not None:
            self._table.rng.shuffle(self._thing.contents)
        return True

    def _call_takeObject(self, params: Any = None) -> Any:
        table, deck = self._table, self._thing
        if deck.contents is None or not deck.contents:
            raise ScriptError(f"takeObject: {deck.guid} holds nothing")
        p = table.from_lua(params) if params is not None else {}
        _only(p, TAKE_PARAMS, "takeObject")
        index = 0 if p.get("top", True) else len(deck.contents) - 1
        if "index" in p:
            index = int(p["index"])
        if "guid" in p:
            index = next(i for i, c in enumerate(deck.contents) if c.get("GUID") == p["guid"])
        data = deck.contents.pop(index)
        card = table._add(thing_from(data))
        card.pos = (
            table.vec(params["position"])
            if p.get("position")
            else [deck.pos[0] + 2, deck.pos[1], deck.pos[2]]
        )
        card.rot = table.vec(params["rotation"]) if p.get("rotation") else list(deck.rot)
        if p.get("flip") and not p.get("rotation"):
            card.rot[2] = (card.rot[2] + 180) % 360
        # "Objects that are taken out of a container will take one or more frames to spawn"
        # (api object.md takeObject); then they settle where they were put.
        card.spawning = SPAWN_FRAMES
        card.placed()
        handle = table.handle(card)
        table.fire("onObjectLeaveContainer", self, handle)
        if len(deck.contents) == 1:
            # Taking the second-to-last card ends the deck: the last card lies where it was.
            last = table._add(thing_from(deck.contents.pop()))
            last.pos, last.rot = list(deck.pos), list(deck.rot)
            table.destroy(deck)
        table.when_spawned(
            card,
            handle,
            params["callback_function"] if p.get("callback_function") is not None else None,
        )
        return handle

    def _call_putObject(self, obj: Any, index: Any = None) -> Any:
        # api object.md putObject: into a deck, at `index`, else at the end nearer in height
        # (on top when the card is higher; at the bottom when both lie on the table); two
        # cards form a deck; the container is returned.
        thing, table = obj._thing, self._table
        if self._thing.contents is None and not (self._thing.is_card and thing.is_card):
            raise Strictness("putObject on an object that is neither a container nor a card")
        if index is not None and self._thing.contents is not None:
            self._thing.contents.insert(int(index), write_back(thing))
            table.destroy(thing)
            table.fire("onObjectEnterContainer", self, obj)
            return self
        container = table.combine(self._thing, thing)
        return table.handle(container)

    def _call_deal(self, number: Any, color: Any = None, index: Any = None) -> bool:
        table = self._table
        if index is not None:
            raise Strictness("deal: parameter 'index' is not modelled (docs/emulator.md)")
        colors = [str(color)] if color else table.seated()
        for _ in range(int(number)):
            for c in colors:
                zone = next((t for t in table._live() if t.hand_color == c), None)
                if zone is None or not self._thing.contents:
                    continue
                card = self._call_takeObject(table.to_lua({"position": table.vector(zone.pos)}))
                card._thing.pos = list(zone.pos)
        return True

    def _call_flip(self) -> bool:
        self._thing.rot[2] = (self._thing.rot[2] + 180) % 360
        return True

    def _get_is_face_down(self) -> bool:
        return abs(((self._thing.rot[2] + 180) % 360) - 180) > 90


def _deck_data(entries: list[dict[str, Any]], where: Thing) -> dict[str, Any]:
    """A new deck's save entry holding `entries` (top first), lying where `where` lies.

    It has no GUID yet: the table gives it one, as TTS does for a deck cards form.
    """
    custom: dict[str, Any] = {}
    for entry in entries:
        custom.update(entry.get("CustomDeck") or {})
    return {
        "GUID": "",
        "Name": "Deck",
        "Nickname": "",
        "Transform": write_back(where)["Transform"],
        "HideWhenFaceDown": True,
        "DeckIDs": [e.get("CardID") for e in entries],
        "CustomDeck": custom,
        "ContainedObjects": entries,
    }


def _face_down(thing: Thing) -> bool:
    return abs(((thing.rot[2] + 180) % 360) - 180) > 90
