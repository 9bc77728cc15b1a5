"""Moves the population's plain styles share: taking or leaving the pile card, and the plain discard."""

from __future__ import annotations

from collections.abc import Sequence

from ginrummy.engine import Action, DiscardOption, View, draw, pass_upcard, take_upcard


def draw_move(view: View, wants_pile_card: bool) -> Action:
    """Take the pile card if wanted and allowed (as the first upcard or as a draw), else pass or draw blind.

    A card this seat threw earlier in the hand is never taken back: two players who both take any card that
    fits would otherwise pass the same few cards to each other forever (the stock never shrinks, and the
    rules set no limit; two Simple players do exactly that in some deals).
    """
    seat = view.seat
    take = wants_pile_card and view.may_take_pile and view.discard_pile[-1] not in view.discards[seat]
    if view.first_upcard:
        return take_upcard(seat) if take else pass_upcard(seat)
    return draw(seat, "discard" if take else "stock")


def plain_discard(options: Sequence[DiscardOption]) -> DiscardOption:
    """The discard leaving the least deadwood; the highest card on ties (it would cost most if caught)."""
    return min(options, key=lambda o: (o.deadwood, -o.card.rank))
