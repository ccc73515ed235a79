"""Pure game rules: no I/O, no Discord, no pictures, no asyncio.

Every game is a package beside ``core`` exposing an object that follows
:class:`engine.core.Game`; :func:`engine.registry.get_game` finds it by name.
"""
