"""MarsBot on Discord: the solo companion's commands, buttons, card form and forms (``setup`` in ``cog``)."""

from cogs.marsbot.cog import setup

__all__ = ["setup"]
