"""The rule documents Paddock implements (the specification: each rule set's own document, by
its number), and the sections Paddock's words cite, by their headings as each document writes
them: so that a help text can say where its rule comes from ("Formula D rules, Braking") and a
test can check that the section it names is there (tests/rules/test_fact_help.py)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Document:
    """A rule document: its title, and the section headings Paddock cites from it."""

    title: str  # as a page names it after a rule's words
    sections: tuple[str, ...]  # headings Paddock cites, as the document writes them


DOCUMENTS: dict[str, Document] = {
    "000": Document(
        "Formula... Death!",
        (
            "New Rules",
            "Attack Phase",
            "Attacks",
            "Line of Sight",
            "Wreckage",
            "Dropping Your Clutch",
            "Spinning Out",
            "Slipstreaming",
            "Choosing Upgrades",
            "Weapons",
            "Defences",
            "Utility Upgrades",
            "Chain Blades",
            "Slip Mines",
            "Limpet Mines",
            "Ram Spike",
        ),
    ),
    "001": Document(
        "Season Pass",
        (
            "Movement Order",
            "Braking and movement",
            "Holding the Corners",
            "Engine Wear",
            "Collisions",
            "Collision Check Table",
            "Red Flag",
            "Ending The Race",
            "Overshoot Table",
        ),
    ),
    "002": Document(
        "RBB-style championship rules",
        (
            "Tyres",
            "Brakes",
            "Gears",
            "Body",
            "Engine",
            "Handling",
            "Pit Stops",
            "Starts",
            "Slipstreaming",
        ),
    ),
    "003": Document(
        "Formula Dé Mini house rules",
        ("before the race", "starting the race", "ways to take damage", "championship points"),
    ),
    "004": Document(
        "Formula D rules",
        (
            "Order of Play",
            "Winning",
            "Driving Through Corners",
            "Overshooting",
            "Braking",
            "Collision",
            "Motor Damage",
            "Damage and Road Handling",
            "Slipstreaming",
            "Pit Stop",
            "Qualifying Lap with Stopwatch",
            "Effect of Rain",
            "Hard Tires",
            "Pit Stops",
            "Road Races",
            "Skill Reference",
        ),
    ),
}


@dataclass(frozen=True)
class Source:
    """Where a rule's words come from: a document (its number, "004") and a section of it, by
    its heading ("Braking"); shown after the words as "Formula D rules, Braking"."""

    document: str
    section: str

    def __str__(self) -> str:
        return f"{DOCUMENTS[self.document].title}, {self.section}"


__all__ = [
    "Document",
    "DOCUMENTS",
    "Source",
]
