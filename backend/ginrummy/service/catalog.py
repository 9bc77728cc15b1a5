"""What a client may choose: the rules presets and their settings, and the computer's levels, in words."""

from __future__ import annotations

from typing import Any

from ginrummy.ai.levels import LEVELS
from ginrummy.engine import PRESET_DESCRIPTIONS, PRESETS, SETTING_DESCRIPTIONS, Rules

LEVEL_DESCRIPTIONS = {
    "easy": "Easy: for learning the game. It melds, but misses chances and knocks late.",
    "medium": "Medium: a fair fight for a casual player.",
    "hard": "Hard: plays to win. It reads your discards, but never sees your cards.",
}
assert tuple(LEVEL_DESCRIPTIONS) == LEVELS, "every level, and only those, has its words"


def rules_for(preset: str, settings: dict[str, Any]) -> Rules:
    """A preset's rules with the settings a client changed."""
    return PRESETS[preset].with_settings(**settings)


def catalog() -> dict[str, Any]:
    return {
        "default": "house",
        "presets": [{"name": name, "description": PRESET_DESCRIPTIONS[name], "rules": rules.to_json()}
                    for name, rules in PRESETS.items()],
        "settings": SETTING_DESCRIPTIONS,
        "levels": LEVEL_DESCRIPTIONS,
    }
