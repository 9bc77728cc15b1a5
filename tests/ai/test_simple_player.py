"""The simple player's test for a card worth taking, by bitmask, against the plain definition."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ginrummy.ai.hand import joins_a_meld


def plainly_joins(card: int, hand: list[int]) -> bool:
    """Two more of its rank, or two suited neighbours that make three in a row with it."""
    rank, suit = card % 13, card // 13
    if sum(1 for c in hand if c % 13 == rank) >= 2:
        return True
    suited = {c % 13 for c in hand if c // 13 == suit}
    return any({rank + a, rank + b} <= suited for a, b in ((-2, -1), (-1, 1), (1, 2)))


@settings(max_examples=1000, deadline=None)
@given(st.permutations(range(52)), st.integers(0, 11))
def test_joins_a_meld_is_a_set_or_a_run_of_three_with_the_hand(deck: list[int], size: int) -> None:
    card, hand = deck[0], deck[1:size + 1]
    assert joins_a_meld(card, sum(1 << c for c in hand)) == plainly_joins(card, hand)
