"""Cards, ranks and suits, and the text codes players type and read.

A card is a small int (``suit * 13 + rank``, Ace = rank 0) so that hands can be
held as bitmasks and compared, hashed and sorted for free. ``Card`` subclasses
``int`` to add names and codes without giving that up.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TypeAlias

from .errors import InvalidCardError

RANK_CODES = "A23456789TJQK"
"""Rank letters in rank order; Ace is low (rank 0) because aces only make A-2-3 runs."""

SUIT_CODES = "CDHS"
"""Suit letters in suit order: clubs, diamonds, hearts, spades."""

SUIT_SYMBOLS = "♣♦♥♠"
RANK_NAMES = ("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
              "jack", "queen", "king")
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")

RANK_VALUES = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
"""Deadwood value by rank: Ace 1, number cards their number, face cards 10."""


class Card(int):
    """One of the 52 cards, as its index ``suit * 13 + rank``."""

    __slots__ = ()

    def __new__(cls, index: int) -> Card:
        if not 0 <= index < 52:
            raise InvalidCardError(f"card index {index} is not in 0..51")
        return CARDS[index] if len(CARDS) == 52 else super().__new__(cls, index)

    @classmethod
    def of(cls, rank: int, suit: int) -> Card:
        """The card of ``rank`` (0 = Ace .. 12 = King) and ``suit`` (0 = clubs .. 3 = spades)."""
        return CARDS[suit * 13 + rank]

    @property
    def rank(self) -> int:
        """0 for Ace up to 12 for King."""
        return self % 13

    @property
    def suit(self) -> int:
        """0 clubs, 1 diamonds, 2 hearts, 3 spades."""
        return self // 13

    @property
    def value(self) -> int:
        """What the card counts as deadwood."""
        return RANK_VALUES[self % 13]

    @property
    def code(self) -> str:
        """Two-letter code such as ``7H`` or ``TD``."""
        return CODES[self]

    @property
    def symbol(self) -> str:
        """Display form with the suit symbol, such as ``7♥`` or ``10♦``."""
        rank = "10" if self % 13 == 9 else RANK_CODES[self % 13]
        return rank + SUIT_SYMBOLS[self // 13]

    @property
    def name(self) -> str:
        """Spoken name, such as ``seven of hearts``."""
        return f"{RANK_NAMES[self % 13]} of {SUIT_NAMES[self // 13]}"

    @property
    def bit(self) -> int:
        return 1 << self

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code})"


CODES = tuple(RANK_CODES[i % 13] + SUIT_CODES[i // 13] for i in range(52))
CARDS: tuple[Card, ...] = ()
CARDS = tuple(Card(i) for i in range(52))
DECK: tuple[Card, ...] = CARDS
"""All 52 cards in index order."""

_CODE_RE = re.compile(r"^(10|[A2-9TJQK])([CDHS♣♦♥♠])$", re.IGNORECASE)
_SUIT_INDEX = {**{c: i for i, c in enumerate(SUIT_CODES)}, **{s: i for i, s in enumerate(SUIT_SYMBOLS)}}


def parse_card(code: str) -> Card:
    """Parse one card code: ``7H``, ``TD`` or ``10D``, ``as`` (any case), or ``7♥``."""
    if not isinstance(code, str):
        raise InvalidCardError(f"a card code must be text, not {type(code).__name__}")
    match = _CODE_RE.match(code.strip())
    if match is None:
        raise InvalidCardError(f"{code!r} is not a card; write a rank (A 2-9 T/10 J Q K) and a suit (C D H S)")
    rank_text, suit_text = match.group(1).upper(), match.group(2).upper()
    rank = 9 if rank_text == "10" else RANK_CODES.index(rank_text)
    return CARDS[_SUIT_INDEX[suit_text] * 13 + rank]


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse card codes separated by spaces or commas (or an iterable of codes); duplicates are an error."""
    codes = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    cards = [parse_card(code) for code in codes]
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise InvalidCardError(f"{card.code} appears more than once")
        seen.add(card)
    return cards


def format_cards(cards: Iterable[Card], symbols: bool = False) -> str:
    """Cards as a space-separated string of codes (or of symbols when asked)."""
    return " ".join(card.symbol if symbols else card.code for card in cards)


CardMask: TypeAlias = int
"""A set of cards as a 52-bit int: bit ``i`` is set when the card of index ``i`` (``suit * 13 + rank``) is in the
set, so ``mask_of`` and ``cards_of`` convert, ``mask >> card & 1`` asks whether a card is held, ``mask | 1 << card``
adds one, and ``|``, ``&``, ``~`` are union, intersection and complement. A plain int under a name (not a class):
the meld search and the computer players do millions of these operations, at the speed of int arithmetic."""


def mask_of(cards: Iterable[int]) -> CardMask:
    """The 52-bit set of ``cards``."""
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_of(mask: CardMask) -> list[Card]:
    """The cards in a 52-bit set, in index order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(CARDS[low.bit_length() - 1])
        mask ^= low
    return out


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards))
