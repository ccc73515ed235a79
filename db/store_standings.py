"""The store's standings part: leaderboards, a player's statistics and the board settings.

Kept apart from ``store.py`` because these are the read side of finished games (plus the
few writes that decide who appears on a board), not the life of a table; the queries live in
:mod:`db.boards` and :mod:`db.standings`, this mixin only runs them under the store's lock.
"""

from __future__ import annotations

from db import boards, standings
from db.sql import run
from db.store_base import StoreBase


class StandingsStore(StoreBase):
    """Leaderboards, statistics and rating history; :class:`db.store.Store` inherits it."""

    async def board(
        self,
        key: boards.BoardKey,
        page: int = 0,
        *,
        caller_id: int | None = None,
        per_page: int = boards.PER_PAGE,
    ) -> boards.BoardPage:
        """One page of a leaderboard and the caller's place on it."""
        async with self._read() as conn:
            return await boards.board_page(conn, key, page, caller_id, per_page)

    async def player_summary(self, user_id: int) -> boards.PlayerSummary | None:
        """A player's games, wins, ratings and places; ``None`` if they never finished a game."""
        async with self._read() as conn:
            return await boards.player_summary(conn, user_id)

    async def rating_history(self, user_id: int, game: str, variant: str = "") -> list[float]:
        async with self._read() as conn:
            return await boards.rating_history(conn, user_id, game, variant)

    async def recent_games(self, user_id: int, limit: int = 10) -> list[boards.FinishedGame]:
        async with self._read() as conn:
            return await boards.recent_games(conn, user_id, limit)

    async def set_global_board(self, user_id: int, listed: bool) -> None:
        """Show (the default) or hide a player on the global leaderboards."""
        now = self._clock()
        async with self._write() as conn:
            await standings.set_listed(conn, user_id, listed, now)

    async def global_board(self, user_id: int) -> bool:
        async with self._read() as conn:
            rows = list(
                await conn.execute_fetchall("SELECT global_board FROM players WHERE user_id = ?", (user_id,))
            )
        return bool(rows[0]["global_board"]) if rows else True

    async def forget_member(self, guild_id: int, user_id: int) -> None:
        """A player left a server: they leave its boards (their games and ratings stay)."""
        async with self._write() as conn:
            await run(
                conn, "DELETE FROM guild_players WHERE guild_id = ? AND user_id = ?", (guild_id, user_id)
            )

    async def rebuild_standings(self) -> int:
        """Recompute ratings and solo records from the results in finishing order; return tables counted."""
        async with self._write() as conn:
            return await standings.rebuild(conn)
