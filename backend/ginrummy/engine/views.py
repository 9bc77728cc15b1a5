"""What one seat may know: the only road from a game state to a player, a client or the computer.

A view holds the seat's own hand, the public table (discard pile, stock count,
which cards each player took from the pile or threw), the score sheet, the
seat's legal actions, and, once a hand is over, both hands and the scoring.
It never holds the opponent's unrevealed cards or the order of the stock.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .actions import Action, ActionKind, Event
from .cards import Card
from .dealing import deal, starter_of
from .errors import IllegalActionError
from .fairness import commitment, deck_salt
from .legality import legal_actions
from .meld_search import discard_deadwoods
from .melds import best_melds
from .rules import HOUSE, Rules
from .state import GameState, HandResult, HandState, HandSummary, HollywoodGame, Phase
from .wire import Seat, decoder, encoder


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """What discarding ``card`` would leave, for a seat holding 11 cards."""

    card: Card
    """A card you might discard."""
    deadwood: int
    """Your deadwood after discarding it."""
    can_knock: bool
    """Whether you may knock with this discard."""
    gin: bool
    """Whether this discard leaves Gin."""

    def to_json(self) -> dict[str, Any]:
        return encoder(DiscardOption)(self)


@dataclass(frozen=True, slots=True)
class RevealedHand:
    """A seat's cards at the end of a hand, shown to both players."""

    cards: tuple[Card, ...]
    """The seat's cards at the end of the hand."""
    melds: tuple[tuple[Card, ...], ...]
    """Their least-deadwood melds."""
    deadwood_cards: tuple[Card, ...]
    """The cards outside those melds."""
    deadwood: int
    """Their deadwood."""

    def to_json(self) -> dict[str, Any]:
        return encoder(RevealedHand)(self)


@dataclass(frozen=True, slots=True)
class View:
    """Everything ``seat`` may know about the match, and nothing else: never the other seat's cards or the
    stock's order before a showdown. Seats are numbers (0, 1) as everywhere in a game: ``seat`` is yours."""

    seat: Seat
    """Your seat: 0 if you created the game, 1 if you joined it (or are the computer)."""
    rules: Rules
    """The match's rules."""
    hand_number: int
    """The hand being played, from 1."""
    starter: Seat
    """Who has (or had) the first choice of this hand's first upcard."""
    phase: Phase
    """first_upcard: the first upcard is offered; draw, discard: a turn's two steps; hand_over, match_over."""
    turn: Seat | None
    """Who is to act; null when the hand or the match is over."""
    knock_limit: int
    """Most deadwood you may knock with in this hand."""
    hand: tuple[Card, ...]
    """Your cards."""
    melds: tuple[tuple[Card, ...], ...]
    """Your least-deadwood melds."""
    deadwood_cards: tuple[Card, ...]
    """Your cards outside those melds."""
    deadwood: int
    """Your deadwood."""
    discard_options: tuple[DiscardOption, ...]
    """With eleven cards: what each discard leaves, and whether it may knock or make Gin."""
    taken_card: Card | None
    """The card you just took from the discard pile: you may not discard it this turn."""
    opponent_card_count: int
    """How many cards the other player holds."""
    stock_count: int
    """Cards left in the stock."""
    discard_pile: tuple[Card, ...]
    """Bottom to top; the last card is the one that may be taken."""
    upcard: Card
    """This hand's FIRST upcard, the card turned up at the deal (not the pile's top now: that is the last of
    discard_pile)."""
    draws: int
    """Draws made in this hand so far, by both players."""
    passed: tuple[Seat, ...]
    """Seats that passed the first upcard, in order."""
    pile_takes: tuple[tuple[Card, ...], tuple[Card, ...]]
    """Per seat, the cards taken from the discard pile this hand."""
    discards: tuple[tuple[Card, ...], tuple[Card, ...]]
    """Per seat, the cards discarded this hand, in order."""
    opponent_known: tuple[Card, ...]
    """Cards the other player took from the pile and has not thrown since: known to be in its hand."""
    legal_actions: tuple[Action, ...]
    """Every move you may make now; post one back as it is (POST /api/games/{id}/actions)."""
    scores: tuple[int, int]
    """The running scores, by seat."""
    final_scores: tuple[int, int]
    """The scores with end-of-match bonuses once the match is over (traditional scoring), by seat."""
    hands_won: tuple[int, int]
    """Hands won, by seat."""
    games: tuple[HollywoodGame, ...]
    """Hollywood scoring: the games scored at once (empty under other scoring)."""
    history: tuple[HandSummary, ...]
    """Every hand that has ended, in order."""
    winner: Seat | None
    """Who won the match; null until it is over."""
    result: HandResult | None
    """How this hand ended, once it is over."""
    revealed: tuple[RevealedHand, RevealedHand] | None
    """Both hands, by seat, once this hand is over."""
    commitment: str
    """SHA-256 of this hand's salt and shuffled deck, shown from the first view of the hand."""
    deck: tuple[Card, ...] | None
    """The whole deck as dealt, once the hand is over (to check the commitment)."""
    salt: str | None
    """The hand's secret salt, once the hand is over."""

    @property
    def opponent(self) -> int:
        return 1 - self.seat

    @property
    def my_turn(self) -> bool:
        return self.turn == self.seat

    # --- the questions a player asks of its view, answered once here

    def offers(self, kind: ActionKind) -> bool:
        """Whether an action of ``kind`` is legal for this seat now."""
        return any(a.kind == kind for a in self.legal_actions)

    def offered(self, kind: ActionKind) -> Action | None:
        """The first legal action of ``kind``, if any (for kinds with one action: next hand, Big Gin)."""
        return next((a for a in self.legal_actions if a.kind == kind), None)

    @property
    def routine(self) -> Action | None:
        """The move no player thinks twice about, when it is offered: dealing the next hand, or Big Gin."""
        return self.offered(ActionKind.NEXT_HAND) or self.offered(ActionKind.BIG_GIN)

    @property
    def drawing(self) -> bool:
        """Whether the seat's decision now is how to draw: take or pass the first upcard, or draw."""
        return any(a.kind in (ActionKind.TAKE_UPCARD, ActionKind.DRAW) for a in self.legal_actions)

    @property
    def first_upcard(self) -> bool:
        """Whether the decision is the first upcard's (take it or pass), not an ordinary draw."""
        return self.offers(ActionKind.TAKE_UPCARD)

    @property
    def may_take_pile(self) -> bool:
        """Whether the top card of the discard pile may be taken now (as the first upcard or as a draw)."""
        return any(a.kind == ActionKind.TAKE_UPCARD or (a.kind == ActionKind.DRAW and a.source == "discard")
                   for a in self.legal_actions)

    @property
    def legal_discards(self) -> tuple[DiscardOption, ...]:
        """The discards the seat may make now: every option but the card just taken from the pile."""
        return tuple(o for o in self.discard_options if o.card != self.taken_card)

    def to_json(self) -> dict[str, Any]:
        return encoder(View)(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> View:
        """The view a seat was sent (``to_json``'s answer), read back: what a program playing through the API
        hands to a player of ``ginrummy.ai``, which then sees exactly what that seat sees."""
        return decoder(View)(data)


def _revealed(cards: tuple[Card, ...]) -> RevealedHand:
    arranged = best_melds(cards)
    return RevealedHand(cards, tuple(tuple(m) for m in arranged.melds), tuple(arranged.deadwood_cards),
                        arranged.deadwood)


def held_from_pile(hand: HandState, seat: int) -> tuple[Card, ...]:
    """Cards ``seat`` took from the discard pile this hand and has not thrown since, in the order taken.

    The hand's actions are walked in order: a card taken from the pile is held until its taker throws it
    again, and held again if taken again (a card may come back to the seat that threw it earlier, so the
    cards it discarded are no guide on their own).
    """
    takes = iter(hand.pile_takes[seat])
    held: list[Card] = []
    for action in hand.actions:
        if action.seat != seat:
            continue
        kind = action.kind
        if kind == ActionKind.TAKE_UPCARD or (kind == ActionKind.DRAW and action.source == "discard"):
            card = next(takes, None)
            if card is not None:
                held.append(card)
        elif action.card is not None and action.card in held:  # a discard, or a knock's discard
            held.remove(action.card)
    return tuple(held)


def view_for(state: GameState, seat: int) -> View:
    """What ``seat`` (0 or 1) may know about ``state``."""
    if seat not in (0, 1):
        raise ValueError(f"seat must be 0 or 1, not {seat!r}")
    hand = state.hand
    mine = hand.hands[seat]
    opponent = 1 - seat
    over = hand.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)
    arranged = best_melds(mine)
    options: tuple[DiscardOption, ...] = ()
    if len(mine) == 11:
        limit = hand.knock_limit
        options = tuple(
            DiscardOption(card, left, left <= limit and card != hand.taken, left == 0)
            for card, left in sorted(discard_deadwoods(mine).items())
        )
    return View(
        seat=seat,
        rules=state.rules,
        hand_number=hand.number,
        starter=hand.starter,
        phase=hand.phase,
        turn=None if over else hand.turn,
        knock_limit=hand.knock_limit,
        hand=mine,
        melds=tuple(tuple(m) for m in arranged.melds),
        deadwood_cards=tuple(arranged.deadwood_cards),
        deadwood=arranged.deadwood,
        discard_options=options,
        taken_card=hand.taken if hand.turn == seat and not over else None,
        opponent_card_count=len(hand.hands[opponent]),
        stock_count=len(hand.stock),
        discard_pile=hand.discard,
        upcard=hand.upcard,
        draws=hand.draws,
        passed=hand.passed,
        pile_takes=hand.pile_takes,
        discards=hand.discards,
        opponent_known=held_from_pile(hand, opponent),
        legal_actions=tuple(legal_actions(state, seat)),
        scores=state.scores,
        final_scores=state.final_scores,
        hands_won=state.hands_won,
        games=state.games,
        history=state.history,
        winner=state.winner,
        result=hand.result if over else None,
        revealed=(_revealed(hand.hands[0]), _revealed(hand.hands[1])) if over else None,
        commitment=commitment(hand.deck, deck_salt(state.seed, hand.number)),
        deck=hand.deck if over else None,
        salt=deck_salt(state.seed, hand.number) if over else None,
    )


def revealed_deal(state: GameState, number: int) -> dict[str, Any]:
    """The deck, salt and commitment of hand ``number`` once that hand is over (for reviewing and checking
    any finished hand of the match, not only the last one)."""
    hand = state.hand
    over = hand.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)
    if not 1 <= number <= hand.number or (number == hand.number and not over):
        raise IllegalActionError(f"hand {number} is not over yet" if number >= hand.number
                                 else f"there is no hand {number}", "hand_not_over")
    starter = starter_of(state, number)
    deck = hand.deck if number == hand.number else deal(state.rules, state.seed, number, starter).deck
    salt = deck_salt(state.seed, number)
    return {"number": number, "starter": starter, "deck": [c.code for c in deck], "salt": salt,
            "commitment": commitment(deck, salt)}


def seeded_commitment(seed: int, number: int) -> str:
    """The commitment of hand ``number`` of a match dealt from ``seed``, worked out from the seed alone (a hand's
    deck does not depend on who starts it): a daily deal's hands are checked this way once its seed is shown."""
    deck = deal(HOUSE, seed, number, 0).deck
    return commitment(deck, deck_salt(seed, number))


def events_for(events: list[Event] | tuple[Event, ...], seat: int, state: GameState) -> list[Event]:
    """Events as ``seat`` may know them in ``state``: a card the other seat drew from the stock stays
    hidden while its hand is being played, and is shown once that hand is over."""
    current = state.hand.number
    over = state.hand.phase in (Phase.HAND_OVER, Phase.MATCH_OVER)
    return [event if event.hand < current or over else event.seen_by(seat) for event in events]
