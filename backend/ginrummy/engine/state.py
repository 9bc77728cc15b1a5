"""The state of a match: immutable values, replaced (never changed) by every action.

A ``GameState`` holds everything needed to continue a match: the rules, the
seed every deal comes from, the score sheet, and the current hand with its
actions (which includes hidden cards: only ``views.view_for`` may turn it into
something a seat sees). Earlier hands leave only their summaries (``history``),
the scores and the Hollywood games, so the state's size does not grow with the
number of hands played beyond one short summary per hand. An earlier hand's deal
is rebuilt from the seed and its number; the whole match is rebuilt from its
event log (``game.replay_events``) or from the actions of every hand in order
(``game.replay``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple

from .actions import Action, HandOutcome
from .cards import Card, parse_card
from .errors import InvalidInputError
from .knocks import KnockResult
from .rules import Rules
from .scoring import HollywoodGame as HollywoodGame  # the score sheet's Hollywood games, read here by the views
from .scoring import final_scores
from .wire import Seat, decoder, encoder

SCHEMA_VERSION = 3
"""Version of the JSON form written by ``GameState.to_json``: 3 keeps the current hand's actions only, and
the hand summaries as short rows. 2 also held every earlier hand's actions (``earlier_actions``, dropped
when read) and the summaries as objects; 1 is the store's compact replay form (rules, seed, actions),
read by ``ginrummy.store.codec``."""
READABLE_SCHEMA_VERSIONS = (2, SCHEMA_VERSION)
"""The snapshot forms ``GameState.from_json`` reads."""

HAND_SIZE = 10
STOCK_FLOOR = 2
"""When a stock draw leaves this many cards, the hand ends unless the drawer knocks."""


class Phase(StrEnum):
    FIRST_UPCARD = "first_upcard"
    """The starter, then the other player, may take the first upcard or pass."""
    DRAW = "draw"
    DISCARD = "discard"
    HAND_OVER = "hand_over"
    MATCH_OVER = "match_over"




@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended and what it scored."""

    outcome: HandOutcome
    """How the hand ended."""
    winner: Seat | None
    """Who scored; null for a no-score hand."""
    points: int
    """Points added to the winner's score (after any doubling and line bonus)."""
    knocker: Seat | None = None
    """Who knocked (or went Gin); null when nobody did."""
    knock_card: Card | None = None
    """The card the knocker discarded."""
    showdown: KnockResult | None = None
    """The showdown; null for a hand without one."""
    multiplier: int = 1
    """Oklahoma spades: 2; else 1."""
    line_bonus: int = 0
    """The line bonus included in the points."""

    def to_json(self) -> dict[str, Any]:
        return encoder(HandResult)(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HandResult:
        return decoder(HandResult)(data)


class HandState(NamedTuple):
    """One deal, from the shuffle to the showdown.

    A named tuple rather than a dataclass because a new one is made on every
    action, and ``_replace`` is several times faster than ``dataclasses.replace``.
    """

    number: int
    """1 for the first hand of the match."""
    starter: int
    """Seat offered the first upcard first."""
    deck: tuple[Card, ...]
    """The shuffled deck as dealt: the starter's 10, the other's 10, the upcard, then the stock."""
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    stock: tuple[Card, ...]
    """Face down; the next card drawn is ``stock[0]``."""
    discard: tuple[Card, ...]
    """Face up; the top card is the last one."""
    phase: Phase
    turn: int
    """Seat to act (the winner of the hand once it is over)."""
    knock_limit: int
    passes: int = 0
    """How many players have passed the first upcard."""
    taken: Card | None = None
    """The card the player to act took from the discard pile this turn (it may not be discarded)."""
    draws: int = 0
    """Cards drawn from the stock or the pile so far this hand."""
    pile_takes: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
    """Per seat, every card it took from the discard pile (public knowledge)."""
    discards: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
    """Per seat, every card it discarded, in order (public knowledge)."""
    passed: tuple[int, ...] = ()
    """Seats that passed the first upcard, in order."""
    actions: tuple[Action, ...] = ()
    """The actions played in this hand so far."""
    result: HandResult | None = None

    @property
    def upcard(self) -> Card:
        """The first upcard of the hand."""
        return self.deck[2 * HAND_SIZE]

    @property
    def top_discard(self) -> Card | None:
        return self.discard[-1] if self.discard else None

    def to_json(self) -> dict[str, Any]:
        def codes(cards: tuple[Card, ...]) -> list[str]:
            return [c.code for c in cards]

        return {
            "number": self.number,
            "starter": self.starter,
            "deck": codes(self.deck),
            "hands": [codes(h) for h in self.hands],
            "stock": codes(self.stock),
            "discard": codes(self.discard),
            "phase": self.phase.value,
            "turn": self.turn,
            "knock_limit": self.knock_limit,
            "passes": self.passes,
            "taken": self.taken.code if self.taken is not None else None,
            "draws": self.draws,
            "pile_takes": [codes(x) for x in self.pile_takes],
            "discards": [codes(x) for x in self.discards],
            "passed": list(self.passed),
            "actions": [a.to_json() for a in self.actions],
            "result": self.result.to_json() if self.result is not None else None,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HandState:
        def cards(codes: list[str]) -> tuple[Card, ...]:
            return tuple(parse_card(code) for code in codes)

        def pair(items: list[list[str]]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
            return (cards(items[0]), cards(items[1]))

        return cls(
            number=data["number"],
            starter=data["starter"],
            deck=cards(data["deck"]),
            hands=pair(data["hands"]),
            stock=cards(data["stock"]),
            discard=cards(data["discard"]),
            phase=Phase(data["phase"]),
            turn=data["turn"],
            knock_limit=data["knock_limit"],
            passes=data["passes"],
            taken=parse_card(data["taken"]) if data["taken"] is not None else None,
            draws=data["draws"],
            pile_takes=pair(data["pile_takes"]),
            discards=pair(data["discards"]),
            passed=tuple(data["passed"]),
            actions=tuple(Action.from_json(a) for a in data["actions"]),
            result=HandResult.from_json(data["result"]) if data["result"] is not None else None,
        )


@dataclass(frozen=True, slots=True)
class HandSummary:
    """One finished hand on the score sheet."""

    number: int
    """The hand's number, from 1."""
    starter: Seat
    """Who had the first choice of the upcard."""
    outcome: HandOutcome
    """How the hand ended."""
    winner: Seat | None
    """Who scored; null for no score."""
    points: int
    """Points scored."""
    scores: tuple[int, int]
    """Both players' scores after this hand, by seat."""
    knocker: Seat | None = None
    """Who knocked (or went Gin); null when the stock ran out."""
    deadwood: tuple[int, int] | None = None
    """Each seat's least deadwood as the hand ended, before any layoff: both hands are shown then, so this is
    public. The player who did not knock made its last discard holding exactly that hand (null in hands saved
    before this was kept)."""
    draws: int = 0
    """Draws made in the hand (pile and stock, both players)."""
    knock_limit: int = 10
    """The most deadwood a knock was allowed in this hand."""
    declined: tuple[int | None, int | None] = (None, None)
    """Per seat, the least deadwood it could have knocked with on a turn it discarded without knocking (null:
    it never could). Public once the hand is over (the deck and every move are shown then)."""

    def to_json(self) -> dict[str, Any]:
        return encoder(HandSummary)(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> HandSummary:
        return decoder(HandSummary)(data)

    def to_row(self) -> list[Any]:
        """The compact form kept in a saved state (one per finished hand, so it is kept short)."""
        deadwood = list(self.deadwood) if self.deadwood is not None else [None, None]
        return [self.number, self.starter, self.outcome, self.winner, self.points, *self.scores, self.knocker,
                *deadwood, self.draws, self.knock_limit, *self.declined]

    @classmethod
    def from_row(cls, row: list[Any]) -> HandSummary:
        number, starter, outcome, winner, points, score0, score1 = row[:7]
        if len(row) == 7:  # saved before the knock and the deadwood were kept
            return cls(number, starter, outcome, winner, points, (score0, score1))
        knocker, deadwood0, deadwood1, draws, knock_limit, declined0, declined1 = row[7:]
        deadwood = None if deadwood0 is None else (deadwood0, deadwood1)
        return cls(number, starter, outcome, winner, points, (score0, score1), knocker, deadwood, draws, knock_limit,
                   (declined0, declined1))


class GameState(NamedTuple):
    """A whole match: rules, seed, the score sheet of the hands played, and the current hand (a named tuple,
    like ``HandState``, for fast updates)."""

    rules: Rules
    seed: int
    first_starter: int
    hand: HandState
    scores: tuple[int, int] = (0, 0)
    """Points won so far (in Hollywood: the sum of all hands' points, for the record)."""
    hands_won: tuple[int, int] = (0, 0)
    games: tuple[HollywoodGame, ...] = ()
    """Hollywood scoring only: the games, in order."""
    history: tuple[HandSummary, ...] = ()
    """One summary per finished hand, in order."""
    winner: int | None = None

    @property
    def phase(self) -> Phase:
        return self.hand.phase

    @property
    def final_scores(self) -> tuple[int, int]:
        """Scores with end-of-match bonuses (traditional: box and game bonus) once the match is over."""
        return final_scores(self.rules, self.scores, self.hands_won, self.winner)

    def to_json(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA_VERSION,
            "rules": self.rules.to_json(),
            "seed": self.seed,
            "first_starter": self.first_starter,
            "hand": self.hand.to_json(),
            "scores": list(self.scores),
            "hands_won": list(self.hands_won),
            "games": [g.to_json() for g in self.games],
            "history": [h.to_row() for h in self.history],
            "winner": self.winner,
        }

    @classmethod
    def from_json(cls, data: Any) -> GameState:
        """A state from ``to_json`` output, of this schema version or of version 2 (whose
        ``earlier_actions`` are dropped: the state keeps the current hand's actions only)."""
        if not isinstance(data, dict) or data.get("schema") not in READABLE_SCHEMA_VERSIONS:
            found = data.get("schema") if isinstance(data, dict) else None
            raise InvalidInputError(f"unsupported saved game schema {found!r}", code="invalid_saved_game")
        schema = data["schema"]
        try:
            s, w = data["scores"], data["hands_won"]
            return cls(
                rules=Rules.from_json(data["rules"]),
                seed=data["seed"],
                first_starter=data["first_starter"],
                hand=HandState.from_json(data["hand"]),
                scores=(s[0], s[1]),
                hands_won=(w[0], w[1]),
                games=tuple(HollywoodGame.from_json(g) for g in data["games"]),
                history=tuple(HandSummary.from_row(h) if schema == SCHEMA_VERSION else HandSummary.from_json(h)
                              for h in data["history"]),
                winner=data["winner"],
            )
        except (KeyError, TypeError, IndexError, ValueError) as error:
            raise InvalidInputError(f"saved game is damaged: {error}", code="invalid_saved_game") from error
