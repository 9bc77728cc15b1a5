"""The chances a hint states, from the person's view and a model of the opponent's public policy.

Three questions, each asked where the hint's move makes it matter:

- stock helps (at a draw, while the stock lasts): the chance that the next stock card lowers the person's
  least deadwood. The stock card is one of the unseen cards the opponent does not hold (``knowledge``).
- opponent knocks (at a plain discard, when the opponent gets a next turn): the chance that the opponent knocks
  (or goes Gin) on its next turn. Over opponent hands sampled from the view, the opponent's model
  (``policies.model_of``) says whether it takes the discard from the pile and, for the pile card or for each
  stock card it might draw, whether it knocks with what it then holds.
- undercut (at a knock with deadwood): the chance that the knock is undercut, layoffs included, over sampled
  opponent hands.

The opponent hands are sampled as the hard player samples them (``HardPlayer.sample_opponents``): from the
inferred chances of each card, leaning to better hands as the opponent discards, and away from hands it would
have knocked with. Against a modelled computer that last part follows the computer's own knock rule; against
anyone else, the knocking read from the match (``opponent.read_knocking``). Only the view and the opponent's
public policy go in: never its cards. The chances here are raw estimates; a hint reports them through
``calibration.calibrated(question, raw, opponent)``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from ginrummy.engine import (
    STOCK_FLOOR,
    Action,
    ActionKind,
    CardMask,
    View,
    cached_deadwood,
    cards_of,
    knock_points,
    mask_of,
    optimal_arrangements_of_mask,
)

from .base import Modelled, Position
from .hand import FULL_DECK, deadwood_after_taking, draw_outcomes
from .hand_value import stock_odds
from .hard import HardPlayer
from .knowledge import Knowledge, infer
from .policies import knock_model, model_of

QUESTIONS = ("undercut", "opponent knocks", "stock helps")
FIELDS = {"undercut": "undercut", "opponent knocks": "opponent_knocks", "stock helps": "stock_helps"}
"""Each question's name in an API answer (``HintResponse.chances``)."""
SAMPLES = 24
"""Opponent hands sampled for a chance."""


def questions_for(view: View, action: Action) -> list[str]:
    """The questions a hint suggesting ``action`` in ``view`` answers (none, or one)."""
    kind = action.kind
    if view.drawing:
        return ["stock helps"] if view.stock_count else []
    if kind == ActionKind.DISCARD and view.stock_count > STOCK_FLOOR:
        return ["opponent knocks"]
    if kind == ActionKind.KNOCK:
        option = next(o for o in view.discard_options if o.card == action.card)
        return [] if option.gin else ["undercut"]
    return []


def raw_chances(view: View, action: Action, opponent: str | None, rng: random.Random) -> dict[str, float]:
    """The raw estimate of each question the hint answers, against the computer named ``opponent`` (None: an
    opponent the hint cannot model, such as a person)."""
    asked = questions_for(view, action)
    if not asked:
        return {}
    knowledge = infer(view)
    model = model_of(opponent)
    if model is not None:
        knowledge = replace(knowledge, knocking=knock_model(model, last_position(view)))
    question = asked[0]
    if question == "stock helps":
        return {question: stock_help_chance(knowledge)}
    assert action.card is not None
    hands = HardPlayer(rng).sample_opponents(view, knowledge, SAMPLES)
    if question == "undercut":
        return {question: undercut_chance(mask_of(view.hand) & ~(1 << action.card), hands, view)}
    return {question: opponent_knock_chance(view, knowledge, action.card, model, hands)}


def stock_help_chance(knowledge: Knowledge) -> float:
    """Chance that a card drawn from the stock now lowers our least deadwood (a 10-card hand)."""
    odds = stock_odds(knowledge, knowledge.probabilities())
    if not odds.weight:
        return 0.0
    base = cached_deadwood(knowledge.mine)
    helps = sum(c for c, left in zip(odds.chances, draw_outcomes(knowledge.mine, odds.cards), strict=True)
                if left < base)
    return helps / odds.weight


def undercut_chance(mine: CardMask, hands: Sequence[int], view: View) -> float:
    """Chance that knocking with the 10 cards ``mine`` is undercut by the sampled opponent ``hands``, smoothed
    by half a sample each way (a few dozen samples can miss an undercut that can happen)."""
    arrangements = optimal_arrangements_of_mask(mine)
    undercuts = sum(1 for hand in hands if knock_points(arrangements, hand, view.rules) < 0)
    return (undercuts + 0.5) / (len(hands) + 1)


class ReadKnocking:
    """An opponent the hint cannot model: it knocks as the match has shown (``knowledge.knocking``), and takes
    the pile card when it fits a meld or lowers its deadwood."""

    def __init__(self, knowledge: Knowledge) -> None:
        self.knocking = knowledge.knocking

    def take_chance(self, hand: CardMask, card: int, position: Position) -> float:
        return 1.0 if deadwood_after_taking(hand, card) < cached_deadwood(hand) else 0.0

    def knock_chance(self, deadwood: int, position: Position) -> float:
        return self.knocking.knock_chance(deadwood) if deadwood <= position.knock_limit else 0.0


def last_position(view: View) -> Position:
    """Roughly the position of the opponent's last decision: a draw earlier, with the card we drew since in
    the stock (what the sampled hands' weighting by its knock rule reads)."""
    drawn = 0 if view.drawing else 1
    return next_position(view, 0, -1)._replace(draws=max(0, view.draws - drawn),
                                               stock_count=view.stock_count + drawn)


def next_position(view: View, opponent_hand: CardMask, thrown: int) -> Position:
    """The opponent's position on its next turn after we throw ``thrown`` (-1: before any throw), holding
    ``opponent_hand`` (before its draw), as it knows it."""
    ours_known = mask_of(view.pile_takes[view.seat]) & mask_of(view.hand)
    pile = mask_of(view.discard_pile)
    if thrown >= 0:
        ours_known &= ~(1 << thrown)
        pile |= 1 << thrown
    unseen = FULL_DECK & ~(opponent_hand | pile | ours_known)
    return Position(view.draws + 1, view.stock_count, view.knock_limit, len(view.pile_takes[view.seat]),
                    mask_of(view.discards[view.opponent]), unseen)


def opponent_knock_chance(view: View, knowledge: Knowledge, thrown: int, model: Modelled | None,
                          hands: Sequence[int]) -> float:
    """Chance the opponent knocks on its next turn after we throw ``thrown``, over the sampled ``hands``: for
    each, the chance it takes the card and knocks with what that leaves, plus the chance it draws from the stock
    times the share of stock cards it would knock after."""
    policy: Modelled = model if model is not None else ReadKnocking(knowledge)
    limit = view.knock_limit
    total = 0.0
    stock_knocks: list[float] | None = None
    for hand in hands:
        position = next_position(view, hand, thrown)
        if stock_knocks is None:  # the same for every hand: the position's public facts do not depend on it
            after_stock = position._replace(stock_count=view.stock_count - 1)
            stock_knocks = [policy.knock_chance(d, after_stock) for d in range(limit + 1)]
        takes = policy.take_chance(hand, thrown, position)
        chance = 0.0
        if takes:
            after = deadwood_after_taking(hand, thrown)
            chance += takes * (policy.knock_chance(after, position) if after <= limit else 0.0)
        if takes < 1.0:
            stock = cards_of(knowledge.unseen & ~hand)
            if stock:
                knocks = sum(stock_knocks[d] for d in draw_outcomes(hand, stock) if d <= limit)
                chance += (1.0 - takes) * knocks / len(stock)
        total += chance
    return total / len(hands)
