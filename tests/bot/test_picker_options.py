"""What a picker select offers (``bot.picker_options``): whole moves first, a defaulted step's
other answers on the row tapped before it, and never more than Discord's 25 options."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.i18n import Tr
from bot.pick_spec import Chosen, PickSpec
from bot.picker_options import JOIN, OPTIONS_MAX, WHOLE, settle, step_row
from engine.core import State

TR = Tr("en")


def _labels(
    tr: Tr, state: State, seat: int, chosen: Chosen, tokens: Sequence[str]
) -> list[discord.SelectOption]:
    return [discord.SelectOption(label=f"say {t}", value=t) for t in tokens]


def _whole(tr: Tr, state: State, seat: int, notations: Sequence[str]) -> list[discord.SelectOption]:
    return [discord.SelectOption(label=f"all of {n}", value=n) for n in sorted(notations, reverse=True)]


def _own(state: State, seat: int, chosen: Chosen, tokens: Sequence[str]) -> str | None:
    return "own" if "own" in tokens else None


def spec(**extra: object) -> PickSpec:
    return PickSpec(
        kinds=frozenset({"go"}),
        labels=_labels,
        placeholder=lambda tr, chosen: "",
        prompt=lambda tr, state, seat, chosen: "",
        unavailable="errors.not_allowed",
        skip_single=True,
        **extra,  # type: ignore[arg-type]
    )


PATHS = {
    ("a", "x", "own"): "go a x",
    ("a", "x", "hired"): "go a x hired",
    ("b", "y", "own"): "go b y",
    ("b", "z", "own"): "go b z",
}


def first_row(made: PickSpec, paths: dict[Chosen, str] = PATHS) -> object:
    options = _labels(TR, {}, 0, (), list(dict.fromkeys(p[0] for p in paths)))
    return step_row(made, TR, {}, 0, paths, (), options)


def test_without_whole_moves_or_defaults_a_step_offers_its_answers_as_before() -> None:
    row = first_row(spec())
    assert [(o.label, o.value) for o in row.options] == [("say a", "a"), ("say b", "b")]
    assert not row.whole and not row.routes


def test_a_default_is_taken_and_the_other_answer_sits_beside_the_choice_it_follows() -> None:
    row = first_row(spec(default=_own))
    assert [(o.label, o.value, o.description) for o in row.options] == [
        ("say a", "a", "say own"),
        ("say a", JOIN.join(("a", "x", "hired")), "say hired"),
        ("say b", "b", None),
    ], "one tap for the common case, one for the other; b's next step asks (two answers)"
    assert row.routes == {"a": ("a", "x", "own"), "a|x|hired": ("a", "x", "hired")}


def test_settle_takes_single_answers_then_one_default() -> None:
    assert settle(spec(default=_own), {}, 0, list(PATHS), ("a",)) == (
        ("a", "x", "own"),
        [("a", "x", "hired")],
    )
    assert settle(spec(default=_own), {}, 0, list(PATHS), ("b",)) == (("b",), [])
    assert settle(spec(), {}, 0, list(PATHS), ("a",)) == (("a", "x"), [])


def test_whole_moves_come_first_and_alone_when_they_are_every_move_and_fit() -> None:
    row = first_row(spec(whole=_whole))
    assert [o.value for o in row.options] == [WHOLE + n for n in sorted(PATHS.values(), reverse=True)] + [
        "a",
        "b",
    ]
    many = {(f"s{i}", "w"): f"go s{i}" for i in range(20)}
    alone = first_row(spec(whole=_whole), many)
    assert [o.value for o in alone.options] == [WHOLE + n for n in sorted(many.values(), reverse=True)]
    assert alone.whole == {WHOLE + n: n for n in many.values()}


def test_whole_moves_give_way_to_a_complete_first_step() -> None:
    paths = {(f"s{i:02}", w): f"go s{i:02} {w}" for i in range(20) for w in ("p", "q")}
    row = first_row(spec(whole=_whole), paths)
    values = [o.value for o in row.options]
    assert len(values) == OPTIONS_MAX
    assert values[5:] == [f"s{i:02}" for i in range(20)], "every space stays: any move can be built"
    assert values[:5] == [WHOLE + n for n in sorted(paths.values(), reverse=True)[:5]], "the best first"
    assert set(row.whole) == set(values[:5])
