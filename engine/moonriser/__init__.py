"""Moonriser: hex tile placement on the Moon for 2–4 players; ``GAME`` is what the registry loads."""

from engine.moonriser.game import GAME, Moonriser

__all__ = ["GAME", "Moonriser"]
