"""The rate limits' counters kept in this process: moving windows, pruned as they are used, swept when quiet."""

from __future__ import annotations

import types

import pytest
from limits import parse, strategies

from ginrummy.api import limits as limits_module
from ginrummy.api.limits import ProcessWindows


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def time(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(limits_module, "time", types.SimpleNamespace(time=fake.time))
    return fake


def test_a_moving_window_allows_the_limit_then_refuses_until_the_oldest_entry_leaves_it(clock: Clock) -> None:
    counters = ProcessWindows()
    limiter = strategies.MovingWindowRateLimiter(counters)
    three = parse("3/second")
    for _ in range(3):
        assert limiter.hit(three, "move", "game", "g1", "0")
        clock.now += 0.2
    assert not limiter.hit(three, "move", "game", "g1", "0"), "a fourth within the second"
    assert limiter.hit(three, "move", "game", "g1", "1"), "the other seat has its own budget"
    assert not limiter.test(three, "move", "game", "g1", "0")
    assert counters.get_moving_window("LIMITER/move/game/g1/0/3/1/second", 3, 1) == (1_000_000.0, 3)
    clock.now = 1_000_000.0 + 1.0  # the first entry leaves the window
    assert limiter.test(three, "move", "game", "g1", "0")
    assert limiter.hit(three, "move", "game", "g1", "0")
    assert not limiter.hit(three, "move", "game", "g1", "0")


def test_keys_gone_quiet_are_swept_so_a_hit_costs_the_same_however_many_games_there_were(clock: Clock) -> None:
    counters = ProcessWindows()
    limiter = strategies.MovingWindowRateLimiter(counters)
    limit = parse("20/second")
    for game in range(counters.SWEEP_EVERY - 1):
        assert limiter.hit(limit, "move", "game", str(game), "0")
    assert len(counters.windows) == counters.SWEEP_EVERY - 1
    clock.now += 5  # every one of those windows is over
    assert limiter.hit(limit, "move", "game", "last", "0")  # the sweeping hit
    assert list(counters.windows) == ["LIMITER/move/game/last/0/20/1/second"]
    assert counters.reset() == 1 and not counters.windows
