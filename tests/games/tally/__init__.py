"""Tally: a small test game for 2-5 players (never shipped: ``tests/`` is not packaged).

It exercises what the shared bot must handle for the games to come: simultaneous secret
choices, a reaction out of turn, a private draw, an undo point, bot players and a seat that
leaves while the game goes on. Its catalogs are loaded here, before ``cog.py`` builds its
commands from them.
"""

from pathlib import Path

from bot.i18n import add_catalogs

add_catalogs(Path(__file__).parent / "locales")
