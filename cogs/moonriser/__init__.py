"""Moonriser on Discord: commands, board buttons, pickers and private views (``setup`` in ``cog``)."""

from cogs.moonriser.cog import setup

__all__ = ["setup"]
