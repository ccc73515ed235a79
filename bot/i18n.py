"""The one translation layer: whole sentences with named placeholders, per language.

Catalogs live in ``bot/locales/<lang>/*.toml`` (nested tables flatten to dotted keys);
every domain (engine messages, pictures, commands, UI) has its own file. The language
is chosen per interaction from the user's Discord locale, or per table for public posts.
"""

from __future__ import annotations

import logging
import string
import tomllib
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

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


@cache
def catalog(lang: str) -> dict[str, str]:
    """All messages of one language, flattened."""
    out: dict[str, str] = {}
    for path in sorted((LOCALES_DIR / lang).glob("*.toml")):
        with path.open("rb") as fh:
            _flatten("", tomllib.load(fh), out)
    return out


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def lang_of(locale: discord.Locale | str | None) -> str:
    """Discord locale -> one of LANGS (Czech for ``cs``, English otherwise)."""
    value = locale.value if isinstance(locale, discord.Locale) else (locale or "")
    return "cs" if value.lower().startswith("cs") else DEFAULT_LANG


def has(key: str) -> bool:
    return key in catalog(DEFAULT_LANG)


def t(lang: str, key: str, /, **params: Any) -> str:
    """The sentence ``key`` in ``lang`` (falling back to English) with ``params`` filled in."""
    text = catalog(lang).get(key) or catalog(DEFAULT_LANG).get(key)
    if text is None:
        log.warning("missing translation key %s", key)
        return key
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        log.warning("bad parameters for %s: %s", key, sorted(params))
        return text


class Tr:
    """``t`` bound to one language: what renderers and views receive."""

    __slots__ = ("lang",)

    def __init__(self, lang: str) -> None:
        self.lang = lang if lang in LANGS else DEFAULT_LANG

    def __call__(self, key: str, /, **params: Any) -> str:
        return t(self.lang, key, **params)


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
