"""Everything the bot sends fits Discord's limits, whatever a user typed.

A message Discord refuses (content over 2,000 characters, an embed over its limits) reaches
nobody, and the refusal is a traceback instead of an answer. Quoted input and player names
make any text unbounded, so the limits are kept in one place that every message passes:
discord.py builds each message payload (channel posts, interaction responses, follow-ups,
edits) with one of two builders, and :func:`install` wraps both so content and embeds are
shortened before they are built. The pure functions here do the shortening.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import discord
import discord.http
import discord.webhook.async_
from discord.utils import MISSING

ELLIPSIS = "…"
CONTENT_MAX = 2000
QUOTE_MAX = 40
"""How much of what a user typed a refusal quotes back."""

EMBED_TITLE_MAX = 256
EMBED_DESCRIPTION_MAX = 4096
EMBED_FIELDS_MAX = 25
EMBED_FIELD_NAME_MAX = 256
EMBED_FIELD_VALUE_MAX = 1024
EMBED_FOOTER_MAX = 2048
EMBED_AUTHOR_MAX = 256
EMBEDS_TOTAL_MAX = 6000
"""Discord's limit on the text of all embeds of one message together."""


def clip(text: str, limit: int) -> str:
    """``text`` if it fits, else its start and an ellipsis, ``limit`` characters in all."""
    if len(text) <= limit:
        return text
    return text[: max(limit - 1, 0)] + ELLIPSIS if limit > 0 else ""


def quote(value: object, limit: int = QUOTE_MAX) -> object:
    """A user's text as a refusal quotes it: at most ``limit`` characters; non-text as it is."""
    return clip(value, limit) if isinstance(value, str) else value


def plain(name: str) -> str:
    """A display name as text: a name like ``<@123>`` or ``@everyone`` shows, never pings."""
    return discord.utils.escape_mentions(name)


def fit_content(content: Any) -> Any:
    """Message content within 2,000 characters (``None``/``MISSING`` untouched)."""
    if content is None or content is MISSING:
        return content
    return clip(str(content), CONTENT_MAX)


def _embed_size(data: Mapping[str, Any]) -> int:
    size = len(data.get("title", "")) + len(data.get("description", ""))
    size += sum(len(f.get("name", "")) + len(f.get("value", "")) for f in data.get("fields", []))
    size += len(data.get("footer", {}).get("text", "")) + len(data.get("author", {}).get("name", ""))
    return size


def fit_embed_dict(data: Mapping[str, Any], budget: int = EMBEDS_TOTAL_MAX) -> dict[str, Any]:
    """An embed's dict within every per-part limit and within ``budget`` characters in all.

    Over the budget, the description gives way first, then the last fields, then the footer."""
    out = dict(data)
    if "title" in out:
        out["title"] = clip(str(out["title"]), EMBED_TITLE_MAX)
    if "description" in out:
        out["description"] = clip(str(out["description"]), EMBED_DESCRIPTION_MAX)
    if "fields" in out:
        out["fields"] = [
            {
                **f,
                "name": clip(str(f.get("name", "")), EMBED_FIELD_NAME_MAX),
                "value": clip(str(f.get("value", "")), EMBED_FIELD_VALUE_MAX),
            }
            for f in out["fields"][:EMBED_FIELDS_MAX]
        ]
    if "footer" in out and "text" in out["footer"]:
        out["footer"] = {**out["footer"], "text": clip(str(out["footer"]["text"]), EMBED_FOOTER_MAX)}
    if "author" in out and "name" in out["author"]:
        out["author"] = {**out["author"], "name": clip(str(out["author"]["name"]), EMBED_AUTHOR_MAX)}
    excess = _embed_size(out) - max(budget, 0)
    if excess > 0 and out.get("description"):
        keep = max(len(out["description"]) - excess, 0)
        out["description"] = clip(out["description"], keep) if keep else ""
    while _embed_size(out) > budget and out.get("fields"):
        out["fields"] = out["fields"][:-1]
    for part, key in (("footer", "text"), ("author", "name")):
        excess = _embed_size(out) - max(budget, 0)
        if excess > 0 and out.get(part, {}).get(key):
            text = out[part][key]
            out[part] = {**out[part], key: clip(text, max(len(text) - excess, 0))}
    excess = _embed_size(out) - max(budget, 0)
    if excess > 0 and out.get("title"):
        out["title"] = clip(out["title"], max(len(out["title"]) - excess, 0))
    return out


def fit_embeds(embeds: Sequence[discord.Embed]) -> list[discord.Embed]:
    """Copies of a message's embeds within Discord's limits, sharing the 6,000-character total."""
    fitted: list[discord.Embed] = []
    budget = EMBEDS_TOTAL_MAX
    for embed in embeds:
        data = fit_embed_dict(embed.to_dict(), budget)
        budget -= _embed_size(data)
        fitted.append(discord.Embed.from_dict(data))
    return fitted


def fit_message(params: dict[str, Any]) -> dict[str, Any]:
    """The keyword arguments of a message payload builder, content and embeds fitted."""
    out = dict(params)
    if "content" in out:
        out["content"] = fit_content(out["content"])
    embed = out.get("embed", MISSING)
    if embed is not MISSING and embed is not None:
        out["embed"] = fit_embeds([embed])[0]
    embeds = out.get("embeds", MISSING)
    if embeds is not MISSING and embeds is not None:
        out["embeds"] = fit_embeds(embeds)
    return out


def _fitting(build: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(build)
    def fitted(*args: Any, **kwargs: Any) -> Any:
        if args:  # only ``content`` may be passed by position
            kwargs.setdefault("content", args[0])
            args = args[1:]
        return build(*args, **fit_message(kwargs))

    fitted.__wrapped_by_outgoing__ = True  # type: ignore[attr-defined]
    return fitted


BUILDERS: tuple[tuple[Any, str], ...] = (
    (discord.http, "handle_message_parameters"),
    (discord.webhook.async_, "interaction_message_response_params"),
)
"""discord.py's message payload builders: every message, edit and interaction response uses one."""


def install() -> None:
    """Wrap the payload builders wherever discord.py's modules hold them (idempotent)."""
    for home, name in BUILDERS:
        original = getattr(home, name)
        if getattr(original, "__wrapped_by_outgoing__", False):
            continue
        wrapped = _fitting(original)
        for module in _discord_modules():
            if getattr(module, name, None) is original:
                setattr(module, name, wrapped)


def unguarded() -> list[str]:
    """discord.py modules still holding an unwrapped builder (none after :func:`install`)."""
    found = []
    for home, name in BUILDERS:
        original = getattr(getattr(home, name), "__wrapped__", getattr(home, name))
        found += [f"{m.__name__}.{name}" for m in _discord_modules() if getattr(m, name, None) is original]
    return found


def _discord_modules() -> list[Any]:
    return [m for m in list(sys.modules.values()) if getattr(m, "__name__", "").startswith("discord")]
