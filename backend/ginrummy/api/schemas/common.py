"""What the models of every area share: the fields' types a request and an answer agree on (a card's code, a
seat, a computer, a preset), the strict base of requests, and optional fields left out of an answer when empty."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from ginrummy.ai.levels import LEVELS
from ginrummy.ai.personas import OPPONENTS, PERSONAS
from ginrummy.engine import PRESETS

CardCode = Annotated[str, Field(pattern=r"^(10|[A2-9TJQK])[CDHS]$", examples=["7H", "TD", "AS"],
                                description="Rank (A 2-9 T J Q K) and suit (C D H S); 10 is also accepted "
                                            "in requests")]
Seat = Annotated[int, Field(ge=0, le=1, description="0 is whoever created the game, 1 the computer or whoever "
                                                    "joined by invite")]
Level = Annotated[str, Field(description=f"The computer: a level ({', '.join(LEVELS)}) or a persona's id (GET "
                                          "/api/rules lists both)", json_schema_extra={"enum": list(OPPONENTS)})]
PresetName = Annotated[str, Field(description="One of the presets listed by GET /api/rules",
                                  json_schema_extra={"enum": list(PRESETS)})]
MAX_SEED = 2**128 - 1


def _absent(value: Any) -> bool:
    return value is None


def known_computer(name: str) -> str:
    """A request's computer, checked against the one registry of them (the levels and the personas)."""
    if name not in OPPONENTS:
        raise ValueError(f"unknown level; choose a level ({', '.join(LEVELS)}) or a persona "
                         f"({', '.join(p.id for p in PERSONAS)})")
    return name


def Omitted(description: str, **kwargs: Any) -> Any:
    """An optional field that is left out of the answer, rather than sent as null, when it has no value."""
    return Field(None, exclude_if=_absent, description=description, **kwargs)


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
