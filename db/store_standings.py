"""The store's standings part: leaderboards, a player's statistics and the board settings.

Kept apart from ``store.py`` because these are the read side of finished games (plus the
few writes that decide who appears on a board), not the life of a table; the queries live in
:mod:`db.boards` and :mod:`db.standings`, this mixin runs each as one transaction.
"""

from __future__ import annotations

from db import boards, standings
from db.store_base import StoreBase
from db.tx import Tx


async def _global_board(tx: Tx, user_id: int) -> bool:
    row = await tx.fetchone("SELECT global_board FROM players WHERE user_id = ?", (user_id,))
    return bool(row["global_board"]) if row is not None else True


async def _forget_member(tx: Tx, guild_id: int, user_id: int) -> None:
    await tx.execute("DELETE FROM guild_players WHERE guild_id = ? AND user_id = ?", (guild_id, user_id))


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
        return await self._reading(boards.board_page, key, page, caller_id, per_page)

    async def player_summary(self, user_id: int) -> boards.PlayerSummary | None:
        """A player's games, wins, ratings and places; ``None`` if they never finished a game."""
        return await self._reading(boards.player_summary, user_id)

    async def rating_history(self, user_id: int, game: str, variant: str = "") -> list[float]:
        return await self._reading(boards.rating_history, user_id, game, variant)

    async def recent_games(self, user_id: int, limit: int = 10) -> list[boards.FinishedGame]:
        return await self._reading(boards.recent_games, user_id, limit)

    async def set_global_board(self, user_id: int, listed: bool) -> None:
        """Show (the default) or hide a player on the global leaderboards."""
        await self._writing(standings.set_listed, user_id, listed, self._clock())

    async def global_board(self, user_id: int) -> bool:
        return await self._reading(_global_board, user_id)

    async def forget_member(self, guild_id: int, user_id: int) -> None:
        """A player left a server: they leave its boards (their games and ratings stay)."""
        await self._writing(_forget_member, guild_id, user_id)

    async def rebuild_standings(self) -> int:
        """Recompute ratings and solo records from the results in finishing order; return tables counted."""
        return await self._writing(standings.rebuild)
