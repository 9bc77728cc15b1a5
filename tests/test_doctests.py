"""The examples in the engine's docstrings are run as tests, so the documentation stays true."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import ginrummy.engine

MODULES = sorted(m.name for m in pkgutil.iter_modules(ginrummy.engine.__path__, "ginrummy.engine."))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_some_examples_exist() -> None:
    attempted = sum(doctest.testmod(importlib.import_module(n)).attempted for n in MODULES)
    assert attempted >= 3
