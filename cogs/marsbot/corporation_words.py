"""A MarsBot corporation's card in the bot's own sentences, one per effect, so the first post
speaks to the person as every other post does (the content files keep the card's text in the
rulebook's register, „přidejte"; the Czech posts say "ty"), and says what the bot keeps."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.i18n import Tr
from cogs.marsbot.labels import bonus_name, track_name
from engine.marsbot.content import Corporation
from engine.marsbot.corporations import (
    BLACK_CUBES,
    EARTH_BONUS,
    EARTH_MONEY,
    EXPENSIVE_BONUS,
    EXPENSIVE_COST,
    EXPENSIVE_MONEY,
    LOBBYISTS,
    NO_LOBBYISTS,
    PLANT_STORE,
    PLANTS_PER_ADVANCE,
    REQUIREMENT_BONUS,
    REQUIREMENT_MONEY,
    START_MONEY,
    WHITE_CUBES,
)
from engine.marsbot.rules import audited

BONUS_CARD = "bonus_card"
KEY = "marsbot.intro.corp."


def _cubes(tr: Tr, spaces: Mapping[str, tuple[int, ...]]) -> str:
    return "; ".join(
        tr(KEY + "on_track", track=track_name(tr, track), spaces=", ".join(str(s) for s in at))
        for track, at in spaces.items()
    )


def corporation_lines(tr: Tr, corp: Corporation, state: Mapping[str, Any]) -> list[str]:
    """The card's effects in the order they act: set-up, then whenever, then before each action
    phase. A game of rules version 1 played the white cube on top of the space's temperature."""
    effects, lines = corp.effects, []
    if START_MONEY in effects:
        lines.append(tr(KEY + "start_money", money=corp.money))
    if NO_LOBBYISTS in effects:
        names = [bonus_name(tr, card, state) for card in LOBBYISTS]
        lines.append(tr(KEY + "no_lobbyists", first=names[0], second=names[1]))
    if WHITE_CUBES in effects or BLACK_CUBES in effects:
        lines.append(tr(KEY + "cubes", white=_cubes(tr, corp.white), black=_cubes(tr, corp.black)))
    if WHITE_CUBES in effects:
        lines.append(tr(KEY + ("white_instead" if audited(dict(state)) else "white_too")))
    if BLACK_CUBES in effects:
        lines.append(tr(KEY + "black"))
    if PLANT_STORE in effects:
        lines.append(tr(KEY + "plant_store", plants=corp.plants, every=PLANTS_PER_ADVANCE))
    if REQUIREMENT_MONEY in effects:
        lines.append(tr(KEY + "requirement_money", money=REQUIREMENT_BONUS))
    if EXPENSIVE_MONEY in effects:
        lines.append(tr(KEY + "expensive_money", cost=EXPENSIVE_COST, money=EXPENSIVE_BONUS))
    if EARTH_MONEY in effects:
        lines.append(tr(KEY + "earth_money", money=EARTH_BONUS))
    if BONUS_CARD in effects and corp.bonus:
        lines.append(tr(KEY + "bonus_card", card=bonus_name(tr, corp.bonus, state)))
    return lines
