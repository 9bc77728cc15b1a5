"""The rule settings of a match: house rules by default, the variants as named presets.

A ``Rules`` value is frozen and fixed when a match is created; every rule the
engine applies reads it from here, so a variant is a setting, never a branch
scattered through the code.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Annotated, Any, Literal

from .errors import InvalidInputError
from .wire import Range, encoder, literal_values, value_range, wire_fields

ScoringStyle = Literal["simple", "traditional", "hollywood"]
WIN_TARGETS = (100, 250, 500)
"""The targets offered in the product; any positive target may be set."""


@dataclass(frozen=True, slots=True)
class Rules:
    """Everything that can differ between two matches of Gin Rummy. Every field but ``name`` is a setting a
    client may change when it creates a match, within the values its type allows (a ``Range``, a ``Literal``)."""

    name: str = "house"
    """The preset this rule set came from, or custom."""
    target: Annotated[int, Range(1, 10_000)] = 100
    """Points that win the match (in Hollywood, each game): 100, 250, 500 or any positive number."""
    knock_limit: Annotated[int, Range(0, 10)] = 10
    """Most deadwood a knocker may keep after the knock discard (house: 10; 0: Gin only)."""
    gin_bonus: Annotated[int, Range(0, 1000)] = 25
    """Bonus for Gin, added to the defender's deadwood."""
    undercut_bonus: Annotated[int, Range(0, 1000)] = 25
    """Bonus for the defender when the knocker's deadwood is not lower (ties undercut)."""
    straight_gin: bool = False
    """Only Gin may end a hand."""
    oklahoma: bool = False
    """The first upcard's value (Ace 1, face cards 10) is that hand's knock limit."""
    oklahoma_ace_must_be_gin: bool = False
    """With Oklahoma: an Ace as first upcard means only Gin may knock."""
    oklahoma_spades_double: bool = False
    """With Oklahoma: a spade as first upcard doubles that hand's points."""
    big_gin: bool = False
    """A player whose 11 cards all meld after drawing may end the hand without discarding (Big Gin)."""
    big_gin_bonus: Annotated[int, Range(0, 1000)] = 31
    """Bonus for Big Gin, added to the defender's deadwood."""
    scoring: ScoringStyle = "simple"
    """simple (points each hand), traditional (box and game bonuses at the end) or hollywood (three or five games
    scored at once)."""
    line_bonus: Annotated[int, Range(0, 1000)] = 0
    """Simple scoring only: extra points for every hand won (0 means none)."""
    box_bonus: Annotated[int, Range(0, 1000)] = 25
    """Traditional scoring: points per hand won, added when the match ends."""
    game_bonus: Annotated[int, Range(0, 1000)] = 100
    """Traditional scoring: points for winning the match, added when it ends."""
    hollywood_games: Literal[3, 5] = 3
    """Hollywood scoring: 3 or 5 games scored at once."""

    def __post_init__(self) -> None:
        problems = [problem for f in SETTINGS if (problem := f.refusal(getattr(self, f.name))) is not None]
        if self.line_bonus and self.scoring != "simple":
            problems.append("the line bonus belongs to simple scoring")
        if problems:
            raise InvalidInputError("; ".join(problems), code="invalid_rules")

    def to_json(self) -> dict[str, Any]:
        return encoder(Rules)(self)

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


@dataclass(frozen=True, slots=True)
class Setting:
    """One rule a client may set: its name, its meaning and the values allowed, as ``Rules`` declares them."""

    name: str
    doc: str
    hint: Any
    """The declared type: ``bool``, an ``int`` with its ``Range``, or a ``Literal`` of the values allowed."""

    def refusal(self, value: Any) -> str | None:
        """Why ``value`` is not allowed for this setting, or None when it is."""
        allowed = literal_values(self.hint)
        if allowed is not None and value not in allowed:
            return f"{self.name} must be one of {', '.join(map(str, allowed))}"
        bounds = value_range(self.hint)
        if bounds is not None and not bounds.low <= value <= bounds.high:
            return f"{self.name} must be between {bounds.low} and {bounds.high}"
        return None


SETTINGS: tuple[Setting, ...] = tuple(Setting(f.name, f.doc, f.hint) for f in wire_fields(Rules)
                                      if f.name != "name")
"""The settings a client may change, in order, each documented once in ``Rules``."""
SETTING_DESCRIPTIONS: dict[str, str] = {f.name: f.doc for f in wire_fields(Rules)}
"""Every field of the rules with its meaning (as ``GET /api/rules`` lists them)."""


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
