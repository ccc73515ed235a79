"""The board post's pictures in words: Discord's image descriptions, read by screen readers.

Only the public view (``GAME.view(state, None)``) is described, so no hand, secret goal or
deck order can leak. One description per picture (:func:`render.runarch.pictures.render_board`, then
:func:`render.runarch.pictures.render_details` when there is one), each in the table's language and at
most :data:`LIMIT` characters. The sentences are the pictures' own (``render.runarch`` keys):
what the picture says is what the description says.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.departures import out_of_game
from bot.i18n import Tr
from engine.runarch.components import CELLS, SIZE
from render.runarch import board as R
from render.runarch.pieces import ARCHIVES, automa_seat, goal_parts, goal_phrase, per_seat

LIMIT = 1000
"""Discord takes 1024 characters of an attachment's description."""

SHAPE_WORDS = {"0": "circle", "3": "triangle", "4": "square", "5": "star", "6": "hexagon"}
COLOUR_WORDS = {"R": "red", "B": "blue", "G": "green", "Y": "yellow", "V": "violet"}


def stone_words(code: str, tr: Tr) -> str:
    """A stone or match area such as ``"3Y"`` in words ("yellow triangle")."""
    return tr(f"render.runarch.stone_{SHAPE_WORDS[code[0]]}_{COLOUR_WORDS[code[1]]}")


def alt_texts(view: Mapping[str, Any], names: Sequence[str], tr: Tr) -> list[str]:
    """The description of the board picture and, for the complex game and solo, of the details."""
    texts = [board_text(view, names, tr)]
    if R.is_extended(view):
        texts.append(details_text(view, names, tr))
    return [_cut(text) for text in texts]


def _cut(text: str) -> str:
    return text if len(text) <= LIMIT else text[: LIMIT - 1] + "…"


def _name(names: Sequence[str], seat: int, tr: Tr) -> str:
    return R._name(names, seat, tr, None)


def gone(view: Mapping[str, Any]) -> list[int]:
    """The seat that left the game (a resignation or a removal ends a game of two)."""
    resigned = (view.get("outcome") or {}).get("resigned")
    return [resigned] if isinstance(resigned, int) else []


def board_text(view: Mapping[str, Any], names: Sequence[str], tr: Tr) -> str:
    """Round, scores, whose turn (or the result), the last turn and the 25 stones row by row."""
    scores = ", ".join(f"{_name(names, s, tr)} {score}" for s, score in enumerate(view["scores"]))
    lines = [
        tr("render.runarch.alt_title", round=view["round"]),
        tr("render.runarch.alt_scores", scores=scores),
    ]
    if view.get("over"):
        places = (view.get("outcome") or {}).get("places") or []
        winners = [s for s, place in enumerate(places) if place == 1]
        if len(winners) == 1:
            lines.append(tr("render.runarch.winner", name=_name(names, winners[0], tr)))
        else:
            lines.append(tr("render.runarch.draw"))
        out = out_of_game(tr, view, names, gone(view))
        if out:
            lines.append(out)
    elif view.get("to_act"):
        key, seat = R.turn_key(view)
        lines.append(tr(key, name=_name(names, seat, tr)) if seat is not None else tr(key))
    if view.get("final_round") and not view.get("over"):
        lines.append(tr("render.runarch.final_round"))
    last = view.get("last")
    if last is not None:
        lines.append(R._last_line(last, _name(names, last["seat"], tr), tr))
        for scored in last.get("scores") or ():
            key = R.SCORED_IN.get(scored.get("archive") or "", "render.runarch.scored")
            lines.append(tr(key, card=scored["card"], line=scored["line"], points=scored["points"]))
    stones = view["stones"]
    for row in range(SIZE):
        cells = range(row * SIZE, (row + 1) * SIZE)
        words = ", ".join(f"{CELLS[i]} {stone_words(stones[i], tr)}" for i in cells)
        lines.append(tr("render.runarch.alt_row", row=row + 1, stones=words))
    return "\n".join(lines)


def _goal_words(goal: Mapping[str, Any], tr: Tr) -> str:
    return ", ".join(goal_phrase(kind, value, count, tr) for kind, value, count in goal_parts(goal))


def details_text(view: Mapping[str, Any], names: Sequence[str], tr: Tr) -> str:
    """Each player's minimum and archives (or the automa), the public goals and the offer."""
    lines: list[str] = []
    solo = automa_seat(view)
    for seat in range(len(view["scores"])):
        name = _name(names, seat, tr)
        if seat == solo:
            automa = view.get("automa") or {}
            level = automa.get("difficulty") or view.get("difficulty")
            minimum = tr("render.runarch.minimum", minimum=automa.get("minimum", view.get("minimum")))
            level_words = tr(R.AUTOMA_LEVELS.get(level, "render.runarch.automa_normal"))
            lines.append(tr("render.runarch.alt_automa", name=name, level=level_words, minimum=minimum))
        elif view.get("phase") == "setup":
            done = bool(per_seat(view.get("setup_done"), seat))
            state = tr("render.runarch.setup_chosen" if done else "render.runarch.setup_choosing")
            lines.append(tr("render.runarch.alt_setup", name=name, state=state))
        elif view.get("variant") == "complex":
            archives = per_seat(view.get("archives"), seat) or {}
            counts = {side: len(archives.get(side) or ()) for side in ARCHIVES}
            minimum = per_seat(view.get("minimums"), seat) or view.get("minimum")
            lines.append(tr("render.runarch.alt_archives", name=name, minimum=minimum, **counts))
    if view.get("variant") == "complex":
        goals = view.get("goals") or ()
        if goals:
            described = "; ".join(f"{goal['id']} {_goal_words(goal['goal'], tr)}" for goal in goals)
            lines.append(tr("render.runarch.alt_goals", goals=described))
        else:
            lines.append(tr("render.runarch.goals_hidden"))
        offer = [code for code in view.get("offer") or () if code]
        if offer:
            lines.append(tr("render.runarch.alt_offer", stones=", ".join(stone_words(c, tr) for c in offer)))
    return "\n".join(lines)
