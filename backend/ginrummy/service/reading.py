"""Reading a game: a seat's view, the moves it has not seen (to follow the game live), its event log, a finished
hand's deal and the coach's review of it, and a hint; and whether each seat's player is following the game."""

from __future__ import annotations

import threading
import time
from typing import Any

from ginrummy.ai.coach import review_hand
from ginrummy.ai.hints import suggest
from ginrummy.engine import actions_from_events, replay_hand, revealed_deal, view_for
from ginrummy.store.base import GameStore

from .days import refuse_sealed
from .errors import IllegalMove
from .notify import Notifier, Subscription
from .table import (
    SEEN_REFRESH_SECONDS,
    computer_across,
    computer_seed,
    numbered_events,
    present,
    record_answer,
    rematch_of,
    seated,
)

KEPT_REVIEWS = 512
"""Hand reviews kept in memory, so asking again costs nothing."""


class ReadingService:
    def __init__(self, store: GameStore, notifier: Notifier) -> None:
        self.store = store
        self.notifier = notifier
        self._listening = False
        self._reviews: dict[tuple[str, int, int], dict[str, Any]] = {}
        self._reviews_lock = threading.Lock()

    def view(self, game_id: str, token: str | None) -> dict[str, Any]:
        record, seat = seated(self.store.get_game(game_id), token)
        return record_answer(record, seat, [])

    def view_and_count(self, game_id: str, token: str | None) -> tuple[dict[str, Any], int]:
        """``view``'s answer, and how many events the game's log held at that version."""
        record, seat = seated(self.store.get_game(game_id), token)
        return record_answer(record, seat, []), record.event_count

    def subscribe(self, game_id: str) -> Subscription:
        """Wake-ups for ``game_id``'s moves (see ``notify``): those made through this process, and, on a database
        that can tell (PostgreSQL), those made through any other process, listened for from the first
        subscription on."""
        if not self._listening:
            self._listening = True
            self.store.listen(self.notifier.wake)
            self.notifier.listen()
        return self.notifier.subscribe(game_id)

    def update_since(self, game_id: str, token: str | None, since: int) -> dict[str, Any] | None:
        """What ``token``'s seat has not seen yet: the game's version, its view, and every event after seq
        ``since`` as the seat may know them, or None when no event came after it. The events and the view are
        of the same version."""
        return self.follow(game_id, token, since)[0]

    def follow(self, game_id: str, token: str | None, since: int
               ) -> tuple[dict[str, Any] | None, bool, dict[str, Any] | None]:
        """``update_since``'s answer, whether the other seat's player is following the game now, and the
        rematch offered or agreed, if any."""
        record, seat = seated(self.store.get_game(game_id), token)
        there = present(record.seen_at[1 - seat])
        if record.event_count <= since:
            return None, there, rematch_of(record)
        listed = [(seq, event) for seq, event in self.store.events(game_id, since, limit=record.event_count - since)
                  if seq <= record.event_count]
        return record_answer(record, seat, listed), there, rematch_of(record)

    def seen(self, game_id: str, token: str | None, following: bool = True) -> int:
        """Note that ``token``'s seat follows the game now (its stream is open, it long-polls), or that it
        stopped; the other seat's streams are told. Returns the seat."""
        record, seat = seated(self.store.get_game(game_id), token)
        last = record.seen_at[seat]
        if following and last is not None and time.time() - last < SEEN_REFRESH_SECONDS:
            return seat  # said lately: nothing changes for the other seat
        self.store.mark_seen(record.id, seat, time.time() if following else None)
        self.notifier.publish(game_id)
        return seat

    def events(self, game_id: str, token: str | None, since: int, hand: int | None = None,
               limit: int = 1000) -> dict[str, Any]:
        """A page of the event log after ``since`` (one hand's when ``hand``): ``has_more`` says whether the log
        goes on, and ``next_since`` is the ``since`` of the next page."""
        record, seat = seated(self.store.get_game(game_id), token)
        listed = self.store.events(game_id, since, limit=limit + 1, hand=hand)
        more = len(listed) > limit
        listed = listed[:limit]
        return {"game_id": game_id, "version": record.version, "seat": seat,
                "events": numbered_events(listed, record.state, seat),
                "has_more": more, "next_since": listed[-1][0] if more else None}

    def hand_deal(self, game_id: str, token: str | None, number: int) -> dict[str, Any]:
        record, seat = seated(self.store.get_game(game_id), token)
        refuse_sealed(record.daily)
        return {"game_id": game_id, "seat": seat, **revealed_deal(record.state, number)}

    def hand_analysis(self, game_id: str, token: str | None, number: int) -> dict[str, Any]:
        """The coach's review of the seat's decisions in finished hand ``number`` (``ai.coach``). A finished
        hand never changes, so each review is worked out once and kept (a few hundred, most recent)."""
        record, seat = seated(self.store.get_game(game_id), token)
        key = (game_id, number, seat)
        with self._reviews_lock:
            review = self._reviews.get(key)
        if review is None:
            state = record.state
            listed = self.store.events(game_id, 0, limit=5000, hand=number)
            positions = replay_hand(state, number, actions_from_events(e for _, e in listed))
            result = next((summary for summary in state.history if summary.number == number), None)
            review = review_hand(positions, number, seat, computer_seed(game_id), result,
                                 opponent=computer_across(record, seat)).to_json()
            with self._reviews_lock:
                self._reviews[key] = review
                while len(self._reviews) > KEPT_REVIEWS:
                    del self._reviews[next(iter(self._reviews))]
        return {"game_id": game_id, **review}

    def hint(self, game_id: str, token: str | None) -> dict[str, Any]:
        """A suggested move for the seat, its reason and the chances behind it, modelling the computer across the
        table when there is one (its policy is public, its cards are not)."""
        record, seat = seated(self.store.get_game(game_id), token)
        suggestion = suggest(view_for(record.state, seat), opponent=computer_across(record, seat))
        if suggestion is None:
            raise IllegalMove("nothing_to_decide", "there is no move for you to make now")
        return {"game_id": game_id, "version": record.version, **suggestion.to_json()}

