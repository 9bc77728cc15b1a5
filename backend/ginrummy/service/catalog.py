"""What a client may choose: the rules presets and their settings, and the computer's levels and personas, in
words (with their ratings from the arena's round robin)."""

from __future__ import annotations

from typing import Any

from ginrummy.ai.levels import LEVELS
from ginrummy.ai.personas import PERSONAS, Persona, rating_of
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
        "personas": [_persona(persona) for persona in PERSONAS],
        "ratings": {level: rated.rating for level in LEVELS if (rated := rating_of(level)) is not None},
    }


def _persona(persona: Persona) -> dict[str, Any]:
    """A persona as ``GET /api/rules`` lists it, with its rating (null where the round robin has none)."""
    rated = rating_of(persona.id)
    return {"id": persona.id, "name": persona.name, "style": persona.style,
            "rating": rated.rating if rated else None, "rating_spread": rated.spread if rated else None,
            "rating_matches": rated.matches if rated else None}
