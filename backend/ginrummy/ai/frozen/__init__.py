"""Frozen copies of earlier computer players, kept unchanged as yardsticks.

Each module here is a self-contained copy of a player as it was at one version, with its settings pinned.
It imports only the rules engine and the shared hand arithmetic (``ginrummy.ai.hand``), never the live
player modules (an import-linter contract in pyproject.toml checks it), so improving the live players never
changes it: "does the new hard beat hard-v1?" keeps one meaning. ``hard_v1`` is the first hard player;
``hard_v2`` (a package: its knowledge, opponent model and player, like the live modules it copies) is the hard
player of ba364a2, which reads the opponent's knocking from the match's finished hands.
"""
