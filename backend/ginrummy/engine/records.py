"""Named tuples built and updated by field name, at the speed of building them by position.

Every move makes a new ``HandState`` (17 fields) and an ``Event``. ``_replace`` takes its changes as a dict of
keywords and rebuilds through ``_make`` (several times slower than the move's own work), and a named tuple's
constructor goes through the class call; building the tuple with ``tuple.__new__`` from every field in order is
fast, but ties each move to the order and number of the fields. The functions here write that positional code
once, at import, from field names (as ``collections.namedtuple`` writes its own ``__new__`` with ``exec``), so a
move names only the fields it changes, and a field added later needs no edit where it is not used.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple, TypeVar, overload

T = TypeVar("T", bound=NamedTuple)
Outer = TypeVar("Outer", bound=NamedTuple)


def _checked(cls: type[Any], names: tuple[str, ...]) -> tuple[str, ...]:
    fields: tuple[str, ...] = cls._fields
    unknown = [name for name in names if name not in fields]
    if unknown:
        raise ValueError(f"{cls.__name__} has no field {', '.join(unknown)}")
    if len(set(names)) != len(names):
        raise ValueError(f"a field of {cls.__name__} is named twice in {names}")
    return fields


def _compiled(source: str, name: str, cls: type[Any], outer: type[Any] | None = None) -> Callable[..., Any]:
    namespace: dict[str, Any] = {"_new": tuple.__new__, "_cls": cls, "_outer": outer,
                                 "_defaults": getattr(cls, "_field_defaults", {})}
    exec(source, namespace)
    function: Callable[..., Any] = namespace[name]
    function.__module__ = __name__
    return function


@overload
def replacer(cls: type[T], *names: str) -> Callable[..., T]: ...


@overload
def replacer(cls: type[Any], *names: str, within: tuple[type[Outer], str]) -> Callable[..., Outer]: ...


def replacer(cls: type[Any], *names: str, within: tuple[type[Any], str] | None = None) -> Callable[..., Any]:
    """A function ``(old, **changes)``: a copy of the named tuple ``old`` with the fields ``names`` (keyword
    arguments, each required) given new values, and the others kept.

    With ``within=(outer, field)``, the function takes and returns an ``outer`` named tuple whose ``field`` is a
    ``cls``, and replaces the fields ``names`` of that inner tuple: one call where a copy of the inner tuple and
    then of the outer one would take two.

    >>> from typing import NamedTuple
    >>> class Point(NamedTuple):
    ...     x: int
    ...     y: int
    ...     z: int = 0
    >>> moved = replacer(Point, "x", "z")
    >>> moved(Point(1, 2, 3), x=10, z=30)
    Point(x=10, y=2, z=30)
    >>> class Line(NamedTuple):
    ...     start: Point
    ...     end: Point
    >>> replacer(Point, "y", within=(Line, "end"))(Line(Point(0, 0), Point(1, 1)), y=5)
    Line(start=Point(x=0, y=0, z=0), end=Point(x=1, y=5, z=0))
    """
    if not names:
        raise ValueError("name at least one field to replace")
    fields = _checked(cls, names)
    # The kept fields are unpacked into _0, _1, ... (a field's name never starts with an underscore).
    unpacked = ", ".join("_" if field in names else f"_{i}" for i, field in enumerate(fields))
    rebuilt = f"_new(_cls, ({', '.join(field if field in names else f'_{i}' for i, field in enumerate(fields))},))"
    name = f"{cls.__name__}_with_{'_'.join(names)}"
    if within is None:
        body = f"    {unpacked}, = _old\n    return {rebuilt}\n"
        outer: type[Any] = cls
    else:
        outer, field = within
        outer_fields = _checked(outer, (field,))
        name = f"{outer.__name__}_with_{field}_with_{'_'.join(names)}"
        kept = [f"_o{i}" for i in range(len(outer_fields))]
        at = outer_fields.index(field)
        body = (f"    {', '.join(kept)}, = _old\n"
                f"    {unpacked}, = _o{at}\n"
                f"    return _new(_outer, ({', '.join(rebuilt if i == at else k for i, k in enumerate(kept))},))\n")
    source = f"def {name}(_old, *, {', '.join(names)}):\n{body}"
    function = _compiled(source, name, cls, outer)
    where = "" if within is None else f" in the {within[1]} of a {outer.__name__}"
    function.__doc__ = f"A copy with new {', '.join(names)} of the {cls.__name__}{where}."
    return function


def maker(cls: type[T]) -> Callable[..., T]:
    """A function taking the fields of the named tuple ``cls`` (by position or by name, those with a default
    may be left out) and returning the tuple: the class's own constructor without the class call, which costs
    about as much again as building the tuple.

    >>> from typing import NamedTuple
    >>> class Point(NamedTuple):
    ...     x: int
    ...     y: int
    ...     z: int = 0
    >>> maker(Point)(1, z=3, y=2)
    Point(x=1, y=2, z=3)
    """
    fields = _checked(cls, ())
    defaults: dict[str, Any] = getattr(cls, "_field_defaults", {})
    parameters = ", ".join(f"{field}=_defaults[{field!r}]" if field in defaults else field for field in fields)
    name = f"make_{cls.__name__}"
    source = (f"def {name}({parameters}):\n"
              f"    return _new(_cls, ({', '.join(fields)},))\n")
    function = _compiled(source, name, cls)
    function.__doc__ = f"A {cls.__name__} from its fields, as its constructor makes it."
    return function
