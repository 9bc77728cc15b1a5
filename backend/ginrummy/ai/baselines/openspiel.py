"""OpenSpiel's simple Gin Rummy bot as a benchmark opponent (``pip install -e '.[bench]'``).

Each hand is mirrored into a ``pyspiel`` gin_rummy state: the deal as chance
actions (OpenSpiel's player 0 is always the starter: the starter's 10 cards, the
other's 10, then the upcard), then every move as it happens. The arena tells
this player the deal and the moves (``mirrors_deal``) because the mirror needs
them to stay a legal OpenSpiel state; the bot itself reads only its own seat's
observation tensor from that state, which hides the other hand and the stock.

Card ids in OpenSpiel are ``suit * 13 + rank`` with suits in the order s, c, d, h
and the Ace as rank 0. Take upcard = 52, draw stock = 53 (followed by the drawn
card as a chance action), pass = 54, a discard = the card id, knock = 55 (the
bot then names its discard). Our rules forbid discarding the card just taken
from the pile; the rare time the bot tries, it gets the least-deadwood legal
discard instead (and a knock that no longer holds becomes a plain discard).
"""

from __future__ import annotations

import random
from typing import Any

from ginrummy.engine import (
    Action,
    ActionKind,
    Card,
    Event,
    EventKind,
    HandState,
    View,
    discard,
    draw,
    knock,
    pass_upcard,
    take_upcard,
)

TAKE_UPCARD, DRAW_STOCK, PASS, KNOCK = 52, 53, 54, 55
_OUR_SUIT_TO_OPENSPIEL = {0: 1, 1: 2, 2: 3, 3: 0}  # ours: clubs, diamonds, hearts, spades
_OPENSPIEL_SUIT_TO_OURS = {v: k for k, v in _OUR_SUIT_TO_OPENSPIEL.items()}


def to_openspiel(card: int) -> int:
    return _OUR_SUIT_TO_OPENSPIEL[card // 13] * 13 + card % 13


def from_openspiel(card_id: int) -> Card:
    return Card.of(card_id % 13, _OPENSPIEL_SUIT_TO_OURS[card_id // 13])


class OpenSpielPlayer:
    name = "openspiel"
    mirrors_deal = True

    def __init__(self, rng: random.Random) -> None:
        import pyspiel  # an optional extra: only this benchmark needs it

        self.rng = rng
        self.pyspiel = pyspiel
        self.game = pyspiel.load_game("gin_rummy")
        self.state: Any = None
        self.bot: Any = None
        self.substitutions = 0

    # --- mirroring ------------------------------------------------------------------------------------------

    def begin_hand(self, hand: HandState, seat: int) -> None:
        self.seat = seat
        state = self.game.new_initial_state()
        for card in hand.deck[:21]:
            state.apply_action(to_openspiel(card))
        self.state = state
        me = 0 if seat == hand.starter else 1
        self.bot = self.pyspiel.make_simple_gin_rummy_bot(self.game.get_parameters(), me)
        self.bot.restart()

    def observe(self, action: Action, events: list[Event]) -> None:
        """Apply one of our moves (with the events it caused, drawn cards included) to the mirror."""
        state = self.state
        if state is None or state.is_terminal():
            return
        kind = action.kind
        if kind in (ActionKind.KNOCK, ActionKind.BIG_GIN, ActionKind.NEXT_HAND):
            self.state = None  # the hand is over; the next deal starts a new mirror
            return
        if kind == ActionKind.TAKE_UPCARD or (kind == ActionKind.DRAW and action.source == "discard"):
            state.apply_action(TAKE_UPCARD)
        elif kind == ActionKind.PASS:
            state.apply_action(PASS)
        elif kind == ActionKind.DRAW:
            drawn = next(e.card for e in events if e.kind == EventKind.DREW and e.card is not None)
            state.apply_action(DRAW_STOCK)
            state.apply_action(to_openspiel(drawn))
        elif kind == ActionKind.DISCARD:
            assert action.card is not None
            state.apply_action(to_openspiel(action.card))
        if any(e.kind == EventKind.HAND_ENDED for e in events):
            self.state = None

    # --- deciding -------------------------------------------------------------------------------------------

    def choose(self, view: View) -> Action:
        seat = view.seat
        kinds = {a.kind for a in view.legal_actions}
        if ActionKind.NEXT_HAND in kinds:
            return Action(ActionKind.NEXT_HAND, seat)
        state = self.state
        if state is None or state.is_terminal() or state.is_chance_node():
            return self._fallback(view)
        choice = self.bot.step(state)
        if choice == TAKE_UPCARD:
            return take_upcard(seat) if ActionKind.TAKE_UPCARD in kinds else draw(seat, "discard")
        if choice == DRAW_STOCK:
            return draw(seat, "stock")
        if choice == PASS:
            return pass_upcard(seat)
        if choice == KNOCK:
            clone = state.clone()
            clone.apply_action(KNOCK)
            card = from_openspiel(self.bot.step(clone))
            self.bot.restart()
            return self._legal_discard(view, card, wants_knock=True)
        return self._legal_discard(view, from_openspiel(choice), wants_knock=False)

    def _legal_discard(self, view: View, card: Card, wants_knock: bool) -> Action:
        seat = view.seat
        if card == view.taken_card:
            self.substitutions += 1
            options = [o for o in view.discard_options if o.card != view.taken_card]
            card = min(options, key=lambda o: o.deadwood).card
        option = next(o for o in view.discard_options if o.card == card)
        if wants_knock and option.can_knock:
            return knock(seat, card)
        return discard(seat, card)

    def _fallback(self, view: View) -> Action:
        """Should the mirror ever disagree with the game, play the least-deadwood move."""
        seat = view.seat
        kinds = {a.kind for a in view.legal_actions}
        if ActionKind.TAKE_UPCARD in kinds:
            return pass_upcard(seat)
        if ActionKind.DRAW in kinds:
            return draw(seat, "stock")
        best = min((o for o in view.discard_options if o.card != view.taken_card), key=lambda o: o.deadwood)
        return self._legal_discard(view, best.card, wants_knock=True)

