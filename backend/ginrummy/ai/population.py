"""The opponent population: the styles a level is measured against, so that its strength is not tuned to one.

Measured against the EAAI baseline alone, a player can learn that baseline's habits (it knocks at the first
chance, so it is easily undercut) and lose to a player who knocks only when it pays. The population spans
the styles seen in practice: the baseline knocking at several deadwood limits, a deadwood-by-turn knock
table, a Gin hunter, a patient undercutter, the medium level, a knock policy trained by counterfactual regret
minimisation (``cfr``), frozen copies of earlier hard players (``hard-v1``, the first; ``hard-v2``, the hard
player of ba364a2, which reads the opponent's knocking from the match), the current hard player, the measured
player itself, and OpenSpiel's simple bot when ``pyspiel`` is installed.
``gin-rummy arena LEVEL --population`` plays LEVEL against each of them.
"""

from __future__ import annotations

import importlib

POPULATION = (
    "simple",
    "simple(knock_at=0)",
    "simple(knock_at=2)",
    "simple(knock_at=4)",
    "simple(knock_at=6)",
    "simple(knock_at=8)",
    "tabled",
    "ginhunter",
    "undercutter",
    "medium",
    "cfr",
    "hard-v1",
    "hard-v2",
    "hard",
)


def openspiel_available() -> bool:
    """Whether OpenSpiel's bot can play here (``pip install -e '.[bench]'``)."""
    try:
        importlib.import_module("pyspiel")
    except ImportError:
        return False
    return True


def population_for(level: str) -> list[str]:
    """The members ``level`` is measured against: the population, ``level`` itself (if it is not a member
    already), and OpenSpiel's bot when it is installed."""
    members = list(POPULATION)
    if level not in members:
        members.append(level)
    if openspiel_available():
        members.append("openspiel")
    return members
