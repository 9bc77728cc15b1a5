"""The rules and the computer players on offer: presets, the moves' routes, the personas."""

from __future__ import annotations

from pydantic import BaseModel, Field

from .derived import RulesModel


class PresetModel(BaseModel):
    name: str = Field(..., description="The preset's name, for POST /api/games")
    description: str = Field(..., description="The preset in words")
    rules: RulesModel = Field(..., description="Its rules")


class ActionRouteModel(BaseModel):
    kind: str = Field(..., description="The action's kind, as legal_actions name it")
    path: str = Field(..., description="Its typed route (POST); any offered action may also be posted back as it "
                                       "is to POST /api/games/{game_id}/actions")
    title: str = Field(..., description="What it does, in a few words")
    description: str = Field(..., description="More about it")
    takes: list[str] = Field(..., description="What its body holds besides kind and seat: card, source, or nothing")


class PersonaModel(BaseModel):
    """A computer player with a style of its own, to play against instead of a level."""

    id: str = Field(..., description="What POST /api/games takes as its level")
    name: str = Field(..., description="Its name")
    style: str = Field(..., description="How it plays, in one plain sentence")
    rating: int | None = Field(..., description="Its strength from the arena's round robin, on the Elo scale (the "
                               "field's mean is 1500; 100 points more wins about 64% of matches); null if not rated")
    rating_spread: int | None = Field(..., description="Half the rating's 95% interval")
    rating_matches: int | None = Field(..., description="The round-robin matches the rating rests on")



class RulesResponse(BaseModel):
    default: str = Field(..., description="The preset used when none is named")
    presets: list[PresetModel] = Field(..., description="Every preset")
    settings: dict[str, str] = Field(..., description="Every setting, with its meaning")
    levels: dict[str, str] = Field(..., description="Every level of the computer, easiest first, in plain words")
    personas: list[PersonaModel] = Field(..., description="Computer players with a style and a name, each playable "
                                         "by its id instead of a level")
    ratings: dict[str, int] = Field(..., description="The levels' ratings, on the personas' scale (the levels the "
                                    "round robin measured)")
    actions: list[ActionRouteModel] = Field(..., description="Every kind of move, with its route")
