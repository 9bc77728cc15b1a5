"""The models of the engine's value types (a view, an event, an action, a hand's result and summary, the rules),
derived from their declarations in ``ginrummy.engine``, each field with its docstring as description: a field
added there is in the answers, the models and the documentation without an edit here. A field the engine leaves
out when it holds nothing (an action's card, an event's hidden card) is left out of the answer too.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, Field, create_model

from ginrummy.engine import (
    SETTINGS,
    Action,
    Card,
    Event,
    HandSummary,
    HollywoodGame,
    KnockResult,
    Rules,
    View,
    is_seat,
    is_wire_type,
    value_range,
    wire_fields,
    wire_options,
)

from .common import CardCode, Omitted, Seat, Strict

MODEL_NAMES: dict[type, str] = {KnockResult: "ShowdownModel"}
"""Models named otherwise than ``<type>Model`` (the names the OpenAPI document has always used)."""
_MODELS: dict[type, type[BaseModel]] = {}


def wire_hint(hint: Any) -> Any:
    """The pydantic type of a field declared with ``hint`` in the engine (see ``ginrummy.engine.wire``)."""
    if is_seat(hint):
        return Seat | None if get_origin(hint) in (Union, type(int | None)) else Seat
    bounds = value_range(hint)
    while get_origin(hint) is Annotated:
        hint = get_args(hint)[0]
    if bounds is not None:
        return Annotated[hint, Field(ge=bounds.low, le=bounds.high)]
    if get_origin(hint) in (Union, type(int | None)):
        return Union[tuple(wire_hint(a) for a in get_args(hint))]  # noqa: UP007 - built from a tuple of types
    if hint is Card:
        return CardCode
    if isinstance(hint, type) and issubclass(hint, Enum):
        return Literal[tuple(member.value for member in hint)]
    if get_origin(hint) is tuple:
        args = get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return list[wire_hint(args[0])]  # type: ignore[misc]
        return Annotated[list[Union[tuple(wire_hint(a) for a in set(args))]],  # type: ignore[misc]  # noqa: UP007
                         Field(min_length=len(args), max_length=len(args))]
    if is_wire_type(hint):
        return model_of(hint)
    if hint is dict:
        return dict[str, Any]
    return hint


def model_of(cls: type, name: str | None = None, **extra: Any) -> type[BaseModel]:
    """The response model of an engine value type: each field with its type and its docstring as description;
    a field the type leaves out when it holds its default is optional and left out likewise. ``extra`` adds
    fields the API puts beside the engine's (as ``create_model`` takes them)."""
    if not extra and cls in _MODELS:
        return _MODELS[cls]
    opts = wire_options(cls)
    fields: dict[str, Any] = {}
    for f in wire_fields(cls):
        kind = wire_hint(f.hint)
        if opts.omit_defaults and not f.required and f.name not in opts.always:
            fields[f.name] = (kind | None, Omitted(f.doc))
        else:
            fields[f.name] = (kind, Field(..., description=f.doc))
    doc = (cls.__doc__ or "").strip()
    model: type[BaseModel] = create_model(
        name or MODEL_NAMES.get(cls, f"{cls.__name__}Model"), __doc__=" ".join(doc.split()), **fields, **extra)
    if not extra:
        _MODELS[cls] = model
    return model


if TYPE_CHECKING:  # derived at run time; to a type checker, models
    ActionModel = BaseModel
    ViewModel = BaseModel
    EventModel = BaseModel
    RulesModel = BaseModel
    HandSummaryModel = BaseModel
    HollywoodGameModel = BaseModel
    RuleSettings = Strict
else:
    ActionModel = model_of(Action)
    ViewModel = model_of(View, practice=(bool, Field(False, description="A practice game (dealt from a seed the "
                                                                         "client chose): not counted in your stats")),
                         daily=(str | None, Field(None, description="The day (YYYY-MM-DD, UTC) whose daily deal "
                                                  "this is, else null; its deck and salt stay hidden until the day "
                                                  "has ended")))
    EventModel = model_of(Event, seq=(int, Field(..., ge=1, description="Position in the game's event log, from 1")))
    RulesModel = model_of(Rules)
    HandSummaryModel = model_of(HandSummary)
    HollywoodGameModel = model_of(HollywoodGame)
    RuleSettings = create_model(
        "RuleSettings", __doc__="Variant settings on top of the chosen preset; leave out what you don't change.",
        __base__=Strict,
        **{s.name: (wire_hint(s.hint) | None, Field(None, description=s.doc)) for s in SETTINGS},
    )
