"""The JSON form of the engine's value types, derived from how each type is declared.

A value type that reaches a player or a client (a view, an event, an action, a hand's result and summary, the
rules) is declared once, as a frozen dataclass or a named tuple: its fields, their types, and a docstring under
each field. From that declaration this module derives the type's JSON form, ``encoder`` (the value to a dict of
JSON values) and ``decoder`` (back), and lists its fields with their documentation (``wire_fields``), from which
the API derives its models and the OpenAPI document (``ginrummy.api.schemas``). A field added to a type reaches
the JSON form, the API's models and the documentation without another edit.

Types map to JSON this way: a ``Card`` is its code ("7H"), an enum its value, a tuple a list, a value type its
own object, ``None`` null, and numbers, strings and booleans themselves. A type declared with ``wire_type`` may
leave out the fields that hold their default (``omit_defaults``, except those it names in ``always``) and may
add properties computed from its fields (``computed``).

Encoders and decoders are compiled once per type into plain functions, the way ``collections.namedtuple``
builds its methods, so they cost what a hand-written ``to_json`` costs: a view is encoded on every move.
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import itertools
import textwrap
import types
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Annotated, Any, Literal, TypeAlias, TypeVar, Union, get_args, get_origin, get_type_hints

from .cards import CODES, Card, parse_card

T = TypeVar("T")


class _SeatMarker:
    """Marks an ``int`` field that holds a seat (0 or 1), so that a schema can say so."""

    def __repr__(self) -> str:
        return "SEAT"


SEAT = _SeatMarker()
Seat: TypeAlias = Annotated[int, SEAT]
"""A seat: 0 is whoever created the game, 1 the computer or whoever joined it."""

class _NoDefault:
    def __repr__(self) -> str:
        return "NO_DEFAULT"


NO_DEFAULT: Any = _NoDefault()
"""The default of a field that has none."""


@dataclass(frozen=True, slots=True)
class Range:
    """The values an ``int`` field may hold, ``low`` to ``high`` included: ``Annotated[int, Range(0, 10)]``."""

    low: int
    high: int


def value_range(hint: Any) -> Range | None:
    """The ``Range`` declared with a field's type, if any."""
    return next((m for m in get_args(hint)[1:] if isinstance(m, Range)), None) \
        if get_origin(hint) is Annotated else None


def literal_values(hint: Any) -> tuple[Any, ...] | None:
    """The values a ``Literal`` type allows, or None for any other type."""
    hint = _unwrap(hint)
    return get_args(hint) if get_origin(hint) is Literal else None


def is_seat(hint: Any) -> bool:
    """Whether a field's type says it holds a seat (``Seat``, or ``Seat | None``)."""
    inner = _optional(_unwrap(hint))
    hint = hint if inner is None else inner
    return get_origin(hint) is Annotated and SEAT in get_args(hint)[1:]


@dataclass(frozen=True, slots=True)
class WireOptions:
    omit_defaults: bool = False
    """Leave out of the JSON the fields that hold their default value."""
    always: tuple[str, ...] = ()
    """Fields written even when they hold their default (with ``omit_defaults``)."""
    computed: tuple[str, ...] = ()
    """Properties written after the fields, computed from them (read back they are ignored)."""


@dataclass(frozen=True, slots=True)
class WireField:
    """One field of a value type's JSON form."""

    name: str
    hint: Any
    """Its declared type (``typing`` form, ``Annotated`` kept)."""
    doc: str
    """Its docstring, in one line."""
    default: Any = NO_DEFAULT
    """Its default value, or ``NO_DEFAULT``."""
    computed: bool = False
    """A property computed from the fields: written, never read back."""

    @property
    def required(self) -> bool:
        """Whether every JSON form of the type holds this field."""
        return self.default is NO_DEFAULT or self.computed


_OPTIONS: dict[type, WireOptions] = {}


def wire_type(*, omit_defaults: bool = False, always: tuple[str, ...] = (),
              computed: tuple[str, ...] = ()) -> Callable[[type[T]], type[T]]:
    """Declare how a value type's JSON form differs from the plain one (see the module's docstring)."""
    def declare(cls: type[T]) -> type[T]:
        _OPTIONS[cls] = WireOptions(omit_defaults, always, computed)
        return cls
    return declare


def is_wire_type(hint: Any) -> bool:
    return isinstance(hint, type) and (dataclasses.is_dataclass(hint) or _is_named_tuple(hint))


def _is_named_tuple(cls: type) -> bool:
    return issubclass(cls, tuple) and hasattr(cls, "_fields")


def wire_options(cls: type) -> WireOptions:
    return _OPTIONS.get(cls, WireOptions())


_FIELDS: dict[type, tuple[WireField, ...]] = {}


def wire_fields(cls: type) -> tuple[WireField, ...]:
    """The fields of ``cls``'s JSON form, in order: its declared fields, then the computed ones."""
    known = _FIELDS.get(cls)
    if known is not None:
        return known
    hints = get_type_hints(cls, include_extras=True)
    docs = field_docs(cls)
    listed: list[WireField] = []
    if dataclasses.is_dataclass(cls):
        for f in dataclasses.fields(cls):
            default = f.default if f.default is not dataclasses.MISSING else (
                f.default_factory() if f.default_factory is not dataclasses.MISSING else NO_DEFAULT)
            listed.append(WireField(f.name, hints[f.name], docs.get(f.name, ""), default))
    else:
        defaults = getattr(cls, "_field_defaults", {})
        for name in cls._fields:  # type: ignore[attr-defined]
            listed.append(WireField(name, hints[name], docs.get(name, ""), defaults.get(name, NO_DEFAULT)))
    for name in wire_options(cls).computed:
        prop = getattr(cls, name)
        returns = get_type_hints(prop.fget, include_extras=True)["return"]
        listed.append(WireField(name, returns, _one_line(inspect.getdoc(prop) or ""), computed=True))
    fields = tuple(listed)
    _FIELDS[cls] = fields
    return fields


def field_docs(cls: type) -> dict[str, str]:
    """The docstring written under each field of ``cls``'s class body (a bare string after the field, or after
    an enum's member)."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    body = tree.body[0].body  # type: ignore[attr-defined]
    docs: dict[str, str] = {}
    for statement, following in itertools.pairwise(body):
        target: ast.expr
        if isinstance(statement, ast.AnnAssign):
            target = statement.target
        elif isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            target = statement.targets[0]
        else:
            continue
        if isinstance(target, ast.Name) and isinstance(following, ast.Expr) \
                and isinstance(following.value, ast.Constant) and isinstance(following.value.value, str):
            docs[target.id] = _one_line(following.value.value)
    return docs


def _one_line(text: str) -> str:
    return " ".join(text.split())


# --- compiling

def _unwrap(hint: Any) -> Any:
    """The type under ``Annotated``."""
    while get_origin(hint) is Annotated:
        hint = get_args(hint)[0]
    return hint


def _optional(hint: Any) -> Any | None:
    """``X`` for ``X | None``, else None."""
    if get_origin(hint) in (Union, types.UnionType):
        args = [a for a in get_args(hint) if a is not type(None)]
        if len(args) == 1 and len(get_args(hint)) == 2:
            return args[0]
    return None


class _Compiler:
    """Writes the source of one encoder or decoder, with the names it refers to."""

    def __init__(self) -> None:
        self.names: dict[str, Any] = {"_CODES": CODES, "_parse_card": parse_card}
        self.depth = 0

    def name_for(self, value: Any) -> str:
        for name, known in self.names.items():
            if known is value:
                return name
        name = f"_n{len(self.names)}"
        self.names[name] = value
        return name

    def _var(self) -> str:
        self.depth += 1
        return f"x{self.depth}"

    def encode(self, hint: Any, expr: str) -> str:
        hint = _unwrap(hint)
        inner = _optional(hint)
        if inner is not None:
            coded = self.encode(inner, expr)
            return expr if coded == expr else f"(None if {expr} is None else {coded})"
        if hint is Card:
            return f"_CODES[{expr}]"
        if hint in (int, str, bool, float, Any) or get_origin(hint) is Literal:
            return expr
        if isinstance(hint, type) and issubclass(hint, Enum):
            return f"{expr}.value"
        if get_origin(hint) is tuple:
            args = get_args(hint)
            if (len(args) == 2 and args[1] is Ellipsis) or len(set(args)) == 1:
                var = self._var()
                coded = self.encode(args[0], var)
                return f"list({expr})" if coded == var else f"[{coded} for {var} in {expr}]"
            return "[" + ", ".join(self.encode(a, f"{expr}[{i}]") for i, a in enumerate(args)) + "]"
        if hint is dict or get_origin(hint) is dict:
            return f"dict({expr})"
        if is_wire_type(hint):
            return f"{self.name_for(encoder(hint))}({expr})"
        raise TypeError(f"no JSON form for {hint!r}")

    def decode(self, hint: Any, expr: str) -> str:
        hint = _unwrap(hint)
        inner = _optional(hint)
        if inner is not None:
            coded = self.decode(inner, expr)
            return expr if coded == expr else f"(None if {expr} is None else {coded})"
        if hint is Card:
            return f"_parse_card({expr})"
        if hint in (int, str, bool, float, Any) or get_origin(hint) is Literal:
            return expr
        if isinstance(hint, type) and issubclass(hint, Enum):
            return f"{self.name_for(hint)}({expr})"
        if get_origin(hint) is tuple:
            args = get_args(hint)
            if len(args) == 2 and args[1] is Ellipsis:
                var = self._var()
                coded = self.decode(args[0], var)
                return f"tuple({expr})" if coded == var else f"tuple([{coded} for {var} in {expr}])"
            return "(" + "".join(self.decode(a, f"{expr}[{i}]") + ", " for i, a in enumerate(args)) + ")"
        if hint is dict or get_origin(hint) is dict:
            return f"dict({expr})"
        if is_wire_type(hint):
            return f"{self.name_for(decoder(hint))}({expr})"
        raise TypeError(f"no JSON form for {hint!r}")

    def build(self, source: str, name: str) -> Any:
        namespace = dict(self.names)
        exec(compile(source, f"<wire {name}>", "exec"), namespace)  # the source is written above from type hints
        return namespace[name]


_ENCODERS: dict[type, Callable[[Any], dict[str, Any]]] = {}
_DECODERS: dict[type, Any] = {}


def encoder(cls: type) -> Callable[[Any], dict[str, Any]]:
    """The function that writes a ``cls`` value as a dict of JSON values (compiled on first use)."""
    known = _ENCODERS.get(cls)
    if known is not None:
        return known
    compiler = _Compiler()
    opts = wire_options(cls)
    fields = wire_fields(cls)
    lines = [f"def encode_{cls.__name__}(v):"]
    if not opts.omit_defaults:
        items = ", ".join(f"{f.name!r}: {compiler.encode(f.hint, 'v.' + f.name)}" for f in fields)
        lines.append(f"    return {{{items}}}")
    else:
        kept = [f for f in fields if f.required or f.name in opts.always]
        items = ", ".join(f"{f.name!r}: {compiler.encode(f.hint, 'v.' + f.name)}" for f in kept)
        lines.append(f"    d = {{{items}}}")
        for f in fields:
            if f in kept:
                continue
            test = "is not None" if f.default is None else f"!= {compiler.name_for(f.default)}"
            lines.append(f"    x = v.{f.name}")
            lines.append(f"    if x {test}: d[{f.name!r}] = {compiler.encode(f.hint, 'x')}")
        lines.append("    return d")
    function = compiler.build("\n".join(lines), f"encode_{cls.__name__}")
    _ENCODERS[cls] = function
    return function  # type: ignore[no-any-return]


def decoder(cls: type[T]) -> Callable[[dict[str, Any]], T]:
    """The function that reads a ``cls`` value back from its JSON form (compiled on first use). Fields that
    hold their default may be missing; computed fields and unknown keys are ignored."""
    known: Callable[[dict[str, Any]], T] | None = _DECODERS.get(cls)
    if known is not None:
        return known
    compiler = _Compiler()
    compiler.names["_cls"] = cls
    args = []
    for f in wire_fields(cls):
        if f.computed:
            continue
        if f.default is NO_DEFAULT:
            args.append(f"{f.name}={compiler.decode(f.hint, 'd[' + repr(f.name) + ']')}")
        else:  # missing, or null where null is not a value of the field: the default
            default = compiler.name_for(f.default)
            coded = compiler.decode(f.hint, "x")
            if f.default is None or _optional(_unwrap(f.hint)) is not None:
                value = f"{default} if (x := d.get({f.name!r}, {default})) is {default} else {coded}"
            else:
                value = f"{default} if (x := d.get({f.name!r})) is None else {coded}"
            args.append(f"{f.name}=({value})")
    source = f"def decode_{cls.__name__}(d):\n    return _cls({', '.join(args)})"
    function = compiler.build(source, f"decode_{cls.__name__}")
    _DECODERS[cls] = function
    return function  # type: ignore[no-any-return]
