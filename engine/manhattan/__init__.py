"""The Manhattan Project: worker placement and bombs for 2–5 players; ``GAME`` is what the registry loads."""

from engine.manhattan.game import GAME, Manhattan

__all__ = ["GAME", "Manhattan"]
