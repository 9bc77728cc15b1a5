"""Provably fair deals: a commitment to each hand's deck, published before play and checkable after.

Before any card is played a seat sees ``commitment`` = SHA-256 of the hand's
salt and the whole shuffled deck. When the hand is over the view reveals the
deck and the salt; anyone can recompute the hash and check that it matches, so
the deck cannot have been changed while the hand was played.

The daily deal (one match a UTC day, the same deals for everyone) is dealt from the day's seed as a match's
seed, and committed to as a whole: ``day_commitment`` is shown all day, the seed once the day has ended.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable

from .cards import Card, parse_cards
from .errors import InvalidCardError


def deck_salt(seed: int, hand_number: int) -> str:
    """The secret salt of a hand (128 bits, hex), derived from the match seed, which is never shown in play."""
    return hmac.new(str(seed).encode(), f"salt:{hand_number}".encode(), hashlib.sha256).hexdigest()[:32]


def commitment(deck: Iterable[Card], salt: str) -> str:
    """SHA-256 (hex) of ``salt``, a colon, and the deck's codes separated by spaces: ``<salt>:7H AS ...``."""
    text = salt + ":" + " ".join(card.code for card in deck)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def verify_deal(deck: str | Iterable[str], salt: str, expected: str) -> bool:
    """True when a revealed deck and salt hash to the commitment that was shown before play.

    The deck must be all 52 cards, each once.
    """
    try:
        cards = parse_cards(deck)
    except InvalidCardError:  # an unknown or repeated card: not the deck that was committed to
        return False
    if len(cards) != 52:
        return False
    return hmac.compare_digest(commitment(cards, salt), expected.strip().lower())


def day_commitment(day: str, seed: int) -> str:
    """SHA-256 (hex) of the text ``ginrummy-daily:<YYYY-MM-DD>:<seed in decimal>``: the daily deal's commitment."""
    return hashlib.sha256(f"ginrummy-daily:{day}:{seed}".encode("ascii")).hexdigest()


def verify_day(day: str, seed: int, expected: str) -> bool:
    """True when a day's revealed seed hashes to the commitment shown during the day."""
    return hmac.compare_digest(day_commitment(day, seed), expected.strip().lower())
