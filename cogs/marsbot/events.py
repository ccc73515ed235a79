"""Events and refusals in words: engine codes (tracks, tags, tiles, cards) become the reader's
words before the sentence is built, so a player never reads ``tr3`` or ``B06``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.i18n import Tr
from cogs.marsbot.labels import (
    action_name,
    award_name,
    bonus_name,
    cut_name,
    milestone_name,
    param_name,
    tags_words,
    tile_name,
    track_name,
    vp_words,
)

Word = Callable[[Tr, str], str]
SINGLE: dict[str, Word] = {
    "track": track_name,
    "action": action_name,
    "tile": tile_name,
    "param": param_name,
    "milestone": milestone_name,
    "award": award_name,
    "resource": cut_name,
    "vp": vp_words,
}
LISTS: dict[str, Word] = {"milestones": milestone_name, "awards": award_name}
SIDES = ("who", "owner", "first", "winner")
"""Parameters naming a side: ``person`` or ``marsbot``."""


def side_words(tr: Tr, side: str) -> str:
    return tr(f"marsbot.side.{side}")


def event_words(tr: Tr, code: str, params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """An event's or refusal's codes in words (the sentence key stays the engine's)."""
    out = dict(params)
    for key, word in SINGLE.items():
        if isinstance(out.get(key), str):
            out[key] = word(tr, out[key])
    for key, word in LISTS.items():
        if isinstance(out.get(key), list | tuple):
            out[key] = ", ".join(word(tr, str(v)) for v in out[key])
    if isinstance(out.get("tags"), list | tuple | str):
        out["tags"] = tags_words(tr, out["tags"])
    if isinstance(out.get("card"), str) and out["card"].startswith("B"):
        out["card"] = bonus_name(tr, out["card"])
    if isinstance(out.get("reason"), str):
        out["reason"] = tr(f"marsbot.reason.{out['reason']}")
    for key in SIDES:
        if out.get(key) in ("person", "marsbot"):
            out[key] = side_words(tr, out[key])
    if isinstance(out.get("tied"), list | tuple):
        out["tied"] = ", ".join(str(s) for s in out["tied"])
    if isinstance(out.get("req"), bool):
        out["req"] = tr("marsbot.req.yes" if out["req"] else "marsbot.req.no")
    return code, out
