"""The body of every refusal."""

from __future__ import annotations

from pydantic import BaseModel, Field

from .derived import ActionModel


class Problem(BaseModel):
    """An RFC 9457 problem detail."""

    type: str = Field(..., description="A URI naming the kind of problem")
    title: str = Field(..., description="The HTTP status in words")
    status: int = Field(..., description="The HTTP status")
    detail: str = Field(..., description="What went wrong, for a person")
    code: str = Field(..., description="Machine-readable reason, e.g. not_your_turn or knock_over_limit")
    legal_actions: list[ActionModel] | None = Field(None, description="For an illegal move: the moves allowed")
    errors: list[dict[str, str]] | None = Field(None, description="For a malformed request: each field's problem")
    version: int | None = Field(None, description="For a stale version: the game's version now")
