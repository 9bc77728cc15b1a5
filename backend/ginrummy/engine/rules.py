"""The rule settings of a match: house rules by default, the variants as named presets.

A ``Rules`` value is frozen and fixed when a match is created; every rule the
engine applies reads it from here, so a variant is a setting, never a branch
scattered through the code.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from functools import lru_cache
from typing import Any, Literal

from .errors import InvalidInputError

ScoringStyle = Literal["simple", "traditional", "hollywood"]
SCORING_STYLES: tuple[str, ...] = ("simple", "traditional", "hollywood")
WIN_TARGETS = (100, 250, 500)
"""The targets offered in the product; any positive target may be set."""


@dataclass(frozen=True, slots=True)
class Rules:
    """Everything that can differ between two matches of Gin Rummy."""

    name: str = "house"
    """The preset this rule set came from, or ``custom``."""
    target: int = 100
    """A match (or, in Hollywood, a game) ends when a player's score reaches this."""
    knock_limit: int = 10
    """Most deadwood a knocker may keep after the knock discard."""
    gin_bonus: int = 25
    undercut_bonus: int = 25
    straight_gin: bool = False
    """Only Gin may knock."""
    oklahoma: bool = False
    """The first upcard's value is that hand's knock limit."""
    oklahoma_ace_must_be_gin: bool = False
    """With Oklahoma: an Ace upcard means only Gin may knock."""
    oklahoma_spades_double: bool = False
    """With Oklahoma: a spade upcard doubles that hand's points."""
    big_gin: bool = False
    """A player whose 11 cards all meld after drawing may go Big Gin without discarding."""
    big_gin_bonus: int = 31
    scoring: ScoringStyle = "simple"
    line_bonus: int = 0
    """Simple scoring only: added to the winner's points for every hand won (0 = none)."""
    box_bonus: int = 25
    """Traditional scoring: added at match end for every hand a player won."""
    game_bonus: int = 100
    """Traditional scoring: added at match end for the winner of the match."""
    hollywood_games: int = 3
    """Hollywood scoring: 3 or 5 games scored at once."""

    def __post_init__(self) -> None:
        problems = []
        if self.target < 1:
            problems.append("the win target must be at least 1")
        if not 0 <= self.knock_limit <= 10:
            problems.append("the knock limit must be between 0 and 10")
        if self.scoring not in SCORING_STYLES:
            problems.append(f"scoring must be one of {', '.join(SCORING_STYLES)}")
        if self.hollywood_games not in (3, 5):
            problems.append("Hollywood is played with 3 or 5 games")
        for name in ("gin_bonus", "undercut_bonus", "big_gin_bonus", "line_bonus", "box_bonus", "game_bonus"):
            if getattr(self, name) < 0:
                problems.append(f"{name} cannot be negative")
        if self.line_bonus and self.scoring != "simple":
            problems.append("the line bonus belongs to simple scoring")
        if problems:
            raise InvalidInputError("; ".join(problems), code="invalid_rules")

    def to_json(self) -> dict[str, Any]:
        return dict(_rules_json(self))

    @classmethod
    def from_json(cls, data: Any) -> Rules:
        """Rules from a JSON object; unknown keys and wrong types are refused."""
        if not isinstance(data, dict):
            raise InvalidInputError("rules must be a JSON object", code="invalid_rules")
        known = {f.name: f for f in fields(cls)}
        unknown = sorted(set(data) - set(known))
        if unknown:
            raise InvalidInputError(f"unknown rule settings: {', '.join(unknown)}", code="invalid_rules")
        defaults = cls()
        for key, value in data.items():
            expected = type(getattr(defaults, key))
            if type(value) is not expected:
                raise InvalidInputError(
                    f"rule setting {key} must be {expected.__name__}", code="invalid_rules"
                )
        return cls(**data)

    def with_settings(self, **changes: Any) -> Rules:
        """This rule set with some settings changed (validated); the name becomes ``custom``
        unless a name is given."""
        if not changes:
            return self
        data = self.to_json()
        data.update(changes)
        if "name" not in changes:
            data["name"] = "custom"
        return Rules.from_json(data)


@lru_cache(maxsize=256)
def _rules_json(rules: Rules) -> dict[str, Any]:
    # Every view carries its rules; a frozen rule set always gives the same JSON, so it is built once.
    return asdict(rules)


HOUSE = Rules()
"""The default: knock at 10 or less, Gin 25, undercut 25 (ties undercut), first to 100, no bonuses."""
STRAIGHT = Rules(name="straight", straight_gin=True)
OKLAHOMA = Rules(name="oklahoma", oklahoma=True)
OKLAHOMA_CLASSIC = Rules(
    name="oklahoma-classic", oklahoma=True, oklahoma_ace_must_be_gin=True, oklahoma_spades_double=True
)
BIG_GIN = Rules(name="big-gin", big_gin=True)
LINE_BONUS = Rules(name="line-bonus", line_bonus=15)
TRADITIONAL = Rules(name="traditional", scoring="traditional")
HOLLYWOOD = Rules(name="hollywood", scoring="hollywood")
HOLLYWOOD_FIVE = Rules(name="hollywood-five", scoring="hollywood", hollywood_games=5)

PRESETS: dict[str, Rules] = {
    rules.name: rules
    for rules in (HOUSE, STRAIGHT, OKLAHOMA, OKLAHOMA_CLASSIC, BIG_GIN, LINE_BONUS, TRADITIONAL, HOLLYWOOD,
                  HOLLYWOOD_FIVE)
}

PRESET_DESCRIPTIONS: dict[str, str] = {
    "house": "House rules: knock with 10 or less, Gin and undercut bonuses of 25, first to 100.",
    "straight": "Straight Gin: a hand can only end with Gin.",
    "oklahoma": "Oklahoma: the first upcard's value is the knock limit for that hand.",
    "oklahoma-classic": "Oklahoma with an Ace upcard meaning Gin only, and a spade upcard doubling the hand.",
    "big-gin": "House rules plus Big Gin: all 11 cards melded after a draw ends the hand without a discard.",
    "line-bonus": "House rules plus a line bonus of 15 for every hand won.",
    "traditional": "Traditional: a box of 25 per hand won and 100 for the match, added at the end.",
    "hollywood": "Hollywood: three games scored at once; win two to win the match.",
    "hollywood-five": "Hollywood with five games; win three to win the match.",
}

SETTING_DESCRIPTIONS: dict[str, str] = {
    "name": "The preset this rule set came from, or custom.",
    "target": "Points that win the match (in Hollywood, each game): 100, 250, 500 or any positive number.",
    "knock_limit": "Most deadwood a knocker may keep after the knock discard (house: 10).",
    "gin_bonus": "Bonus for Gin, added to the defender's deadwood.",
    "undercut_bonus": "Bonus for the defender when the knocker's deadwood is not lower (ties undercut).",
    "straight_gin": "Only Gin may end a hand.",
    "oklahoma": "The first upcard's value (Ace 1, face cards 10) is that hand's knock limit.",
    "oklahoma_ace_must_be_gin": "With Oklahoma: an Ace as first upcard means only Gin may knock.",
    "oklahoma_spades_double": "With Oklahoma: a spade as first upcard doubles that hand's points.",
    "big_gin": "A player whose 11 cards all meld after drawing may end the hand without discarding.",
    "big_gin_bonus": "Bonus for Big Gin, added to the defender's deadwood.",
    "scoring": "simple (points each hand), traditional (box and game bonuses at the end) or hollywood.",
    "line_bonus": "Simple scoring: extra points for every hand won (0 means none).",
    "box_bonus": "Traditional scoring: points per hand won, added when the match ends.",
    "game_bonus": "Traditional scoring: points for winning the match, added when it ends.",
    "hollywood_games": "Hollywood scoring: 3 or 5 games scored at once.",
}


def preset(name: str) -> Rules:
    try:
        return PRESETS[name]
    except KeyError:
        raise InvalidInputError(
            f"unknown rules preset {name!r}; choose one of {', '.join(PRESETS)}", code="unknown_preset"
        ) from None


def knock_limit_for(rules: Rules, upcard_rank: int) -> int:
    """The most deadwood a knock may keep in a hand whose first upcard has ``upcard_rank``."""
    if rules.straight_gin:
        return 0
    if rules.oklahoma:
        if upcard_rank == 0 and rules.oklahoma_ace_must_be_gin:
            return 0
        return min(rules.knock_limit, 10 if upcard_rank >= 9 else upcard_rank + 1)
    return rules.knock_limit
