"""CFR knock: a player whose knock timing is an equilibrium strategy learned by counterfactual regret minimisation.

The strong published EAAI-2021 agent learned *when* to knock by CFR over an abstracted knock decision; this is
our own version of that idea, a member of the opponent population. Its draws and discards are sound
heuristics, close to the medium level's:

- take the pile card if it joins a meld, or if it lowers the deadwood to a knock (never a card this seat
  threw earlier in the hand, so that two such players cannot pass the same cards back and forth forever);
- throw the card leaving the least deadwood; among those, the one keeping the most cards that would let it
  knock next turn, then the highest.

Gin always goes down. Any other legal knock is decided by a trained table: the abstract state is the deadwood
after the knock discard (1–10), how far the hand has gone (a bucket of draws by both players so far) and what
the opponent's play says (how many cards it has taken from the pile this hand: 0, 1, 2 or more), and the table
holds the probability of knocking there, the average strategy of self-play regret matching
(``ai/train_knock.py``, ``gin-rummy train-knock``). The player samples that mixed strategy with its random
stream.

The draw and discard rules are written on card masks here, so that training plays exactly the same moves.
"""

from __future__ import annotations

import json
import random
from functools import cache
from importlib import resources
from typing import Any

from ginrummy.engine import (
    CARDS,
    RANK_VALUES,
    Action,
    CardMask,
    View,
    cached_deadwood,
    cached_discard_deadwoods,
    discard,
    draw,
    knock,
    mask_of,
    pass_upcard,
    take_upcard,
)

from ..base import Position, position_of
from ..hand import deadwood_after_taking, joins_a_meld, knock_outs

TABLE_FILE = "cfr_knock.json"
"""The trained table, next to this module in the package."""

TURN_BUCKETS = ("0-5", "6-11", "12-17", "18+")
"""How far the hand has gone, in draws by both players so far (the current one included)."""
TURN_BUCKET_SIZE = 6
TAKE_BUCKETS = ("0", "1", "2+")
"""How many cards the opponent has taken from the discard pile this hand."""
DEADWOODS = range(1, 11)
"""The deadwood a knock can keep (1 up to the house knock limit; Gin is not a decision)."""


def turn_bucket(draws: int) -> int:
    """Index in ``TURN_BUCKETS`` of a position ``draws`` draws into the hand."""
    return min(draws // TURN_BUCKET_SIZE, len(TURN_BUCKETS) - 1)


def take_bucket(takes: int) -> int:
    """Index in ``TAKE_BUCKETS`` of an opponent that has taken ``takes`` cards from the pile."""
    return min(takes, len(TAKE_BUCKETS) - 1)


def state_key(deadwood: int, draws: int, opponent_takes: int) -> str:
    """The abstract knock state's name in the table, e.g. ``d3 t6-11 o1``."""
    return f"d{deadwood} t{TURN_BUCKETS[turn_bucket(draws)]} o{TAKE_BUCKETS[take_bucket(opponent_takes)]}"


def all_state_keys() -> list[str]:
    """Every abstract knock state, in the table's order."""
    return [f"d{d} t{t} o{o}" for d in DEADWOODS for t in TURN_BUCKETS for o in TAKE_BUCKETS]


def wants_pile_card(hand: int, top: int, knock_limit: int) -> bool:
    """Whether a 10-card ``hand`` takes ``top`` from the pile: it joins a meld, or taking it lowers the
    deadwood to a knock. (Merely staying within the knock limit is no reason: a player that plays on would
    take nearly every low card, showing the opponent what it collects for no gain.)"""
    if joins_a_meld(top, hand):
        return True
    after = deadwood_after_taking(hand, top)
    return after <= knock_limit and after < cached_deadwood(hand)


def choose_discard(hand: int, taken: int, unseen: int, knock_limit: int) -> tuple[int, int]:
    """(deadwood left, card) to throw from an 11-card ``hand``, never ``taken`` (-1: nothing taken).

    The least deadwood first; among equal discards, the one that keeps the most of the ``unseen`` cards
    (a mask: cards that may still be drawn) letting the hand knock next turn, then the highest card, then the
    lowest-numbered card.
    """
    options = sorted((left, card) for card, left in cached_discard_deadwoods(hand).items() if card != taken)
    least = options[0][0]
    tied = [card for left, card in options if left == least]
    if len(tied) == 1:
        return least, tied[0]
    cards = [c for c in range(52) if unseen >> c & 1]
    best = min(tied, key=lambda c: (-knock_outs(hand & ~(1 << c), cards, knock_limit), -RANK_VALUES[c % 13], c))
    return least, best


@cache
def load_table() -> dict[str, float]:
    """The committed table: probability of knocking per abstract state."""
    data: dict[str, Any] = json.loads(resources.files(__package__).joinpath(TABLE_FILE).read_text())
    return {key: float(value) for key, value in data["knock_probability"].items()}


class CfrKnockPlayer:
    name = "cfr"

    def __init__(self, rng: random.Random, table: dict[str, float] | None = None) -> None:
        self.rng = rng
        self.table = load_table() if table is None else table

    def take_chance(self, hand: CardMask, card: int, position: Position) -> float:
        thrown_before = position.thrown >> card & 1
        return 1.0 if not thrown_before and wants_pile_card(hand, card, position.knock_limit) else 0.0

    def knock_chance(self, deadwood: int, position: Position) -> float:
        """How often it knocks with ``deadwood`` left: always with Gin, never above the limit, else as the
        table says for the position."""
        if deadwood == 0:
            return 1.0
        if deadwood > position.knock_limit:
            return 0.0
        return self.table[state_key(deadwood, position.draws, position.their_takes)]

    def choose(self, view: View) -> Action:
        seat = view.seat
        if view.routine is not None:
            return view.routine
        hand = mask_of(view.hand)
        position = position_of(view)
        if view.drawing:
            take = view.may_take_pile and self.take_chance(hand, view.discard_pile[-1], position) > 0
            if view.first_upcard:
                return take_upcard(seat) if take else pass_upcard(seat)
            return draw(seat, "discard" if take else "stock")
        taken = -1 if view.taken_card is None else int(view.taken_card)
        left, card = choose_discard(hand, taken, position.unseen, view.knock_limit)
        thrown = CARDS[card]
        if left <= view.knock_limit and (left == 0 or self.rng.random() < self.knock_chance(left, position)):
            return knock(seat, thrown)
        return discard(seat, thrown)


def make_cfr(rng: random.Random) -> CfrKnockPlayer:
    """The cfr player with the committed table."""
    return CfrKnockPlayer(rng)
