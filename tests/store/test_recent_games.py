"""A move's first try is made on this process's recent copy of the game; the version it is stored on is checked,
so a copy another process moved past is found out and the move made again on a fresh read."""

from __future__ import annotations

import time
from typing import Any

from ginrummy.engine import HOUSE, ActionKind, parse_card, to_act
from ginrummy.service import Computer, MatchService, Move, MoveService, ReadingService
from ginrummy.service.notify import Notifier
from ginrummy.store import SqlStore


def _offered(answer: dict[str, Any]) -> Move:
    """The first legal action of an answer's view, as a move."""
    action = answer["view"]["legal_actions"][0]
    card = action.get("card")
    return Move(ActionKind(action["kind"]), None if card is None else parse_card(card), action.get("source"))


def test_a_copy_another_process_moved_past_is_refused_at_commit_and_the_move_made_again(database_url: str) -> None:
    first, second = SqlStore(database_url), SqlStore(database_url)  # two processes on one database
    try:
        moves_a, moves_b = MoveService(first, Notifier()), MoveService(second, Notifier())
        reading_b = ReadingService(second, Notifier())
        first.create_player("p1", "player-token")
        body, _ = MatchService(first, Notifier()).create(Computer("easy"), HOUSE, 7, "p1", lambda: ("", ""))
        game_id, token = body["game_id"], body["seat_token"]
        assert first.recent_game(game_id, 60) is not None  # process A reads it: it keeps a copy
        before = reading_b.view(game_id, token)
        answer_b, _ = moves_b.act(game_id, token, _offered(before))  # B moves: A's copy is now behind
        assert answer_b["version"] == before["version"] + 1
        stale = first.recent.get(game_id, 60)
        assert stale is not None and stale.version == before["version"], "A's copy does not know B's move"
        answer_a, replayed = moves_a.act(game_id, token, _offered(answer_b))
        assert not replayed and answer_a["version"] == answer_b["version"] + 1, "made again on the new version"
        assert reading_b.view(game_id, token)["version"] == answer_a["version"]
        kept = first.recent.get(game_id, 60)
        fresh = second.get_game(game_id)
        assert kept is not None and fresh is not None and kept.version == fresh.version == answer_a["version"]
        assert kept.state == fresh.state and to_act(kept.state) == to_act(fresh.state), "A's copy moved on right"
    finally:
        first.close()
        second.close()


def test_a_seat_taken_since_the_copy_was_read_is_found_on_a_fresh_read(database_url: str) -> None:
    from ginrummy.service import Invited

    store, other = SqlStore(database_url), SqlStore(database_url)
    try:
        store.create_player("p1", "player-token")
        body, _ = MatchService(store, Notifier()).create(Invited(), HOUSE, None, "p1", lambda: ("", ""))
        game_id = body["game_id"]
        assert store.recent_game(game_id, 60) is not None  # a copy from before seat 1 was taken
        other.create_player("p2", "second-token")
        joined = MatchService(other, Notifier()).join(game_id, body["invite"]["code"], "p2", lambda: ("", ""))
        tokens = (body["seat_token"], joined["seat_token"])
        moves, reading = MoveService(store, Notifier()), ReadingService(other, Notifier())
        for _ in range(6):  # whoever is to move moves, through the process whose copy knew no seat 1
            turn = reading.view(game_id, tokens[0])["view"]["turn"]
            answer, _ = moves.act(game_id, tokens[turn], _offered(reading.view(game_id, tokens[turn])))
            assert answer["seat"] == turn
            if turn == 1:
                break
        else:
            raise AssertionError("seat 1 never moved")
    finally:
        store.close()
        other.close()


def test_copies_older_than_the_store_keeps_are_dropped_as_others_come(database_url: str) -> None:
    store = SqlStore(database_url)
    try:
        store.recent.kept = 0.2
        store.create_player("p1", "player-token")
        matches = MatchService(store, Notifier())
        ids = [matches.create(Computer("easy"), HOUSE, seed, "p1", lambda: ("", ""))[0]["game_id"]
               for seed in (1, 2)]
        for game_id in ids:
            assert store.recent_game(game_id, 60) is not None
        assert all(game_id in store.recent.items for game_id in ids)
        time.sleep(0.3)
        newest = matches.create(Computer("easy"), HOUSE, 3, "p1", lambda: ("", ""))[0]["game_id"]
        store.recent_game(newest, 60)
        assert list(store.recent.items) == [newest], "the stale copies went when a new one came"
        assert store.recent.get(ids[0], 60) is None and store.get_game(ids[0]) is not None  # read again: still there
    finally:
        store.close()
