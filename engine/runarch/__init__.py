"""RunArch: swap stones on a 5×5 board of pads to match the patterns on your cards.

The simple and complex variants, for two people or one against the automa; ``GAME`` is what
the registry loads.
"""

from engine.runarch.game import GAME, RunArch

__all__ = ["GAME", "RunArch"]
