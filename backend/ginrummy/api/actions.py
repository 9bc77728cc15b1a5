"""The moves a seat can make, as routes: one table made from the engine's declaration of the actions.

A move can be sent two ways, to the same effect: posted back as the view offers it (``POST /api/games/{id}/actions``
with one of ``view.legal_actions`` as the body, unchanged), or to the typed route of its kind (``POST
/api/games/{id}/draw`` with ``{"source": "stock"}``). Both come from ``ACTION_ROUTES``, which is made from
``ActionKind`` (each kind's docstring is its title and description) and ``ACTION_FIELDS`` (what each kind holds);
``GET /api/rules`` publishes the same table for clients.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import BaseModel, Field, create_model

from ginrummy.engine import ACTION_FIELDS, Action, ActionKind, field_docs, wire_fields

from .schemas import Seat, Strict, wire_hint

CardInput = Annotated[str, Field(max_length=8, examples=["7H", "TD", "10D"],
                                 description="A card's code: rank (A 2-9 T J Q K, or 10) and suit (C D H S)")]


@dataclass(frozen=True, slots=True)
class ActionRoute:
    """One kind of move as a route: ``POST /api/games/{id}/<path>``."""

    kind: ActionKind
    path: str
    title: str
    """The first sentence of the kind's docstring."""
    description: str
    """The rest of it."""
    takes: tuple[str, ...]
    """The fields its body holds (besides kind and seat): card, source, or none."""
    body: type[BaseModel] | None
    """Its typed route's body, or None for a route without one."""


_DOCS = field_docs(ActionKind)
_FIELD_DOCS = {f.name: f.doc for f in wire_fields(Action)}
_INPUTS: dict[str, Any] = {"card": CardInput, "source": wire_hint(next(f.hint for f in wire_fields(Action)
                                                                       if f.name == "source"))}


def _route(kind: ActionKind) -> ActionRoute:
    title, _, rest = _DOCS[kind.name].partition(". ")
    takes = ACTION_FIELDS[kind]
    body = None
    if takes:
        body = create_model(  # type: ignore[call-overload]
            f"{kind.value.title().replace('_', '')}Request", __base__=Strict,
            **{name: (_INPUTS[name], Field(..., description=_FIELD_DOCS[name])) for name in takes})
    return ActionRoute(kind, kind.value.replace("_", "-"), title.rstrip("."), rest, takes, body)


ACTION_ROUTES: tuple[ActionRoute, ...] = tuple(_route(kind) for kind in ActionKind)
"""Every kind of move, in the engine's order."""

if TYPE_CHECKING:
    ActionRequest = Strict
else:
    ActionRequest = create_model(
        "ActionRequest", __base__=Strict,
        __doc__="A move as the view offers it (one of legal_actions), posted back unchanged; seat may be left out.",
        kind=(Literal[tuple(kind.value for kind in ActionKind)], Field(..., description=_FIELD_DOCS["kind"])),
        seat=(Seat | None, Field(None, description="Your seat, as the offered action says (left out: yours)")),
        card=(CardInput | None, Field(None, description=_FIELD_DOCS["card"])),
        source=(_INPUTS["source"] | None, Field(None, description=_FIELD_DOCS["source"])),
    )


def catalog_of_actions() -> list[dict[str, Any]]:
    """The table as ``GET /api/rules`` publishes it."""
    return [{"kind": r.kind.value, "path": f"/api/games/{{game_id}}/{r.path}", "title": r.title,
             "description": r.description, "takes": list(r.takes)} for r in ACTION_ROUTES]
