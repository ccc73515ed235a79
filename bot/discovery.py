"""Which cog extensions the bot loads: found by scanning the ``cogs`` package, so adding a game
is adding its folder and editing no list.

Every package of ``cogs`` is one game's cog (``cogs/<game>/``, its ``setup`` in ``__init__``);
every module is a shared cog (tables, clocks, leaderboards...). The games' own translations
(``cogs/<game>/locales``) are found by :mod:`bot.i18n` itself, so they are loaded before any
cog module is imported, whichever module is imported first.
"""

from __future__ import annotations

import importlib.util
import pkgutil

COGS = "cogs"


def cog_extensions(package: str = COGS) -> tuple[str, ...]:
    """The extensions to load, in a fixed order: the games' packages by name (each registers its
    game with the table service), then the shared modules by name. Shared cogs read the
    registered games only when a command runs, so the order changes no behaviour; it is fixed
    so that every start registers the same commands in the same order."""
    spec = importlib.util.find_spec(package)
    if spec is None or spec.submodule_search_locations is None:
        raise ModuleNotFoundError(f"no package {package!r}")
    found = [m for m in pkgutil.iter_modules(spec.submodule_search_locations) if not m.name.startswith("_")]
    games = sorted(m.name for m in found if m.ispkg)
    shared = sorted(m.name for m in found if not m.ispkg)
    return tuple(f"{package}.{name}" for name in (*games, *shared))
