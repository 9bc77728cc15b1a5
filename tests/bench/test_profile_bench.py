"""The profile bench: how a part's time is told apart, and a short run (figures are printed, never checked)."""

from __future__ import annotations

import sys
import threading
import types
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from ginrummy.bench import profile, profile_patches
from ginrummy.bench.profile_parts import FRAMEWORK, PARTS, Part
from ginrummy.bench.profile_patches import Patches
from ginrummy.bench.profile_timer import IN_REQUEST, Timer


class Clock:
    """A clock that moves only when told to."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    def spend(self, seconds: float) -> None:
        self.now += seconds


CLOCK = Clock()


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch) -> Iterator[types.ModuleType]:
    """A module of functions that spend time on ``CLOCK``, and one that imported one of them by name."""
    monkeypatch.setattr(profile_patches, "SCANNED", {*profile_patches.SCANNED, "fake_importer"})
    module = types.ModuleType("fake_timed")
    other = types.ModuleType("fake_importer")

    def inner() -> None:
        CLOCK.spend(2)

    def outer() -> None:
        CLOCK.spend(1)
        module.inner()

    def keeper() -> None:
        CLOCK.spend(1)
        module.inner()

    @contextmanager
    def opened() -> Iterator[int]:
        CLOCK.spend(1)
        yield 1
        CLOCK.spend(3)

    class Thing:
        def method(self) -> str:
            CLOCK.spend(5)
            return "done"

    def handed() -> None:
        """Wait for a thread the app keeps (it is no part of the request) while it does timed work."""
        helper = threading.Thread(target=module.inner)
        helper.start()
        helper.join()
        CLOCK.spend(1)

    module.inner, module.outer, module.keeper, module.opened, module.Thing = inner, outer, keeper, opened, Thing
    module.handed = handed
    other.inner = inner
    sys.modules["fake_timed"], sys.modules["fake_importer"] = module, other
    yield module
    del sys.modules["fake_timed"], sys.modules["fake_importer"]


def test_each_part_keeps_its_own_time_and_the_wrappers_come_out_again(fake: types.ModuleType) -> None:
    parts = (Part("inner", ("fake_timed:inner",)), Part("outer", ("fake_timed:outer",)),
             Part("keeper", ("fake_timed:keeper",), keeps_all=True),
             Part("opened", ("fake_timed:opened@enter", "fake_timed:gone", "no_such_module:x")),
             Part("method", ("fake_timed:Thing.method",)), Part("handed", ("fake_timed:handed",)))
    timer = Timer(CLOCK)
    patches = Patches(timer, parts)
    originals = (fake.inner, fake.outer, fake.Thing.method)
    patches.install()
    assert patches.missing == ["fake_timed:gone", "no_such_module:x"]
    assert sys.modules["fake_importer"].inner is fake.inner is not originals[0]
    fake.outer()  # not active: nothing counted
    timer.active = True
    request = IN_REQUEST.set(True)
    fake.outer()
    fake.keeper()
    with fake.opened() as value:
        assert value == 1
    assert fake.Thing().method() == "done"
    fake.handed()
    IN_REQUEST.reset(request)
    timer.active = False
    patches.remove()
    assert (fake.inner, fake.outer, fake.Thing.method) == originals
    assert sys.modules["fake_importer"].inner is originals[0]
    assert timer.calls == {"inner": 2, "outer": 1, "keeper": 1, "opened": 1, "method": 1, "handed": 1}
    # outer less the inner call it made; keeper keeps its inner call; opened is timed entering, not leaving;
    # handed less the timed work done meanwhile in the other thread, which counts as its own part
    assert timer.seconds == {"inner": 4, "outer": 1, "keeper": 3, "opened": 1, "method": 5, "handed": 1}
    assert timer.seconds_elsewhere == {"inner": 2}


def test_the_bench_prints_every_part_and_the_end_to_end_latency(capsys: pytest.CaptureFixture[str]) -> None:
    assert profile.main(["--moves", "16", "--warmup", "2", "--block", "4", "--e2e-moves", "10",
                         "--e2e-warmup", "0.2"]) == 0
    out = capsys.readouterr().out
    for part in PARTS:
        assert part.name in out
    assert FRAMEWORK in out and "total (mean)" in out
    assert "median move in-process" in out
    assert "End to end through gin-rummy serve" in out and "0 errors" in out
    assert "goal: median move latency ≤ 2 ms" in out
