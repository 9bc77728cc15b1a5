"""The store's error, in a module of its own so that the schema module and the SQL store can both raise it."""

from __future__ import annotations


class StoreError(Exception):
    """A store operation that cannot go on; ``code`` says why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
