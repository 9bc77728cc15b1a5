"""The engine's exceptions.

Two families, because callers answer them differently: input that is not
well-formed at all (an unknown card code, a broken saved game) is an
``InvalidInputError``; a well-formed action that the rules do not allow now is
an ``IllegalActionError``. Both carry a machine ``code`` and a readable message.
"""

from __future__ import annotations


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""

    code = "engine_error"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code

    @property
    def message(self) -> str:
        return str(self.args[0])


class InvalidInputError(EngineError, ValueError):
    """Input that does not describe a card, action, rule set or saved game."""

    code = "invalid_input"


class InvalidCardError(InvalidInputError):
    code = "invalid_card"


class IllegalActionError(EngineError):
    """A well-formed action the rules do not allow in this state."""

    code = "illegal_action"
