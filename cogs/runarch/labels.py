"""Words for RunArch things (stones, cells, cards, goals, bets), in the reader's language.

Colour is never the only carrier of information on Discord either: every stone is named by
its colour *and* shape.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from discord import app_commands

from bot import outgoing
from bot.i18n import Tr

CELLS = [f"{c}{r}" for r in range(1, 6) for c in "ABCDE"]
CHOICES_MAX = 25
"""Discord shows at most 25 autocomplete choices or select options."""

CHOICES_LABEL_MAX = 100
"""Discord's limit for a choice's name and a select option's label or description."""

ARCHIVES = ("left", "middle", "right")


def stone_label(tr: Tr, code: str) -> str:
    """'red star' for 5R: colour and shape in words."""
    return tr("runarch.stone", colour=tr(f"runarch.colour.{code[1]}"), shape=tr(f"runarch.shape.{code[0]}"))


def cell_label(tr: Tr, state: Mapping[str, Any], cell: str) -> str:
    index = CELLS.index(cell)
    return tr(
        "runarch.cell_label",
        cell=cell,
        stone=stone_label(tr, state["stones"][index]),
        pad=stone_label(tr, state["pads"][index]),
    )


def goal_label(tr: Tr, goal: Mapping[str, Any]) -> str:
    """'at least 3× blue and at least 2× triangle' from a card's goal."""
    parts = {}
    if "colour" in goal:
        parts["colour"] = tr(
            "runarch.goal_part", count=goal["colour_count"], what=tr(f"runarch.colour.{goal['colour']}")
        )
    if "shape" in goal:
        parts["shape"] = tr(
            "runarch.goal_part", count=goal["shape_count"], what=tr(f"runarch.shape.{goal['shape']}")
        )
    if len(parts) == 2:
        return tr("runarch.goal_both", colour=parts["colour"], shape=parts["shape"])
    return next(iter(parts.values()), "")


def pattern_words(tr: Tr, pattern: Sequence[str]) -> str:
    """A card's five stones in words, in order: 'blue hexagon, green star, …' (never '6B 5G')."""
    return ", ".join(stone_label(tr, code) for code in pattern)


def card_label(tr: Tr, card: Mapping[str, Any]) -> str:
    return tr("runarch.card_label", card=card["id"], pattern=pattern_words(tr, card["pattern"]))


def card_with_goal(tr: Tr, card: Mapping[str, Any]) -> str:
    """A card as the complex game needs it: goal and match area first (they decide the setup
    choice, and a 100-character menu entry may cut the end), then the pattern."""
    return tr(
        "runarch.card_goal_label",
        card=card["id"],
        pattern=pattern_words(tr, card["pattern"]),
        match=stone_label(tr, card["match"]),
        goal=goal_label(tr, card["goal"]),
    )


def card_details(tr: Tr, card: Mapping[str, Any]) -> str:
    """Id, goal and match area: the second line of a menu entry whose first line is the pattern."""
    return tr(
        "runarch.card_details",
        card=card["id"],
        match=stone_label(tr, card["match"]),
        goal=goal_label(tr, card["goal"]),
    )


def clip(text: str, limit: int = CHOICES_LABEL_MAX) -> str:
    """A menu entry cut to Discord's limit visibly, with an ellipsis (the bot's one clipping rule)."""
    return outgoing.clip(text, limit)


def archive_name(tr: Tr, archive: str) -> str:
    return tr(f"runarch.archive.{archive}")


def scoring_label(tr: Tr, option: Mapping[str, Any], archive: str | None = None) -> str:
    if archive is None:
        return tr("runarch.scoring_label", card=option["card"], line=option["line"], points=option["points"])
    return tr(
        "runarch.scoring_archive_label",
        card=option["card"],
        line=option["line"],
        points=option["points"],
        archive=archive_name(tr, archive),
    )


def scoring_values(options: Sequence[Mapping[str, Any]]) -> list[tuple[str, Mapping[str, Any], str | None]]:
    """(move arguments, option, archive) for every scoring; complex options fan out per archive."""
    found: list[tuple[str, Mapping[str, Any], str | None]] = []
    for option in options:
        archives = option.get("archives")
        if archives is None:
            found.append((f"{option['card']} {option['line']}", option, None))
        else:
            found.extend((f"{option['card']} {option['line']} {a}", option, a) for a in archives)
    return found


def bet_label(tr: Tr, notation: str, goals: Sequence[Mapping[str, Any]]) -> str:
    """'bet left 3' -> 'Left archive ends with exactly 3 cards'; 'bet goal C12' -> the goal in words."""
    _, target, value = notation.split()
    if target == "goal":
        goal = next((g for g in goals if g["id"] == value), None)
        text = goal_label(tr, goal["goal"]) if goal else ""
        return tr("runarch.bet_on_goal", card=value, goal=text)
    return tr("runarch.bet_on_archive", archive=archive_name(tr, target), count=int(value))


def offer_label(tr: Tr, position: int, match: str) -> str:
    return tr("runarch.offer_label", position=position, match=stone_label(tr, match))


def cell_choices(
    tr: Tr, state: Mapping[str, Any], cells: Sequence[str], current: str
) -> list[app_commands.Choice[str]]:
    """Autocomplete entries for the cells starting with what the user typed, labelled in words."""
    wanted = current.strip().upper()
    return [
        app_commands.Choice(name=cell_label(tr, state, c)[:100], value=c)
        for c in cells
        if c.startswith(wanted)
    ][:CHOICES_MAX]


STONE_PARAMS = ("stone", "stone_a", "stone_b", "match")


def event_words(tr: Tr, code: str, params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """An event's codes in words: stones by colour and shape, archives, abilities, bet tokens.

    A complex-game scoring also names its archive and match bonus, so it has fuller sentences.
    """
    words = dict(params)
    if code == "runarch.scored" and "archive" in words:
        code = "runarch.scored_bonus" if words.get("bonus") else "runarch.scored_filed"
    for key in STONE_PARAMS:
        if isinstance(words.get(key), str) and len(words[key]) == 2:
            words[key] = stone_label(tr, words[key])
    if isinstance(words.get("archive"), str):
        words["archive"] = archive_name(tr, words["archive"])
    if isinstance(words.get("archives"), str):
        names = [a.strip() for a in words["archives"].split(",")]
        words["archives"] = ", ".join(archive_name(tr, a) if a in ARCHIVES else a for a in names)
    if isinstance(words.get("ability"), str):
        words["ability"] = tr(f"runarch.ability.{words['ability']}")
    if isinstance(words.get("token"), str):
        words["token"] = tr(f"runarch.token.{words['token']}")
    target = words.get("target")
    if isinstance(target, str) and " " in target:
        kind, value = target.split(maxsplit=1)
        if kind == "goal":
            words["target"] = tr("runarch.bet_on_goal_short", card=value)
        elif kind in ARCHIVES and value.isdigit():
            words["target"] = tr("runarch.bet_on_archive", archive=archive_name(tr, kind), count=int(value))
    source = words.get("source")
    if isinstance(source, str):
        if source.startswith("track:"):
            words["source"] = tr("runarch.source_track", score=source.removeprefix("track:"))
        else:
            words["source"] = tr("runarch.source_condition", condition=source)
    return code, words
