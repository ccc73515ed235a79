"""The board post's pictures in words: Discord's image descriptions, read by screen readers.

Only the public view is described (no hand, drawn tile or pile order can leak). One text per
picture: the board (phase, each player's score, tokens and hand, the tiles on the board, the
supply), then the details (each player's score breakdown and production). The sentences are
the pictures' own where they exist (``render.moonriser`` keys).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot import outgoing
from bot.departures import out_of_game
from bot.i18n import Tr
from cogs.moonriser.labels import names_of, tile_name, tokens_words
from render.moonriser.board import winners

LIMIT = 1000
"""Discord takes 1024 characters of an attachment's description."""


def _phase(view: Mapping[str, Any], names: Sequence[str], tr: Tr) -> str:
    """The round and the phase (or the game's end and its winners) as whole sentences."""
    number = view.get("round", 1)
    phase = view.get("phase", "")
    if phase == "over":
        best = [s for s in winners(view) if 0 <= s < len(names)]
        if len(best) == 1:
            return tr("moonriser.alt.over_winner", round=number, name=names[best[0]])
        return tr("moonriser.alt.over_shared", round=number, names=", ".join(names[s] for s in best))
    active = view.get("active")
    name = names[active] if isinstance(active, int) and 0 <= active < len(names) else ""
    return tr("moonriser.alt.round", round=number, phase=tr(f"render.moonriser.phase_{phase}", name=name))


def _player(view: Mapping[str, Any], seat: int, name: str, tr: Tr) -> str:
    row = view["seats"][seat]
    score = view["scores"][seat]["total"]
    owned = [t["tile"] for t in view.get("tiles", {}).values() if t.get("owner") == seat]
    return tr(
        "moonriser.alt.player",
        name=name,
        vp=score,
        tokens=tokens_words(tr, row["tokens"]),
        hand=row.get("hand_count", 0),
        tiles=len(owned),
    )


def gone(view: Mapping[str, Any]) -> list[int]:
    """The seats out of the game (they resigned or were removed)."""
    seats = view.get("seats") or []
    return [s for s, row in enumerate(seats) if isinstance(row, Mapping) and row.get("resigned")]


def board_words(view: Mapping[str, Any], names: Sequence[str], tr: Tr) -> str:
    parts = [_phase(view, names, tr)]
    parts += [_player(view, seat, name, tr) for seat, name in enumerate(names) if seat < len(view["seats"])]
    out = out_of_game(tr, view, names, gone(view))
    if out:
        parts.append(out)
    placed = view.get("tiles", {})
    on_board = ", ".join(
        tr("moonriser.alt.placed", field=field, tile=tile_name(tr, view, t["tile"]), name=names[t["owner"]])
        for field, t in sorted(placed.items())
        if isinstance(t.get("owner"), int) and t["owner"] < len(names)
    )
    parts.append(tr("moonriser.alt.supply", tiles=names_of(tr, view, view.get("supply", [])) or "—"))
    parts.append(tr("moonriser.alt.board", tiles=on_board or "—"))
    return outgoing.clip(" ".join(parts), LIMIT)


def details_words(view: Mapping[str, Any], names: Sequence[str], tr: Tr) -> str:
    lines = []
    for seat, name in enumerate(names):
        if seat >= len(view["scores"]):
            break
        score = view["scores"][seat]
        lines.append(
            tr(
                "moonriser.alt.details",
                name=name,
                breakdown=tr(
                    "render.moonriser.breakdown",
                    **{k: score[k] for k in ("tiles", "relations", "neighbourhoods", "yellow")},
                ),
                production=tokens_words(tr, view["production"][seat]),
            )
        )
    return outgoing.clip(" ".join(lines), LIMIT)


def alt_texts(view: Mapping[str, Any], names: Sequence[str], tr: Tr) -> list[str]:
    return [board_words(view, names, tr), details_words(view, names, tr)]
