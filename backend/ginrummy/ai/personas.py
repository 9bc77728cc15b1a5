"""The computer players with faces: each a style of play with a person's name, one plain sentence on how it plays,
and the player it plays by; and the one registry of every computer a game may be played against.

A game's computer is named by a level (``easy``, ``medium``, ``hard``: ``ai.levels``) or by a persona's id
(``quinn``, ``gina``, ...). ``OPPONENTS`` holds both, each with the player spec it plays by; the API checks a
request against it and publishes it (``GET /api/rules``), the store keeps the name as it was given, and
``ai.players.make_player`` makes the player for either.

Each persona's strength figure comes from a round robin of the arena (``gin-rummy arena --round-robin --write``,
``ai/roundrobin.py``), kept in ``ratings.json`` by player spec, so that a persona and a level playing by the same
player (Hal and hard) show the same figure.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from .levels import LEVELS


@dataclass(frozen=True)
class Persona:
    id: str
    """What a request names it by (lowercase, url-safe, at most 16 characters: the store's level column)."""
    name: str
    """What the page calls it."""
    style: str
    """How it plays, in one plain sentence."""
    plays: str
    """The player it plays by (a name ``ai.players.make_player`` knows)."""


PERSONAS: tuple[Persona, ...] = (
    Persona("quinn", "Quinn", "Knocks the moment the rules allow, so hands end fast, but a low hand can undercut "
            "the knock.", "simple"),
    Persona("gina", "Gina", "Plays for Gin and hardly ever knocks before the stock runs low, so an early knock "
            "catches her hand full.", "ginhunter"),
    Persona("ursula", "Ursula", "Keeps her hand low and waits for you to knock so she can undercut you; she knocks "
            "only with 2 or less.", "undercutter"),
    Persona("bea", "Bea", "Balanced: knocks early with any fair hand, and holds out for a lower one as the hand "
            "goes on.", "tabled"),
    Persona("cass", "Cass", "Calculating: picks her moment to knock by odds learned over many practice games, and "
            "notes what you take from the pile.", "cfr"),
    Persona("hal", "Hal", "The house's strongest: reads your discards and weighs every knock, but never sees your "
            "cards.", "hard"),
)
"""The personas, in the order the page lists them."""

PERSONAS_BY_ID: dict[str, Persona] = {persona.id: persona for persona in PERSONAS}

OPPONENTS: dict[str, str] = {**{level: level for level in LEVELS}, **{p.id: p.plays for p in PERSONAS}}
"""Every computer a game may be played against, by the name a request gives (the levels, easiest first, then the
personas' ids), with the player spec it plays by: the one registry the API checks."""

RATINGS_FILE = "ratings.json"
"""The round robin's ratings, next to this module (``gin-rummy arena --round-robin --write``)."""


@dataclass(frozen=True)
class Rating:
    rating: int
    """Elo-scale strength (a 100-point gap: the stronger wins about 64% of matches)."""
    spread: int
    """Half the width of its 95% interval."""
    matches: int
    """The round-robin matches it rests on."""


@cache
def ratings() -> dict[str, Rating]:
    """The ratings of the last round robin written into the package, by player spec (empty when there is none)."""
    source = resources.files(__package__).joinpath(RATINGS_FILE)
    if not source.is_file():
        return {}
    data: dict[str, Any] = json.loads(source.read_text())
    return {spec: Rating(int(entry["rating"]), int(entry["spread"]), int(entry["matches"]))
            for spec, entry in data["players"].items()}


def rating_of(name: str) -> Rating | None:
    """The rating of a level or persona (by the player it plays by), if the round robin measured it."""
    return ratings().get(OPPONENTS[name])
