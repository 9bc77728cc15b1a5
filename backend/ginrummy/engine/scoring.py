"""The showdown after a knock, and the points a hand is worth.

The knocker's melds are shown in the least-deadwood arrangement that leaves the
defender the least to lay off; the defender's own melds and layoffs are then
chosen together for the least defender deadwood. Nothing here is a choice a
player makes: the product always finds the best arrangement for both.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import Any, Literal

from .cards import CARDS, Card, mask_of
from .errors import InvalidInputError
from .melds import MeldResult, best_arrangement_of_mask, cached_deadwood, optimal_arrangements_of_mask
from .rules import HOUSE, Rules
from .wire import decoder, encoder, wire_type

ResultKind = Literal["gin", "big_gin", "knock", "undercut"]


@dataclass(frozen=True, slots=True)
class Layoff:
    """A card the defender laid off on one of the knocker's melds."""

    card: Card
    """The card laid off."""
    meld: int
    """Index into the knocker's melds of the meld the card extends."""

    def to_json(self) -> dict[str, Any]:
        return encoder(Layoff)(self)


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


def layoff_spots(meld: Sequence[Card]) -> list[list[Card]]:
    """The chains of cards that could extend ``meld``, nearest first.

    A set of three takes its missing fourth card; a run takes cards below its
    low end and above its high end, each chain in the order they must be added.
    """
    return [[CARDS[c] for c in chain] for chain in _chains(tuple(meld))]


@lru_cache(maxsize=4096)
def _chains(meld: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    first, last = meld[0], meld[-1]
    rank, suit = first % 13, first // 13
    if rank == last % 13:  # a set
        if len(meld) != 3:
            return ()
        held = {card // 13 for card in meld}
        return (tuple(s * 13 + rank for s in range(4) if s not in held),)
    below = tuple(suit * 13 + r for r in range(rank - 1, -1, -1))
    above = tuple(suit * 13 + r for r in range(last % 13 + 1, 13))
    return (below, above)


def best_defense(defender_mask: int, knocker_melds: Sequence[Sequence[Card]]) -> tuple[int, tuple[Layoff, ...]]:
    """The defender's least deadwood against ``knocker_melds``, with the layoffs that achieve it.

    Every combination of chain lengths at every meld end is tried; each leaves a
    set of cards for the defender's own melds, whose best deadwood is looked up.
    """
    choices: list[list[tuple[int, int, int]]] = []  # per chain: (laid mask, count, chain id) for each length
    chains: list[tuple[int, tuple[int, ...]]] = []
    for index, meld in enumerate(knocker_melds):
        for chain in _chains(tuple(meld)):
            held = 0
            while held < len(chain) and defender_mask >> chain[held] & 1:
                held += 1
            if held:
                masks = [0]
                for card in chain[:held]:
                    masks.append(masks[-1] | 1 << card)
                choices.append([(masks[n], n, len(chains)) for n in range(held + 1)])
                chains.append((index, chain[:held]))
    best_left = cached_deadwood(defender_mask)
    best_pick: tuple[tuple[int, int, int], ...] = ()
    best_count = 0
    for combo in product(*choices):
        laid_mask = count = 0
        for mask, n, _ in combo:
            laid_mask |= mask
            count += n
        if not count or laid_mask.bit_count() != count:  # nothing laid, or two chains claimed one card
            continue
        left = cached_deadwood(defender_mask & ~laid_mask)
        if left < best_left or (left == best_left and count < best_count):
            best_left, best_pick, best_count = left, combo, count
    layoffs = tuple(Layoff(CARDS[card], chains[chain_id][0])
                    for _, n, chain_id in best_pick for card in chains[chain_id][1][:n])
    return best_left, layoffs


def defender_left(knocker_arrangements: Sequence[MeldResult], defender_mask: int) -> int:
    """The defender's deadwood after laying off, against the knocker's arrangement that leaves the most
    (the knocker's optimal arrangements, as ``optimal_arrangements_of_mask`` gives them)."""
    return max(best_defense(defender_mask, a.melds)[0] for a in knocker_arrangements)


def knock_points(knocker_arrangements: Sequence[MeldResult], defender_mask: int, rules: Rules = HOUSE) -> int:
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
