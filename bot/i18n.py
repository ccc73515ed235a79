"""The one translation layer: whole sentences with named placeholders, per language.

Catalogs live in ``bot/locales/<lang>/*.toml`` (shared sentences) and in each game's own folder,
``cogs/<game>/locales/<lang>/*.toml`` (nested tables flatten to dotted keys); every domain
(engine messages, pictures, commands, UI) has its own file. The language
is chosen per interaction from the user's Discord locale, or per table for public posts.

A sentence whose words depend on a number is a table of whole sentences, one per CLDR
plural category of its language (Babel's rules: English ``one``/``other``, Czech
``one``/``few``/``other``), chosen by the parameter that ``plural`` names (``count`` by default)::

    [games.rated]
    plural = "games"
    one = "{games} rated game"
    other = "{games} rated games"

A name whose form depends on its role in the sentence (Czech cases) is a ``Name`` with a case
spec, ``{tile:acc}``: see ``bot.declension``; its forms live in the catalogs' ``names.toml``.
"""

from __future__ import annotations

import importlib.util
import logging
import string
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import discord
from babel import Locale
from babel.lists import format_list
from discord import app_commands

from bot.declension import NAMES_FILE, Name

log = logging.getLogger(__name__)

LANGS: tuple[str, ...] = ("en", "cs")
DEFAULT_LANG = "en"
LOCALES_DIR = Path(__file__).parent / "locales"


def _flatten(prefix: str, node: Mapping[str, Any], out: dict[str, str]) -> None:
    for key, value in node.items():
        full = f"{prefix}.{key}" if prefix else key
        if isinstance(value, Mapping):
            _flatten(full, value, out)
        else:
            out[full] = str(value)


GAMES_PACKAGE = "cogs"
"""Each game's own catalogs are ``cogs/<game>/locales/<lang>/*.toml``."""


def game_catalog_dirs(package: str = GAMES_PACKAGE) -> list[Path]:
    """Every game's own catalog folder, in name order, found without importing any cog: the
    names of a cog's commands are looked up when its module is imported."""
    spec = importlib.util.find_spec(package)
    roots = spec.submodule_search_locations if spec is not None else None
    found = (folder for root in roots or () for folder in Path(root).glob("*/locales"))
    return sorted(folder for folder in found if folder.is_dir())


CATALOG_DIRS: list[Path] = [LOCALES_DIR, *game_catalog_dirs()]
"""Folders holding ``<lang>/*.toml``: the shared catalogs first, then each game's own."""


def add_catalogs(folder: Path) -> None:
    """Load a game's own catalogs too; before its cog is imported, whose commands need them."""
    if folder not in CATALOG_DIRS:
        CATALOG_DIRS.append(folder)
        catalog.cache_clear()
        is_plural.cache_clear()
        forms_table.cache_clear()


@cache
def catalog(lang: str) -> dict[str, str]:
    """All messages of one language, flattened."""
    out: dict[str, str] = {}
    for folder in CATALOG_DIRS:
        for path in sorted((folder / lang).glob("*.toml")):
            if path.name == NAMES_FILE:
                continue
            with path.open("rb") as fh:
                _flatten("", tomllib.load(fh), out)
    return out


@cache
def forms_table(lang: str) -> dict[str, dict[str, str]]:
    """Every declinable name of a language (``names.toml`` beside the sentences): nominative ->
    its other case forms."""
    out: dict[str, dict[str, str]] = {}
    for folder in CATALOG_DIRS:
        path = folder / lang / NAMES_FILE
        if path.is_file():
            with path.open("rb") as fh:
                for nominative, forms in tomllib.load(fh).items():
                    out[nominative] = {str(k): str(v) for k, v in forms.items()}
    return out


def declined(lang: str, nominative: str) -> Name:
    """``nominative`` with the case forms its language has for it (none in English), so a
    sentence can ask for ``{tile:acc}``."""
    if isinstance(nominative, Name) and nominative.declines():
        return nominative
    return Name(nominative, forms_table(lang).get(str(nominative)))


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def lang_of(locale: discord.Locale | str | None) -> str:
    """Discord locale -> one of LANGS (Czech for ``cs``, English otherwise)."""
    value = locale.value if isinstance(locale, discord.Locale) else (locale or "")
    return "cs" if value.lower().startswith("cs") else DEFAULT_LANG


def has(key: str) -> bool:
    return key in catalog(DEFAULT_LANG) or is_plural(DEFAULT_LANG, key)


PLURAL_KEY = "plural"
"""The key of a plural table that names its selecting parameter (``count`` when absent)."""


@cache
def plural_category(lang: str, number: int) -> str:
    """CLDR plural category of an integer in ``lang``: ``one``, ``few``, ``other``…"""
    return str(Locale.parse(lang).plural_form(abs(number)))


@cache
def integer_categories(lang: str) -> frozenset[str]:
    """The categories integers can take in ``lang`` (Czech ``many`` is for fractions only)."""
    return frozenset(plural_category(lang, n) for n in range(1001))


CATEGORIES = frozenset({"zero", "one", "two", "few", "many", "other"})
"""CLDR's plural categories: the only keys a plural table has, besides ``plural``."""


@cache
def is_plural(lang: str, key: str) -> bool:
    """Whether ``key`` names a plural table: an ``other`` form (itself maybe a table) and only
    CLDR categories beside it, so an ordinary table with an "other" key is no plural."""
    prefix = f"{key}."
    children = {k[len(prefix) :].partition(".")[0] for k in catalog(lang) if k.startswith(prefix)}
    return "other" in children and children <= CATEGORIES | {PLURAL_KEY}


def _sentence(lang: str, key: str, params: Mapping[str, Any]) -> str | None:
    """The message ``key``; a plural table picks its form, and a form may be a table again
    (selected by another number: one sentence with two counted nouns)."""
    messages = catalog(lang)
    if key in messages:
        return messages[key]
    if not is_plural(lang, key):
        return None
    number = params.get(messages.get(f"{key}.{PLURAL_KEY}", "count"))
    form = f"{key}.{plural_category(lang, number) if isinstance(number, int) else 'other'}"
    found = form in messages or is_plural(lang, form)
    return _sentence(lang, form if found else f"{key}.other", params)


def sentences(lang: str) -> dict[str, list[str]]:
    """Every message of a language by its key, with its sentences: one, or one per plural form."""
    found: dict[str, list[str]] = {}
    for key, text in catalog(lang).items():
        base = key
        while (parent := base.rpartition(".")[0]) and is_plural(lang, parent):
            base = parent
        if base == key or not key.endswith(f".{PLURAL_KEY}"):
            found.setdefault(base, []).append(text)
    return found


def t(lang: str, key: str, /, **params: Any) -> str:
    """The sentence ``key`` in ``lang`` (falling back to English) with ``params`` filled in."""
    text = _sentence(lang, key, params) or _sentence(DEFAULT_LANG, key, params)
    if text is None:
        log.warning("missing translation key %s", key)
        return key
    values = {k: _value(lang, v) for k, v in params.items()}
    try:
        return text.format(**{"cmd": CommandMention(lang), **values})
    except (KeyError, IndexError, ValueError):
        log.warning("bad parameters for %s: %s", key, sorted(params))
        return text


def _value(lang: str, value: Any) -> Any:
    """A parameter as a sentence inserts it: commands as mentions, text as a :class:`Name`, so
    a case spec (``{tile:acc}``) always finds a form (the nominative of a name without forms)."""
    if isinstance(value, Commands):
        return value.text(lang)
    if isinstance(value, str) and not isinstance(value, Name):
        return declined(lang, value)
    return value


@dataclass
class CommandDirectory:
    """What ``{cmd:…}`` needs of the synced commands: each top-level command's id, and each
    command's name as every language shows it (for the text used before the ids are known)."""

    ids: dict[str, int] = field(default_factory=dict)
    names: dict[str, dict[str, str]] = field(default_factory=dict)


COMMANDS = CommandDirectory()
"""Filled by the bot after it syncs its commands (the ids are the application's, not a guild's)."""


class CommandMention:
    """The ``cmd`` placeholder of every sentence: ``{cmd:table abandon}`` (the English qualified
    name) becomes ``</table abandon:ID>``, which each client shows in its own language and can
    be clicked; before the commands are synced, the name in the sentence's language."""

    __slots__ = ("lang",)

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def __format__(self, spec: str) -> str:
        name = " ".join(spec.split())
        command_id = COMMANDS.ids.get(name.partition(" ")[0])
        if command_id is not None:
            return f"</{name}:{command_id}>"
        return f"`/{COMMANDS.names.get(name, {}).get(self.lang, name)}`"


@dataclass(frozen=True)
class Commands:
    """A parameter naming commands that depend on the context, such as the board command of the
    table's own game (``{board_cmd}``), where ``{cmd:…}`` would name one fixed command.

    ``names`` are English qualified names; each becomes a clickable mention like ``{cmd:…}``,
    and several are joined as the reader's language lists alternatives ("a, b, or c")."""

    names: tuple[str, ...]

    def text(self, lang: str) -> str:
        mentions = [format(CommandMention(lang), name) for name in self.names]
        return format_list(mentions, style="or", locale=lang) if len(mentions) > 1 else "".join(mentions)


class Tr:
    """``t`` bound to one language: what renderers and views receive."""

    __slots__ = ("lang",)

    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in LANGS else DEFAULT_LANG

    def __call__(self, key: str, /, **params: Any) -> str:
        return t(self.lang, key, **params)

    def name(self, nominative: str) -> Name:
        """A name in this language, declinable where the language declines."""
        return declined(self.lang, nominative)


def cmd(key: str) -> app_commands.locale_str:
    """A command name/description: English default from the catalog, Czech via the translator."""
    return app_commands.locale_str(t(DEFAULT_LANG, key), key=key)


class CommandTranslator(app_commands.Translator):
    """Localises command names and descriptions from the same catalogs."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = string.extras.get("key")
        lang = lang_of(locale)
        if key is None or lang == DEFAULT_LANG or locale.value != "cs":
            return None
        return catalog(lang).get(key)
