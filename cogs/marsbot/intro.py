"""The first post of a MarsBot game: who MarsBot is at this table and what to set up physically."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.i18n import Tr
from cogs.marsbot.corporation_words import corporation_lines
from cogs.marsbot.labels import corporation_name
from engine.marsbot.content import corporations_of
from engine.marsbot.corporations import draft_priority
from engine.marsbot.levels import CUSTOM, of_options
from engine.marsbot.maps import map_of_options
from engine.marsbot.setup import project_cards


def modification_words(tr: Tr, chosen: tuple[str, ...] | list[str]) -> str:
    """The chosen modifications in words, in the rulebook's order (or "none": plays as medium)."""
    return "; ".join(tr(f"marsbot.modification.{m}") for m in chosen) or tr("marsbot.modification.none")


def intro(tr: Tr, state: Mapping[str, Any]) -> str:
    """Difficulty, corporation and expansions, then the physical set-up in steps."""
    options = state.get("options", {})
    level = str(options.get("difficulty", "medium"))
    corporation = state.get("corporation")
    how = (
        tr("marsbot.intro.level.custom", modifications=modification_words(tr, of_options(options)))
        if level == CUSTOM
        else tr(f"marsbot.intro.level.{level}")
    )
    lines = [
        tr("marsbot.intro.opponent", level=tr(f"cmd.marsbot.difficulty.{level}"), how=how),
        tr("marsbot.intro.corporation", corporation=corporation_name(tr, corporation, state)),
    ]
    if corporation:
        found = corporations_of(state).get(str(corporation))
        if found is not None:
            lines.extend(corporation_lines(tr, found, state))
    expansions = [tr(f"marsbot.intro.{key}") for key in ("prelude", "venus", "draft") if options.get(key)]
    if expansions:
        lines.append(tr("marsbot.intro.with", expansions=", ".join(expansions)))
    if options.get("draft") and "content" in state and draft_priority(dict(state)) is not None:
        lines.append(tr("marsbot.intro.draft_cost"))  # the only priority the rulebook's text shows
    board = tr(f"cmd.marsbot.map.{map_of_options(options)}")
    lines.append(tr("marsbot.intro.setup", count=project_cards(dict(state)), map=board))
    return "\n".join(lines)
