"""Games stored by id: SQLite by default, PostgreSQL by URL, the same behaviour on both."""

from .base import GameStore
from .codec import STORED_SCHEMA, decode_state, encode_state
from .profiles import ProfileStore  # its table and the queue's are part of the schema (tables.metadata)
from .records import GameRecord, PlayerGame, StoredReply
from .schema import SchemaError
from .seeks import SeekQueue
from .sql import SqlStore, StoreError

__all__ = ["STORED_SCHEMA", "GameRecord", "GameStore", "PlayerGame", "ProfileStore", "SchemaError", "SeekQueue",
           "SqlStore", "StoreError", "StoredReply", "decode_state", "encode_state"]
