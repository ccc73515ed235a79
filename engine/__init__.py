"""Pure game rules: no I/O, no Discord, no pictures, no asyncio.

Every game is a package beside ``core`` exporting ``GAME``, an object that follows
:class:`engine.core.Game`; :mod:`engine.registry` finds the packages by scanning, and
:func:`engine.registry.get_game` returns a game by name.
"""
