"""The Manhattan Project on Discord: commands, buttons, pickers, private views (``setup`` in ``cog``)."""

from cogs.manhattan.cog import setup

__all__ = ["setup"]
