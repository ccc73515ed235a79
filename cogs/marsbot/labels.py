"""Words for MarsBot's things (tracks, tags, actions, tiles, parameters, milestones, awards,
bonus cards), in the reader's language, so no engine code reaches a player."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from bot import outgoing
from bot.i18n import Tr
from engine.marsbot.content import OFF_MARS, bonus_cards, bonus_of, corporations, corporations_of

LABEL_MAX = 100


def clip(text: str) -> str:
    return outgoing.clip(text, LABEL_MAX)


def track_name(tr: Tr, track: str) -> str:
    return tr(f"marsbot.track.{track}")


def tag_name(tr: Tr, tag: str) -> str:
    return tr(f"marsbot.tag.{tag}")


def tags_words(tr: Tr, tags: Iterable[str] | str) -> str:
    """Tags in the card's order ("Building, Space"), or "no tags"."""
    listed = [t for t in (tags.split("+") if isinstance(tags, str) else tags) if t and t != "none"]
    return ", ".join(tag_name(tr, t) for t in listed) if listed else tr("marsbot.tags_none")


def action_name(tr: Tr, action: str) -> str:
    return tr(f"marsbot.action.{action or 'none'}")


def tile_name(tr: Tr, tile: str) -> str:
    return tr(f"marsbot.tile.{tile}")


def param_name(tr: Tr, param: str) -> str:
    return tr(f"marsbot.param.{param}")


def milestone_name(tr: Tr, milestone: str) -> str:
    return tr(f"marsbot.milestone.{milestone}")


def award_name(tr: Tr, award: str) -> str:
    return tr(f"marsbot.award.{award}")


def cut_name(tr: Tr, resource: str) -> str:
    return tr(f"marsbot.cut.{resource}")


def bonus_name(tr: Tr, card: str, state: Mapping[str, Any] | None = None) -> str:
    """A bonus card's printed name with its number: "Lobbyists (B06)"."""
    cards = bonus_of(state) if state is not None and "content" in state else bonus_cards()
    found = cards.get(card)
    name = found.name.get(tr.lang, found.name["en"]) if found is not None else card
    return tr("marsbot.card_name", name=name, card=card)


def corporation_name(
    tr: Tr, corporation: str | None, state: Mapping[str, Any] | None = None, version: int | None = None
) -> str:
    """A corporation's name with its number, as the game's content names it (``state``, or the
    corporations' content ``version`` an event carries; else the newest content's: version 3 gave
    C01, C02, C03 and C05 other cards)."""
    if not corporation or corporation == "none":
        return tr("marsbot.no_corporation")
    if state is not None and "content" in state:
        known = corporations_of(state)
    else:
        known = corporations(version)
    found = known.get(corporation)
    if found is None:
        return corporation
    return tr("marsbot.card_name", name=found.name.get(tr.lang, found.name["en"]), card=corporation)


def vp_words(tr: Tr, vp: str) -> str:
    return tr(f"marsbot.vp.{vp}")


def space_name(tr: Tr, space: str) -> str:
    """A space by its name: "C4" as printed, a space off Mars by its moon ("Phobos (off Mars)")."""
    return tr(f"marsbot.off_mars.{space.lower()}") if space in OFF_MARS else space


def space_words(tr: Tr, space: str, bonus: Mapping[str, int] | None = None) -> str:
    """A map space as the person finds it: "C4", "C4 (2 plants)" or "Phobos (off Mars)"."""
    if space in OFF_MARS:
        return space_name(tr, space)
    if not bonus:
        return space
    gains = ", ".join(tr(f"marsbot.bonus.{kind}", count=count) for kind, count in bonus.items())
    return tr("marsbot.space_with_bonus", space=space, bonus=gains)
