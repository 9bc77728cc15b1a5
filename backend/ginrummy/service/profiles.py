"""What others may know of a player: a handle of their own choosing (or one made for them), whether they are a bot
account, and their ratings; and the leaderboards of each pool."""

from __future__ import annotations

import re
import secrets
from typing import Any

from better_profanity import profanity

from ginrummy.ai.levels import LEVELS
from ginrummy.ai.personas import PERSONAS
from ginrummy.store.base import ProfileStore
from ginrummy.store.errors import StoreError
from ginrummy.store.records import Profile

from .errors import Conflict, Invalid
from .ratings import PROVISIONAL_DEVIATION, SETTLED_MATCHES, new_rating, shown

HANDLE = re.compile(r"[A-Za-z0-9_-]+( [A-Za-z0-9_-]+)*")
"""Letters, digits, `_` and `-`, in words with one space between them (none at either end)."""
HANDLE_LENGTH = (3, 20)
RESERVED = frozenset({"computer", "admin", "administrator", "moderator", "system", "support", "staff", "official",
                      "ginrummy", "anonymous", "guest", "bot", "nobody", "you",
                      *LEVELS, *(p.id for p in PERSONAS), *(p.name.casefold() for p in PERSONAS)})
"""Handles nobody may take: our computers' names, levels and words that would pass for the house."""
ADJECTIVES = ("Quiet", "Bold", "Clever", "Gentle", "Lucky", "Patient", "Swift", "Steady", "Bright", "Calm",
              "Brave", "Keen", "Merry", "Nimble", "Sly", "Wise", "Sunny", "Misty", "Silver", "Golden")
ANIMALS = ("Heron", "Otter", "Fox", "Badger", "Falcon", "Lynx", "Hare", "Wren", "Marten", "Osprey", "Stoat",
           "Plover", "Beaver", "Robin", "Curlew", "Seal", "Kestrel", "Moth", "Newt", "Crane")


def handle_key(handle: str) -> str:
    """What a reserved word is matched on: case-folded, separators gone ("Com-puter" is "computer")."""
    return re.sub(r"[ _-]", "", handle.casefold())


def check_handle(handle: str) -> str:
    """The handle as given, if a player may take it; else refused with a reason."""
    low, high = HANDLE_LENGTH
    if not low <= len(handle) <= high:
        raise Invalid("handle_length", f"a handle has {low} to {high} characters")
    if not HANDLE.fullmatch(handle):
        raise Invalid("handle_characters", "a handle is letters, digits, '_' and '-', in words with one space "
                      "between them (none at either end)")
    if handle_key(handle) in RESERVED:
        raise Invalid("handle_reserved", "that handle is kept for the house or its computers; choose another")
    if profanity.contains_profanity(handle) or profanity.contains_profanity(handle_key(handle)):
        raise Invalid("handle_blocked", "that handle is not allowed here; choose another")
    return handle


class ProfileService:
    def __init__(self, store: ProfileStore, provisional_above: float = PROVISIONAL_DEVIATION) -> None:
        self.store = store
        self.provisional_above = provisional_above
        """A rating with a deviation above this is provisional, and left off the leaderboards."""

    def profile(self, player_id: str) -> Profile:
        """The player's profile, with a handle made for them the first time they are looked at without one."""
        found = self.store.profile(player_id)
        if found.handle is None:
            for digits in (2, 2, 3, 4, 6):
                made = (f"{secrets.choice(ADJECTIVES)} {secrets.choice(ANIMALS)} "
                        f"{secrets.randbelow(9 * 10 ** (digits - 1)) + 10 ** (digits - 1)}")
                try:
                    self.store.set_handle(player_id, made, only_if_none=True)
                except StoreError:
                    continue  # another player has it: draw again, with more digits
                break
            found = self.store.profile(player_id)
        return found

    def me(self, player_id: str) -> dict[str, Any]:
        """The player's own profile as answered (a ``ProfileResponse``)."""
        found = self.profile(player_id)
        pool = found.pool
        return {"handle": found.handle, "is_bot": found.is_bot, "pool": pool,
                "rating": shown(found.ratings.get(pool) or new_rating(), self.provisional_above),
                "rated_finished": found.rated_finished, "rated_abandoned": found.rated_abandoned,
                "rank": self.store.rank(player_id, pool, self.provisional_above, SETTLED_MATCHES)}

    def card(self, player_id: str) -> dict[str, Any]:
        """A player as an opponent is shown them: handle, whether a bot, and rating in their pool."""
        found = self.profile(player_id)
        return {"handle": found.handle, "is_bot": found.is_bot,
                "rating": shown(found.ratings.get(found.pool) or new_rating(), self.provisional_above)}

    def rename(self, player_id: str, handle: str) -> dict[str, Any]:
        check_handle(handle)
        try:
            self.store.set_handle(player_id, handle)
        except StoreError as error:
            raise Conflict("handle_taken", "another player has that handle (handles are unique without regard "
                           "to case); choose another") from error
        return self.me(player_id)

    def become_bot(self, player_id: str) -> dict[str, Any]:
        """Make the player a bot account, for good (it then plays rated matches among bots only)."""
        if not self.store.make_bot(player_id):
            raise Conflict("played_as_person", "a player with rated matches among people cannot become a bot "
                           "account: make a new player for the bot")
        return self.me(player_id)

    def leaderboard(self, pool: str, limit: int) -> dict[str, Any]:
        listed = self.store.leaderboard(pool, limit, self.provisional_above, SETTLED_MATCHES)
        return {"pool": pool, "players": [{"rank": rank, "handle": entry["handle"],
                                           **shown(entry["rating"], self.provisional_above)}
                                          for rank, entry in enumerate(listed, start=1)]}
