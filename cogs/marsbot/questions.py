"""Each question of MarsBot's as its board post states it (``GameAdapter.awaited``): what to do at
the table, with the rulebook's rule, so the person needs nothing but the post and its buttons.

The tie-break: turn over the top project card, enter its cost, discard it; the milestone choice in
the rulebook's order; the awards with MarsBot's values and what counts as yours; the final score
with the award points you won. A person's own turn says nothing more than "Your move." (``None``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.i18n import Tr
from cogs.marsbot.labels import award_name, milestone_name, tile_name
from cogs.marsbot.places import by_row, place_words, space_facts
from engine.marsbot.content import AWARD_VP
from engine.marsbot.reports import card_facts

TIED_LISTED = 9
"""The tied spaces are listed one by one with what is printed on them up to this many; past 9
(random games tie 10 to 13) they are grouped by row, each by its place in the row, which keeps
the post short and still names no coordinate the printed board lacks."""


def _tied(tr: Tr, view: Mapping[str, Any], tied: list[str]) -> str:
    if len(tied) > TIED_LISTED:
        return by_row(tr, tied)
    return "; ".join(f"**{s}** ({place_words(tr, s, space_facts(view, s))})" for s in tied)


def _values(tr: Tr, view: Mapping[str, Any], awards: list[str]) -> str:
    """MarsBot's value and what counts as yours, for each award asked."""
    mine = view.get("award_values") or {}
    return "; ".join(
        tr(
            "marsbot.ask.award_line",
            award=award_name(tr, a),
            marsbot=mine.get(a, 0),
            yours=tr(f"marsbot.answer.values.hint.{a}"),
        )
        for a in awards
    )


def asks_key(asked: frozenset[str]) -> str:
    """The key's last part naming what the card form asks: always the cost, then the requirement,
    VP and colour where this game uses them (``card_facts``), so a question promises no more than
    it asks."""
    return "_".join(["cost", *(fact for fact in ("req", "vp", "colour") if fact in asked)])


def _won(view: Mapping[str, Any]) -> int:
    """The award VP the person won (first place, a tie included)."""
    results = (view.get("award_results") or {}).get("results") or {}
    return AWARD_VP * sum(1 for r in results.values() if "person" in (r.get("winners") or ()))


def awaited(view: Mapping[str, Any], tr: Tr) -> str | None:
    """The line that asks the person what MarsBot waits for, or ``None`` on their own turn."""
    question = view.get("question")
    if not isinstance(question, Mapping):
        return None
    kind = question.get("kind")
    if kind == "card":
        facts = card_facts(dict(view)) if "content" in view else frozenset()
        asks = tr(f"marsbot.ask.asks.{asks_key(facts - {'req'})}")  # a requirement is told by the list
        ask = tr(f"marsbot.ask.card_{question.get('why', 'action')}", asks=asks)
        if "req" in facts:  # two lists: the requirement by the list
            ask = f"{ask} {tr('marsbot.ask.card_req_lists')}"
        return ask
    if kind == "cost":
        tied = [str(s) for s in question.get("tied") or ()]
        tile = tile_name(tr, str(question.get("tile")))
        return tr("marsbot.ask.cost", count=len(tied), tile=tile, spaces=_tied(tr, view, tied))
    if kind == "plants":
        return tr("marsbot.ask.plants")
    if kind == "closest":
        met = [str(m) for m in question.get("milestones") or ()]
        names = ", ".join(milestone_name(tr, m) for m in met)
        return tr("marsbot.ask.closest", milestones=names, leftmost=milestone_name(tr, met[0]) if met else "")
    if kind == "values":
        awards = [str(a) for a in question.get("awards") or ()]
        why = str(question.get("why", "fund"))
        return tr(f"marsbot.ask.values_{why}", awards=_values(tr, view, awards))
    if kind == "total":
        return tr("marsbot.ask.total", won=_won(view), landlord=view.get("person_landlord", 0))
    return None
