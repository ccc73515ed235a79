"""The board post's pictures in words: Discord's image descriptions, read by screen readers.

Only the public view is described (no bomb in a hand or in the draft can leak). One text per
picture: the main board (whose turn, the score of each player against the target, the
occupied spaces, the market), then the players' boards (resources, buildings, bombs).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot import outgoing
from bot.departures import out_of_game
from bot.i18n import Tr
from cogs.manhattan.labels import (
    amounts_words,
    bomb_label,
    bomb_name,
    building_name,
    space_name,
    workers_words,
)
from engine.manhattan.content import WORKER_KINDS
from render.manhattan.board import winners

LIMIT = 1000
"""Discord takes 1024 characters of an attachment's description."""
TRACKS = ("money", "ore", "eu", "pu", "fighters", "bombers")


def _name(names: Sequence[str], seat: Any) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"


def gone(view: Mapping[str, Any]) -> list[int]:
    """The seats out of the game (they resigned or were removed): their boards stay, greyed."""
    seats = view.get("seats") or []
    return [s for s, row in enumerate(seats) if isinstance(row, Mapping) and row.get("resigned")]


def board_words(view: Mapping[str, Any], names: Sequence[str], tr: Tr) -> str:
    scores = [int(s["total"]) if isinstance(s, Mapping) else int(s) for s in view.get("scores", [])]
    parts = [
        tr(
            "manhattan.alt.scores",
            target=view.get("target", 0),
            scores=", ".join(f"{_name(names, seat)} {score}" for seat, score in enumerate(scores)),
        )
    ]
    if view.get("phase") != "over" and isinstance(view.get("active"), int):
        parts.append(tr("manhattan.alt.turn", name=_name(names, view["active"])))
    elif view.get("phase") == "over":  # the picture's status line: who won
        best = [s for s in winners(view) if 0 <= s < len(names)]
        if len(best) == 1:
            parts.append(f"{tr('render.manhattan.winner', name=names[best[0]])}.")
        elif best:
            parts.append(f"{tr('render.manhattan.shared_win', names=', '.join(names[s] for s in best))}.")
    out = out_of_game(tr, view, names, gone(view))
    if out:
        parts.append(out)
    taken = [
        tr(
            "manhattan.alt.space",
            space=space_name(tr, space),
            name=_name(names, held.get("seat")),
            workers=workers_words(tr, held.get("workers", [])),
        )
        for space, held in sorted((view.get("spaces") or {}).items())
    ]
    parts.append(tr("manhattan.alt.spaces", spaces=", ".join(taken) or "—"))
    market = [building_name(tr, view, slot["card"]) for slot in view.get("market", []) if slot.get("card")]
    parts.append(tr("manhattan.alt.market", buildings=", ".join(market) or "—"))
    order = [s for s in view.get("order", []) if isinstance(s, int)]
    if order:
        parts.append(tr("manhattan.alt.order", names=", ".join(_name(names, s) for s in order)))
    supply = view.get("contractors") or {}
    grey = [f"c{kind}" for kind in WORKER_KINDS for _ in range(int(supply.get(kind, 0)))]
    if grey:
        parts.append(tr("manhattan.alt.contractors", workers=workers_words(tr, grey)))
    else:
        parts.append(tr("manhattan.alt.no_contractors"))
    return outgoing.clip(" ".join(parts), LIMIT)


def details_words(view: Mapping[str, Any], names: Sequence[str], tr: Tr) -> str:
    lines = []
    for seat, row in enumerate(view.get("seats", [])):
        built = [
            tr("manhattan.alt.bomb", bomb=bomb_name(tr, view, b["card"]))
            + (tr("manhattan.alt.loaded") if b.get("loaded") else "")
            for b in row.get("bombs", [])
        ]
        lines.append(
            tr(
                "manhattan.alt.player",
                name=_name(names, seat),
                resources=amounts_words(tr, {k: row.get(k, 0) for k in TRACKS}),
                buildings=", ".join(building_name(tr, view, b["card"]) for b in row.get("buildings", []))
                or "—",
                bombs=", ".join(built) or "—",
                hand=row.get("hand_count", 0),
            )
        )
    return outgoing.clip(" ".join(lines), LIMIT)


def alt_texts(view: Mapping[str, Any], names: Sequence[str], tr: Tr) -> list[str]:
    return [board_words(view, names, tr), details_words(view, names, tr)]


def cards_words(tr: Tr, state: Mapping[str, Any], cards: Sequence[str], key: str) -> str:
    """A private picture of bomb cards in words (``manhattan.alt.hand`` / ``.draft``)."""
    return outgoing.clip(tr(key, bombs="; ".join(bomb_label(tr, state, c) for c in cards)), LIMIT)


def legend_words(tr: Tr) -> str:
    """The legend picture in words: its title, then each icon's meaning as the picture writes it."""
    from render.manhattan.legend import ENTRIES

    meanings = "; ".join(tr(f"render.manhattan.legend_{key}") for _, key in ENTRIES)
    return outgoing.clip(f"{tr('render.manhattan.legend_title')}: {meanings}.", LIMIT)
