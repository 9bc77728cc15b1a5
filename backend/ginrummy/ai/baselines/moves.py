"""Moves the population's plain styles share: taking or leaving the pile card, and the plain discard."""

from __future__ import annotations

from collections.abc import Sequence

from ginrummy.engine import Action, DiscardOption, View, draw, mask_of, pass_upcard, take_upcard

from ..base import Modelled, Position, position_of


def takes_back(card: int, position: Position) -> bool:
    """Whether ``card`` is one the deciding seat threw earlier in the hand. Such a card is never taken back: two
    players who both take any card that fits would otherwise pass the same few cards to each other forever (the
    stock never shrinks, and the rules set no limit; two Simple players do exactly that in some deals)."""
    return bool(position.thrown >> card & 1)


def draw_move(view: View, player: Modelled) -> Action:
    """Take the pile card if the (deterministic) ``player``'s rule takes it and it is allowed (as the first
    upcard or as a draw), else pass or draw blind."""
    seat = view.seat
    take = view.may_take_pile and player.take_chance(mask_of(view.hand), view.discard_pile[-1], position_of(view)) > 0
    if view.first_upcard:
        return take_upcard(seat) if take else pass_upcard(seat)
    return draw(seat, "discard" if take else "stock")


def plain_discard(options: Sequence[DiscardOption]) -> DiscardOption:
    """The discard leaving the least deadwood; the highest card on ties (it would cost most if caught)."""
    return min(options, key=lambda o: (o.deadwood, -o.card.rank))
