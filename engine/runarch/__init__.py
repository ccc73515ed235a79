"""RunArch: swap stones on a 5×5 board of pads to match the patterns on your cards.

Only the simple 2-player variant is implemented; ``GAME`` is what the registry loads.
"""

from engine.runarch.game import GAME, RunArch

__all__ = ["GAME", "RunArch"]
