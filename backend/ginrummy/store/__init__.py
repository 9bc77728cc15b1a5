"""Games stored by id: SQLite by default, PostgreSQL by URL, the same behaviour on both."""

from .codec import STORED_SCHEMA, decode_state, encode_state
from .sql import GameRecord, PlayerGame, PlayerStats, SqlStore, StoreError

__all__ = ["STORED_SCHEMA", "GameRecord", "PlayerGame", "PlayerStats", "SqlStore", "StoreError", "decode_state",
           "encode_state"]
