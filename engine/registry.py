"""Game lookup by name; the only place that lists the games."""

from __future__ import annotations

from engine.core.game import Game


def get_game(name: str) -> Game:
    if name == "runarch":
        from engine.runarch import GAME

        return GAME
    raise KeyError(name)


GAME_NAMES: tuple[str, ...] = ("runarch",)
