"""The profile bench's wrappers put in place: each part's functions looked up by name and replaced, in their own
module and wherever the product and its framework hold a reference to them, and put back afterwards."""

from __future__ import annotations

import importlib
import inspect
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any

from ginrummy.bench.profile_parts import PARTS, Part
from ginrummy.bench.profile_timer import Timer

SCANNED = {"ginrummy", "fastapi", "starlette"}
"""The packages whose modules' references to a timed function are replaced (besides its own module)."""


class Patches:
    """The wrappers put in place, and how to take them out again."""

    def __init__(self, timer: Timer, parts: tuple[Part, ...] | None = None) -> None:
        self.timer = timer
        self.parts = PARTS if parts is None else parts
        self.missing: list[str] = []
        self.found: dict[str, list[str]] = {}
        self.installed = False
        self._undo: list[Callable[[], None]] = []

    def install(self) -> None:
        """Put the wrappers in place; ``found`` and ``missing`` say which targets were there."""
        self.remove()
        self.found, self.missing, self.installed = {}, [], True
        for part in self.parts:
            for target in part.targets:
                if self._install(part, target):
                    self.found.setdefault(part.name, []).append(target)
                elif target not in self.missing:
                    self.missing.append(target)

    def remove(self) -> None:
        while self._undo:
            self._undo.pop()()
        self.installed = False

    def _install(self, part: Part, target: str) -> bool:
        spec, _, mode = target.partition("@")
        module_name, _, qualified = spec.partition(":")
        try:
            owner: Any = importlib.import_module(module_name)
        except ImportError:
            return False
        *path, name = qualified.split(".")
        for step in path:
            owner = getattr(owner, step, None)
            if owner is None:
                return False
        if isinstance(owner, ModuleType):
            original = getattr(owner, name, None)
            if not callable(original):
                return False
            wrapper = self.timer.wrap(part, original, mode)
            # Replace every reference to the function held by the product's and its framework's modules
            # (``from x import f`` binds one in the importer), the module it comes from included.
            for module in list(sys.modules.values()):
                if not isinstance(module, ModuleType) or module is sys.modules[__name__] or (
                        module is not owner and module.__name__.partition(".")[0] not in SCANNED):
                    continue
                for attribute, value in list(vars(module).items()):
                    if value is original:
                        self._set(module, attribute, wrapper)
            return True
        if not isinstance(owner, type):
            return False
        raw = inspect.getattr_static(owner, name, None)
        if raw is None:
            return False
        if isinstance(raw, staticmethod | classmethod):
            wrapped: Any = type(raw)(self.timer.wrap(part, raw.__func__, mode))
        elif callable(raw):
            wrapped = self.timer.wrap(part, raw, mode)
        else:
            return False
        self._set(owner, name, wrapped)
        return True

    def _set(self, owner: Any, name: str, value: Any) -> None:
        own = name in vars(owner)
        before = vars(owner).get(name)
        setattr(owner, name, value)
        self._undo.append(lambda: setattr(owner, name, before) if own else delattr(owner, name))
