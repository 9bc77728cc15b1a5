"""Dealing: a new match, and the deck, the hands and the starter of each of its hands, all from the seed."""

from __future__ import annotations

import random

from .cards import CARDS, Card
from .errors import InvalidInputError
from .rules import HOUSE, Rules, knock_limit_for
from .scoring import opening_games
from .state import HAND_SIZE, GameState, HandState, Phase

MAX_SEED = 2**128 - 1
"""Seeds are 128-bit so that nobody can search for the seed behind a deal's commitment."""


_SHUFFLE_STEPS = tuple((i, i + 1, (i + 1).bit_length()) for i in range(len(CARDS) - 1, 0, -1))
"""Per swap of the shuffle: the position, how many cards it picks among, and the random bits drawn per try."""


def _shuffled_deck(seed: int, number: int) -> tuple[Card, ...]:
    """The deck of hand ``number`` of the match with ``seed``.

    String seeds are hashed with SHA-512 by ``random``, so every deal is reproducible from the seed alone. The
    shuffle is Python 3.11's ``random.shuffle`` (Fisher-Yates, each pick by rejection from ``getrandbits``),
    written out here so that deals never change with the Python version (and the shuffle takes half the time).
    """
    deck = list(CARDS)
    getrandbits = random.Random(f"ginrummy:{seed}:hand:{number}").getrandbits
    for i, choices, bits in _SHUFFLE_STEPS:
        j = getrandbits(bits)
        while j >= choices:
            j = getrandbits(bits)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def deal(rules: Rules, seed: int, number: int, starter: int) -> HandState:
    """Hand ``number`` of a match with ``seed``: the starter's 10 cards, the other's 10, the upcard, the stock."""
    deck = _shuffled_deck(seed, number)
    other = 1 - starter
    hands: list[tuple[Card, ...]] = [(), ()]
    hands[starter] = tuple(sorted(deck[:HAND_SIZE]))
    hands[other] = tuple(sorted(deck[HAND_SIZE:2 * HAND_SIZE]))
    upcard = deck[2 * HAND_SIZE]
    return HandState(
        number=number,
        starter=starter,
        deck=deck,
        hands=(hands[0], hands[1]),
        stock=deck[2 * HAND_SIZE + 1:],
        discard=(upcard,),
        phase=Phase.FIRST_UPCARD,
        turn=starter,
        knock_limit=knock_limit_for(rules, upcard.rank),
    )


def starter_of(state: GameState, number: int) -> int:
    """Who starts hand ``number`` of ``state``'s match: the match's first starter, then the players in turn."""
    return state.first_starter if number % 2 == 1 else 1 - state.first_starter


def new_game(rules: Rules = HOUSE, seed: int | None = None) -> GameState:
    """A new match; the first hand is dealt and the starter (chosen from the seed) is to act."""
    if seed is None:
        seed = random.SystemRandom().randrange(MAX_SEED)
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise InvalidInputError(f"seed must be a whole number from 0 to {MAX_SEED}", code="invalid_seed")
    first_starter = random.Random(f"ginrummy:{seed}:starter").randrange(2)
    return GameState(rules=rules, seed=seed, first_starter=first_starter,
                     hand=deal(rules, seed, 1, first_starter), games=opening_games(rules))
