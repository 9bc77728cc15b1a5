"""What the hard player cannot see, sampled from its view: the opponent's hand (leaning to hands as good as a
player who has drawn and discarded this long would hold), the stock in drawing order and how low the opponent
knocks; and from sampled hands, the chance that the opponent can knock after its next draw."""

from __future__ import annotations

import math
import random
from typing import NamedTuple

from ginrummy.engine import View, cached_deadwood, cards_of, least_discard_deadwood_of_mask

from .hand import knock_outs
from .hard_settings import HardSettings
from .knowledge import Knowledge


class World(NamedTuple):
    """One sampled deal of what the seat cannot see."""

    opponent: int
    """The opponent's hand (mask)."""
    stock: list[int]
    """The stock in drawing order."""
    threshold: int
    """The most deadwood the opponent knocks with."""


def sample_opponents(view: View, knowledge: Knowledge, settings: HardSettings, rng: random.Random,
                     wanted: int = 0) -> list[int]:
    """Opponent hands consistent with the view.

    Cards drawn one by one from the inferred chances make hands as loose as a random deal, but a player
    who has drawn and discarded for a while holds a better hand than that: each discard let them keep
    what fits. So candidates are drawn, then resampled with weight ``exp(-tilt * deadwood)``, the tilt
    growing with the opponent's discards this hand: for longer against an opponent who holds for a low
    knock (its hand keeps improving) than against one who knocks at the first chance (its good hands
    ended the hand). A player who has discarded and not knocked most
    likely holds more than it would knock with, so such hands count for little: how little follows the
    model of its knocking (``knowledge.knocking``). And a hand that would not have thrown what the opponent
    just threw is unlikely: each candidate also counts ``exp(-discard_read * regret)`` (``discard_regret``)."""
    wanted = wanted or settings.knock_samples
    opponent_discards = len(view.discards[view.opponent])
    if not opponent_discards:
        return [knowledge.sample_opponent(rng) for _ in range(wanted)]
    limit = view.knock_limit
    knocking = knowledge.knocking
    holding = max(0.0, 1.0 - knocking.expected / limit) if limit else 0.0
    cap = settings.tilt_cap + (settings.holding_tilt_cap - settings.tilt_cap) * holding
    tilt = settings.tilt * min(opponent_discards, cap)
    spared = 1.0 - settings.low_hand_weight
    candidates = [knowledge.sample_opponent(rng) for _ in range(wanted * settings.tilt_pool)]
    thrown = recent_throws(view) if settings.discard_read else ()
    weights = []
    for hand in candidates:
        left = cached_deadwood(hand)
        would_knock = knocking.knock_chance(left) if left <= limit else 0.0
        weight = math.exp(-tilt * left) * (1.0 - spared * would_knock)
        if thrown:
            weight *= math.exp(-settings.discard_read * discard_regret(hand, left, thrown))
        weights.append(weight)
    return rng.choices(candidates, weights, k=wanted)


def recent_throws(view: View) -> tuple[tuple[int, int], ...]:
    """The opponent's latest throws that its hand now pins down, newest first, each as (card thrown, card
    taken from the pile on the turn after it, or -1). The newest throw was made from today's hand plus that
    card. If the opponent's last draw was our discard, the throw before it was made from today's hand less
    that card plus both cards thrown; a stock draw hides which card came in, so the reading ends there."""
    theirs = view.discards[view.opponent]
    if not theirs:
        return ()
    ours = view.discards[view.seat]
    if len(theirs) >= 2 and ours and ours[-1] in view.opponent_known:
        return (theirs[-1], -1), (theirs[-2], ours[-1])
    return ((theirs[-1], -1),)


def discard_regret(hand: int, left: int, thrown: tuple[tuple[int, int], ...]) -> int:
    """How much deadwood ``hand`` (holding ``left``) gave up by the opponent's recent throws (``recent_throws``):
    for each, the deadwood kept less the least that the hand and the card thrown could have kept. 0 for a hand
    that threw its best card each time; a hand that broke a meld to throw scores high."""
    regret = 0
    before = hand
    for card, taken in thrown:
        if taken >= 0:  # the hand one turn earlier: the card taken out, the card thrown since back in
            before = (before & ~(1 << taken)) | 1 << thrown[0][0]
            left = cached_deadwood(before)
        regret += left - least_discard_deadwood_of_mask(before | 1 << card)
    return regret


def worlds(view: View, knowledge: Knowledge, settings: HardSettings, rng: random.Random) -> list[World]:
    """Sampled deals of what we cannot see: the opponent's hand, the stock in drawing order, and the
    opponent's knocking threshold."""
    worlds = []
    for opponent in sample_opponents(view, knowledge, settings, rng):
        stock: list[int] = list(cards_of(knowledge.unseen & ~opponent))
        rng.shuffle(stock)
        worlds.append(World(opponent, stock, knowledge.knocking.sample(rng)))
    return worlds


def knock_hazard(view: View, knowledge: Knowledge, settings: HardSettings, rng: random.Random) -> float:
    """Chance the opponent can knock after drawing a stock card, over hands sampled from the view."""
    hands = sample_opponents(view, knowledge, settings, rng, settings.hazard_samples)
    limit = view.knock_limit
    total = 0.0
    for opponent in hands:
        cards = cards_of(knowledge.unseen & ~opponent)
        if not cards:
            continue
        threshold = min(limit, knowledge.knocking.sample(rng))
        total += knock_outs(opponent, cards, threshold) / len(cards)
    return total / len(hands)
