"""MarsBot: the Terraforming Mars automa as a solo companion; ``GAME`` is what the registry loads."""

from engine.marsbot.game import GAME, MarsBot

__all__ = ["GAME", "MarsBot"]
