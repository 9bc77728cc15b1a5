"""What a client may choose: the rules presets and their settings, and the computer's levels, in words."""

from __future__ import annotations

from typing import Any

from ginrummy.ai.levels import LEVELS
from ginrummy.engine import PRESET_DESCRIPTIONS, PRESETS, SETTING_DESCRIPTIONS, Rules

LEVEL_DESCRIPTIONS = LEVELS
"""Each level in words (declared with the levels, in ``ai.levels``)."""


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
