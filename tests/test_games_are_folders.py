"""A game is a folder: every engine found has its cog and pictures as packages of its name, its rules
page and translations, nothing of it lives in shared files, and the custom ids of its buttons cannot
be taken for another game's."""

from __future__ import annotations

import ast
import importlib
import re
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from simcord import Env

import bot.client
from bot.client import GameBot
from bot.config import Config
from bot.declension import NAMES_FILE
from bot.discovery import cog_extensions
from bot.i18n import CATALOG_DIRS, LANGS, LOCALES_DIR, game_catalog_dirs, is_plural
from engine import registry
from engine.core import Game
from engine.runarch import GAME as RUNARCH
from tests.bot.harness import Table

ROOT = Path(__file__).resolve().parent.parent
GAMES = registry.discovered()
SEGMENT = re.compile(r"[a-z][a-z0-9-]*")
"""The literal segment a custom id starts with, before its first ':'."""


def flat(folder: Path, lang: str) -> dict[str, str]:
    """The messages of one catalog folder and language, flattened like ``bot.i18n.catalog``."""
    out: dict[str, str] = {}

    def walk(prefix: str, node: dict[str, Any]) -> None:
        for key, value in node.items():
            full = f"{prefix}.{key}" if prefix else key
            if isinstance(value, dict):
                walk(full, value)
            else:
                out[full] = str(value)

    for path in sorted((folder / lang).glob("*.toml")):
        if path.name == NAMES_FILE:  # case forms of names, not sentences
            continue
        with path.open("rb") as fh:
            walk("", tomllib.load(fh))
    return out


def sentence_keys(folder: Path, lang: str) -> set[str]:
    """The keys of a folder's sentences, a plural table counted once (by its own key)."""
    keys = set()
    for key in flat(folder, lang):
        while (parent := key.rpartition(".")[0]) and is_plural(lang, parent):
            key = parent
        keys.add(key)
    return keys


# ------------------------------------------------------------------ discovery


def test_the_engine_package_is_scanned_for_games() -> None:
    assert "runarch" in GAMES and GAMES["runarch"] is RUNARCH
    assert "core" not in GAMES
    assert registry.get_game("runarch") is RUNARCH
    assert registry.names() == tuple(sorted(registry.names()))


def test_a_game_kept_outside_engine_is_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_registered", {})

    class Elsewhere(type(RUNARCH)):  # type: ignore[misc]
        info = type(RUNARCH.info)(name="elsewhere", min_players=2, max_players=3)

    game = Elsewhere()
    registry.register(game)
    assert registry.get_game("elsewhere") is game
    assert "elsewhere" in registry.names()
    with pytest.raises(ValueError):
        registry.register(type(RUNARCH)())  # a second game called "runarch"


def test_cog_extensions_are_found_games_first_in_name_order() -> None:
    found = cog_extensions()
    games = [name for name in found if (ROOT / Path(*name.split("."))).is_dir()]
    shared = [name for name in found if name not in games]
    assert found == (*sorted(games), *sorted(shared))
    assert {"cogs.tables", "cogs.clocks", "cogs.leaderboard", "cogs.player_stats", "cogs.records"} <= set(
        shared
    )


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_is_three_packages_and_no_flat_picture_module(game: str) -> None:
    """``engine/<game>/``, ``cogs/<game>/`` and ``render/<game>/`` are packages a newcomer finds by
    the game's name; no ``render/<game>_*.py`` is left beside the shared picture modules."""
    for top in ("engine", "cogs", "render"):
        assert (ROOT / top / game / "__init__.py").is_file(), f"{top}/{game}/ is not a package"
        package = importlib.import_module(f"{top}.{game}")
        assert Path(package.__file__ or "").resolve().parent == ROOT / top / game
    flat_files = sorted(p.name for p in (ROOT / "render").glob(f"{game}*.py"))
    assert flat_files == [], f"picture modules of {game} outside render/{game}/: {flat_files}"
    drawn = [p for p in (ROOT / "render" / game).glob("*.py") if p.name != "__init__.py"]
    assert drawn, f"render/{game}/ draws nothing"
    cog_imports = {
        node.module
        for path in (ROOT / "cogs" / game).rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ImportFrom) and node.module
    }
    assert any(m.startswith(f"render.{game}.") for m in cog_imports), f"cogs/{game}/ draws no picture"


def test_shared_code_imports_no_games_package() -> None:
    """Shared modules (bot/, db/, engine/core, the top of cogs/ and render/) reach a game only
    through the registry and its adapter, never by importing ``<layer>.<game>``."""
    shared = [
        *(ROOT / "bot").rglob("*.py"),
        *(ROOT / "db").rglob("*.py"),
        *(ROOT / "engine" / "core").rglob("*.py"),
        *(ROOT / "engine").glob("*.py"),
        *(ROOT / "cogs").glob("*.py"),
        *(ROOT / "render").glob("*.py"),
    ]
    named = []
    for path in shared:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            modules = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                modules = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            for module in modules:
                parts = module.split(".")
                if len(parts) > 1 and parts[0] in ("engine", "cogs", "render") and parts[1] in GAMES:
                    named.append(f"{path.relative_to(ROOT)}:{node.lineno} imports {module}")
    assert named == []


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_engine_has_its_cog_rules_and_own_translations(game: str) -> None:
    package = ROOT / "cogs" / game
    assert (package / "__init__.py").is_file()
    assert f"cogs.{game}" in cog_extensions()
    assert callable(getattr(importlib.import_module(f"cogs.{game}"), "setup", None))
    assert (ROOT / "docs" / "rules" / f"{game}.md").is_file()
    locales = package / "locales"
    assert locales in game_catalog_dirs() and locales in CATALOG_DIRS
    keys = {lang: sentence_keys(locales, lang) for lang in LANGS}
    assert keys["en"], f"{game} has no translations of its own"
    assert keys["en"] == keys["cs"], keys["en"] ^ keys["cs"]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_games_keys_live_only_in_its_own_folder(game: str) -> None:
    """Keys keep their names when they move, so a game's namespaces say what is its own."""
    own = (game, f"options.{game}", f"cmd.{game}", f"render.{game}")
    for lang in LANGS:
        shared = flat(LOCALES_DIR, lang)
        misplaced = [k for k in shared if any(k == p or k.startswith(f"{p}.") for p in own)]
        assert not misplaced, misplaced
        others = [d for d in game_catalog_dirs() if d != ROOT / "cogs" / game / "locales"]
        twice = set(flat(ROOT / "cogs" / game / "locales", lang)) & {
            key for folder in [LOCALES_DIR, *others] for key in flat(folder, lang)
        }
        assert not twice, twice


def test_shared_catalogs_name_no_game_command() -> None:
    """Shared sentences point at the table's game through {new_cmd}/{board_cmd}/{resign_cmd}."""
    for lang in LANGS:
        named = {k: v for k, v in flat(LOCALES_DIR, lang).items() for g in GAMES if f"{{cmd:{g}" in v}
        assert not named, named


async def test_every_game_registers_with_its_title_and_commands_in_both_languages(simcord_env: Env) -> None:
    adapters = simcord_env.bot.tables.adapters  # type: ignore[attr-defined]
    assert set(GAMES) <= set(adapters)
    commands = {c.qualified_name for c in simcord_env.bot.tree.walk_commands()}
    for game in GAMES:
        adapter = adapters[game]
        assert adapter.game is GAMES[game]
        for lang in LANGS:
            assert adapter.title_key in flat(ROOT / "cogs" / game / "locales", lang)
            assert adapter.game.info.automa_name_key in {
                **flat(LOCALES_DIR, lang),
                **flat(ROOT / "cogs" / game / "locales", lang),
            }
        for role in ("new", "board", "resign"):
            assert adapter.command(role) in commands, (game, role)


async def test_the_load_order_of_the_cogs_changes_no_command(
    simcord_env: Env, make_bot: Callable[[], GameBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    def tree_of(client: Any) -> list[dict[str, Any]]:
        return sorted((c.to_dict(client.tree) for c in client.tree.get_commands()), key=lambda c: c["name"])

    def items_of(client: Any) -> set[str]:
        return {pattern.pattern for pattern in client._connection._view_store._dynamic_items}

    first = (tree_of(simcord_env.bot), items_of(simcord_env.bot))
    monkeypatch.setattr(bot.client, "cog_extensions", lambda: tuple(reversed(cog_extensions())))
    await simcord_env.restart_bot(make_bot())
    assert (tree_of(simcord_env.bot), items_of(simcord_env.bot)) == first
    table = await Table.open(simcord_env)  # and a game still opens and starts
    assert (await table.row()).status == "active"


async def test_an_extension_from_elsewhere_loads_after_the_discovered_cogs(
    simcord_env: Env, bot_config: Config
) -> None:
    extended = GameBot(bot_config, extra_extensions=["tests.bot.extra_extension"])
    try:
        await simcord_env.restart_bot(extended)
        assert list(extended.extensions)[-1] == "tests.bot.extra_extension"
        assert set(cog_extensions()) <= set(extended.extensions)
        guild = simcord_env.create_guild()
        alice = guild.add_member(simcord_env.create_user("alice"))
        answered = await alice.slash(guild.create_text_channel("games"), "extra")
        assert answered.response.content == "extra"
    finally:
        await extended.store.close()


# ------------------------------------------------------------------ custom ids


def owner(module: str) -> str:
    """The game a module belongs to (``cogs.<game>.…``), or ``shared``."""
    parts = module.split(".")
    if parts[0] == "cogs" and len(parts) > 2:
        return parts[1]
    return "shared"


def literal_segment(node: ast.expr) -> str | None:
    """The text before the first ':' of a custom id built as a string or f-string."""
    head = node.values[0] if isinstance(node, ast.JoinedStr) and node.values else node
    if isinstance(head, ast.Constant) and isinstance(head.value, str) and ":" in head.value:
        return head.value.partition(":")[0]
    return None


def built_ids() -> Iterator[tuple[str, str | None, str]]:
    """Every ``custom_id=`` the code writes: (module, literal segment, where). A helper function
    that returns the id (``custom_id=picker_id(...)``) is followed to its ``return``."""
    for path in sorted([*(ROOT / "bot").rglob("*.py"), *(ROOT / "cogs").rglob("*.py")]):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        functions = {f.name: f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)}
        for node in ast.walk(tree):
            if not (isinstance(node, ast.keyword) and node.arg == "custom_id"):
                continue
            values = [node.value]
            call = node.value
            if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in functions:
                values = [r.value for r in ast.walk(functions[call.func.id]) if isinstance(r, ast.Return)]
            if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "picker_id":
                prefix = call.args[1] if len(call.args) > 1 else None
                if isinstance(prefix, ast.Constant) and isinstance(prefix.value, str):
                    yield module, prefix.value, f"{path.name}:{node.lineno}"
                # A prefix passed in is a game's declared picker prefix: see ``declared_ids``.
                continue
            for value in values:
                segment = literal_segment(value) if value is not None else None
                yield module, segment, f"{path.name}:{node.lineno}"


def declared_ids(client: Any) -> Iterator[tuple[str, str | None, str]]:
    """The custom-id segments games declare for the shared picker (``GameAdapter.pickers``)."""
    for name, adapter in client.tables.adapters.items():
        if adapter.pickers is not None:
            yield f"cogs.{name}.pickers", adapter.pickers.prefix, f"{name}'s pickers"


def registered_items(client: Any) -> dict[str, Any]:
    """Every DynamicItem class of a started bot, by its template."""
    return {pattern.pattern: item for pattern, item in client._connection._view_store._dynamic_items.items()}


def check_prefixes(templates: dict[str, Any], built: list[tuple[str, str | None, str]]) -> list[str]:
    """The rule, as a list of what breaks it.

    Each template starts with a literal segment and ':' (``ra:``, ``lobby:``); no two item classes
    share a segment, and no segment with its ':' begins another's (``ra:`` does not begin
    ``rap:`` or ``ra-resign:``, so these never match one id: discord.py matches whole ids).
    Every id the code builds starts the same way, and each segment belongs to one game only."""
    problems: list[str] = []
    segments: dict[str, Any] = {}
    games: dict[str, set[str]] = {}
    for template, item in templates.items():
        segment = template.partition(":")[0]
        if ":" not in template or not SEGMENT.fullmatch(segment):
            problems.append(f"{item.__name__}: template {template!r} has no literal segment")
            continue
        if segment in segments:
            problems.append(f"{item.__name__} and {segments[segment].__name__} share {segment!r}")
        segments[segment] = item
        games.setdefault(segment, set()).add(owner(item.__module__))
    for a in segments:
        for b in segments:
            if a != b and f"{b}:".startswith(f"{a}:"):
                problems.append(f"{a!r} begins {b!r}")
    for module, segment, where in built:
        if segment is None or not SEGMENT.fullmatch(segment):
            problems.append(f"{where}: a custom id without a literal segment")
            continue
        games.setdefault(segment, set()).add(owner(module))
    problems += [f"{s!r} is used by {sorted(g)}" for s, g in games.items() if len(g) > 1]
    return problems


async def test_custom_id_prefixes_are_unique_across_games(simcord_env: Env) -> None:
    templates = registered_items(simcord_env.bot)
    built = [*built_ids(), *declared_ids(simcord_env.bot)]
    assert {t.partition(":")[0] for t in templates} >= {"lobby", "abandon", "lb", "ra", "rap", "ra-resign"}
    assert {s for _, s, _ in built} >= {"lobby", "abandon", "lb", "ra", "rap", "ra-resign"}
    assert check_prefixes(templates, built) == []


def test_the_prefix_rule_catches_a_collision() -> None:
    """The checker itself: a second game reusing a segment, a segment inside another, a
    template starting with a pattern, and an id built without a literal segment are all caught."""

    class Mine:
        __module__ = "cogs.moonriser.board"

    class Theirs:
        __module__ = "cogs.runarch.board"

    assert check_prefixes({r"mr:(?P<t>\d+)": Mine, r"rap:(?P<t>\d+)": Theirs}, []) == []
    assert check_prefixes({r"ra:(?P<t>\d+)": Mine, r"ra:(?P<v>\d+):x": Theirs}, [])
    assert check_prefixes({r"r(?:a|b):(?P<t>\d+)": Mine}, [])
    assert check_prefixes({r"mr:(?P<t>\d+)": Mine}, [("cogs.runarch.board", "mr", "board.py:1")])
    assert check_prefixes({}, [("cogs.moonriser.board", None, "board.py:2")])


def ids_in(components: Any) -> Iterator[str]:
    if hasattr(components, "to_dict"):  # discord.py's ActionRow of a message
        components = components.to_dict()
    if isinstance(components, dict):
        if isinstance(components.get("custom_id"), str):
            yield components["custom_id"]
        for value in components.values():
            yield from ids_in(value)
    elif isinstance(components, list):
        for value in components:
            yield from ids_in(value)


async def test_every_posted_id_is_answered_by_exactly_one_item(simcord_env: Env) -> None:
    """The ids of real posts (lobby, board, picker, resign and abandon prompts, leaderboard pages):
    each is matched by one registered item only, so one click never runs two handlers."""
    table = await Table.open(simcord_env)
    player = await table.to_act()
    shown = [
        await player.click(table.last_board(), label="Swap stones"),
        await player.slash(table.thread, "runarch resign"),
        await table.alice.slash(table.thread, "table abandon"),
        await table.alice.slash(table.channel, "leaderboard", game="runarch"),
        await table.carol.slash(table.channel, "runarch new"),
    ]
    posts = [*table.thread.history(), *table.channel.threads[-1].history()]  # the board; a new lobby
    ids = {i for m in posts for i in ids_in(m.components)}
    ids |= {i for s in shown for i in ids_in(s.response.components)}
    prefixes = {i.partition(":")[0] for i in ids}
    assert {"lobby", "ra", "rap", "ra-resign", "abandon", "lb"} <= prefixes
    templates = [pattern for pattern in simcord_env.bot._connection._view_store._dynamic_items]  # type: ignore[attr-defined]
    for custom_id in ids:
        assert len([p for p in templates if p.fullmatch(custom_id)]) == 1, custom_id


def test_every_discovered_game_follows_the_contract() -> None:
    for name, game in GAMES.items():
        assert isinstance(game, Game) and game.info.name == name
        assert game.info.resign_move is None or game.parse_move(game.info.resign_move).notation
