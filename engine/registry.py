"""Games by name. A game is a folder: every package of ``engine`` except ``core`` that exports
``GAME`` is found by scanning, so adding a game edits no list here. A game that lives
elsewhere (a test's own game) is added with :func:`register`."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

import engine
from engine.core.game import Game

SHARED = frozenset({"core"})
"""Packages of ``engine`` that are no game."""

_registered: dict[str, Game] = {}


@cache
def discovered() -> dict[str, Game]:
    """Every game package of ``engine``, by name (in name order, so everything built from it is
    deterministic). A package's ``GAME.info.name`` must be its folder's name: the bot finds its
    cog, pictures, translations and rules page by that name."""
    found: dict[str, Game] = {}
    for module in sorted(pkgutil.iter_modules(engine.__path__), key=lambda m: m.name):
        if not module.ispkg or module.name in SHARED or module.name.startswith("_"):
            continue
        game = getattr(importlib.import_module(f"{engine.__name__}.{module.name}"), "GAME", None)
        if not isinstance(game, Game):
            continue
        if game.info.name != module.name:
            raise ValueError(f"engine/{module.name} exports a game named {game.info.name!r}")
        found[module.name] = game
    return found


def register(game: Game) -> None:
    """Add a game that is not a package of ``engine`` (a test's own game, tests/games/...)."""
    name = game.info.name
    known = discovered().get(name) or _registered.get(name)
    if known is not None and known is not game:
        raise ValueError(f"another game is already called {name!r}")
    _registered[name] = game


def games() -> dict[str, Game]:
    """The discovered games, then the registered ones."""
    return {**discovered(), **_registered}


def names() -> tuple[str, ...]:
    return tuple(games())


def get_game(name: str) -> Game:
    """The game called ``name``; ``KeyError`` if there is none."""
    return games()[name]


def __getattr__(attribute: str) -> tuple[str, ...]:
    """``GAME_NAMES``, the list this module once kept, is now computed."""
    if attribute == "GAME_NAMES":
        return names()
    raise AttributeError(attribute)
