"""Frozen copies of earlier computer players, kept unchanged as yardsticks.

Each module here is a self-contained copy of a player as it was at one version, with its settings pinned.
It imports only the rules engine and the shared hand arithmetic (``ginrummy.ai.hand``), never the live
player modules, so improving the live players never changes it: "does the new hard beat hard-v1?" keeps
one meaning.
"""
