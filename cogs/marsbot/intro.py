"""The first post of a MarsBot game: who MarsBot is at this table and what to set up physically."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.i18n import Tr
from cogs.marsbot.labels import corporation_name
from engine.marsbot.content import PRELUDE_EXTRA_CARDS, PROJECT_CARDS, PROJECT_CARDS_BRUTAL, corporations_of


def first_pile(options: Mapping[str, Any]) -> int:
    """Project cards in MarsBot's first action pile: 3 (brutal 4), 3 more with Prelude."""
    cards = PROJECT_CARDS_BRUTAL if options.get("difficulty") == "brutal" else PROJECT_CARDS
    return cards + (PRELUDE_EXTRA_CARDS if options.get("prelude") else 0)


def intro(tr: Tr, state: Mapping[str, Any]) -> str:
    """Difficulty, corporation and expansions, then the physical set-up in steps."""
    options = state.get("options", {})
    level = str(options.get("difficulty", "medium"))
    corporation = state.get("corporation")
    lines = [
        tr(
            "marsbot.intro.opponent",
            level=tr(f"cmd.marsbot.difficulty.{level}"),
            how=tr(f"marsbot.intro.level.{level}"),
        ),
        tr("marsbot.intro.corporation", corporation=corporation_name(tr, corporation)),
    ]
    if corporation:
        found = corporations_of(state).get(str(corporation))
        if found is not None:
            lines.append(found.text.get(tr.lang, found.text["en"]))
    expansions = [tr(f"marsbot.intro.{key}") for key in ("prelude", "venus", "draft") if options.get(key)]
    if expansions:
        lines.append(tr("marsbot.intro.with", expansions=", ".join(expansions)))
    lines.append(tr("marsbot.intro.setup", count=first_pile(options)))
    return "\n".join(lines)
