"""RunArch on Discord: the cog (``cog.py``) and the pieces it is built from."""

from cogs.runarch.cog import setup

__all__ = ["setup"]
