"""The showdown after a knock, Gin or Big Gin: who won it, how, and for how many points.

The knocker's melds are shown in the least-deadwood arrangement that leaves the
defender the least to lay off; the defender's own melds and layoffs are then
chosen together for the least defender deadwood (``layoffs``). Nothing here is a
choice a player makes: the product always finds the best arrangement for both.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from .cards import Card, CardMask, mask_of
from .errors import InvalidInputError
from .layoffs import Layoff, best_defense, defender_left
from .meld_search import cached_deadwood
from .melds import MeldResult, best_arrangement_of_mask, optimal_arrangements_of_mask
from .rules import HOUSE, Rules
from .wire import decoder, encoder, wire_type

ResultKind = Literal["gin", "big_gin", "knock", "undercut"]


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One term of a hand's score, in words and points (negative when subtracted)."""

    label: str
    """A term of the score, in words."""
    points: int
    """Its points (negative when subtracted)."""

    def to_json(self) -> dict[str, Any]:
        return encoder(ScoreLine)(self)


@wire_type(computed=("explanation",))
@dataclass(frozen=True, slots=True)
class KnockResult:
    """How a knock (or Gin) was scored: the showdown."""

    winner: Literal["knocker", "defender"]
    """Who won the showdown."""
    kind: ResultKind
    """How it was won."""
    points: int
    """Points to the winner before any variant multiplier or line bonus."""
    knocker_deadwood: int
    """The knocker's deadwood."""
    defender_deadwood: int
    """The defender's deadwood after laying off (no layoffs are allowed against Gin)."""
    defender_deadwood_before_layoffs: int
    """The defender's deadwood before laying off."""
    layoffs: tuple[Layoff, ...]
    """Cards the defender laid off on the knocker's melds."""
    knocker_melds: tuple[tuple[Card, ...], ...]
    """The knocker's melds."""
    knocker_deadwood_cards: tuple[Card, ...]
    """The knocker's unmelded cards."""
    defender_melds: tuple[tuple[Card, ...], ...]
    """The defender's melds."""
    defender_deadwood_cards: tuple[Card, ...]
    """The defender's cards left after layoffs."""
    lines: tuple[ScoreLine, ...]
    """The points as a sum, term by term."""

    @property
    def explanation(self) -> str:
        """The score in one line, as arithmetic in words, e.g. ``Undercut: 25 + 8 − 5 = 28``."""
        terms = []
        for i, line in enumerate(self.lines):
            if i == 0:
                terms.append(str(line.points))
            else:
                terms.append(("+ " if line.points >= 0 else "− ") + str(abs(line.points)))
        title = {"gin": "Gin", "big_gin": "Big Gin", "knock": "Knock", "undercut": "Undercut"}[self.kind]
        return f"{title}: {' '.join(terms)} = {self.points}"

    def to_json(self) -> dict[str, Any]:
        return encoder(KnockResult)(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> KnockResult:
        return decoder(KnockResult)(data)


def knock_points(knocker_arrangements: Sequence[MeldResult], defender_mask: CardMask, rules: Rules = HOUSE) -> int:
    """Points of a knock (or Gin) from the knocker's side, negative when undercut: the arithmetic of
    ``showdown`` on masks, for players that score many imagined knocks. ``knocker_arrangements`` are the
    knocker's optimal arrangements of its 10 cards."""
    knocker = knocker_arrangements[0].deadwood
    if knocker == 0:
        return rules.gin_bonus + cached_deadwood(defender_mask)
    left = defender_left(knocker_arrangements, defender_mask)
    if knocker < left:
        return left - knocker
    return -(rules.undercut_bonus + knocker - left)


def showdown(knocker_cards: Iterable[Card], defender_cards: Iterable[Card], rules: Rules = HOUSE,
             big_gin: bool = False) -> KnockResult:
    """Score a hand that ended with a knock, Gin or (with ``big_gin``) Big Gin."""
    knocker_mask = mask_of(knocker_cards)
    defender_mask = mask_of(defender_cards)
    arrangements = optimal_arrangements_of_mask(knocker_mask)
    knocker_deadwood = arrangements[0].deadwood
    defender_before_layoffs = cached_deadwood(defender_mask)
    layoffs: tuple[Layoff, ...] = ()
    chosen = arrangements[0]
    defender_deadwood = defender_before_layoffs
    if knocker_deadwood > 0:
        # The knocker's arrangement that leaves the defender the most deadwood.
        worst_for_defender = -1
        for arrangement in arrangements:
            left, laid = best_defense(defender_mask, arrangement.melds)
            if left > worst_for_defender:
                worst_for_defender, chosen, layoffs = left, arrangement, laid
        defender_deadwood = worst_for_defender
    laid_mask = mask_of(layoff.card for layoff in layoffs)
    defender_final: MeldResult = best_arrangement_of_mask(defender_mask & ~laid_mask)
    kind: ResultKind
    winner: Literal["knocker", "defender"]
    lines: tuple[ScoreLine, ...]
    if big_gin:
        kind, winner = "big_gin", "knocker"
        lines = (ScoreLine("Big Gin bonus", rules.big_gin_bonus), ScoreLine("defender's deadwood", defender_deadwood))
    elif knocker_deadwood == 0:
        kind, winner = "gin", "knocker"
        lines = (ScoreLine("Gin bonus", rules.gin_bonus), ScoreLine("defender's deadwood", defender_deadwood))
    elif knocker_deadwood < defender_deadwood:
        kind, winner = "knock", "knocker"
        lines = (ScoreLine("defender's deadwood", defender_deadwood),
                 ScoreLine("knocker's deadwood", -knocker_deadwood))
    else:
        kind, winner = "undercut", "defender"
        lines = (ScoreLine("undercut bonus", rules.undercut_bonus), ScoreLine("knocker's deadwood", knocker_deadwood),
                 ScoreLine("defender's deadwood", -defender_deadwood))
    return KnockResult(
        winner=winner,
        kind=kind,
        points=sum(line.points for line in lines),
        knocker_deadwood=knocker_deadwood,
        defender_deadwood=defender_deadwood,
        defender_deadwood_before_layoffs=defender_before_layoffs,
        layoffs=layoffs,
        knocker_melds=tuple(tuple(meld) for meld in chosen.melds),
        knocker_deadwood_cards=tuple(chosen.deadwood_cards),
        defender_melds=tuple(tuple(meld) for meld in defender_final.melds),
        defender_deadwood_cards=tuple(defender_final.deadwood_cards),
        lines=lines,
    )


def score_knock(knocker_cards: Iterable[Card], defender_cards: Iterable[Card], rules: Rules = HOUSE) -> KnockResult:
    """Score a knock between two 10-card hands (the knocker's after the knock discard).

    >>> from ginrummy.engine.cards import parse_cards
    >>> result = score_knock(parse_cards("5H 6H 7H 9C 9D 9S 2S 3S 4S 8D"),
    ...                      parse_cards("8H 9H KC KD KH TS JS QS AC 4D"))
    >>> result.kind, result.winner, result.knocker_deadwood, result.defender_deadwood, result.points
    ('undercut', 'defender', 8, 5, 28)
    >>> result.explanation
    'Undercut: 25 + 8 − 5 = 28'
    """
    knocker, defender = list(knocker_cards), list(defender_cards)
    for who, hand in (("knocker", knocker), ("defender", defender)):
        if len(hand) != 10 or len(set(hand)) != 10:
            raise InvalidInputError(f"the {who} needs 10 different cards, not {len(set(hand))}", code="invalid_hand")
    overlap = set(knocker) & set(defender)
    if overlap:
        codes = " ".join(sorted(card.code for card in overlap))
        raise InvalidInputError(f"both hands hold {codes}", code="invalid_hand")
    return showdown(knocker, defender, rules)
