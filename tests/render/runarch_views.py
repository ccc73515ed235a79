"""Hand-made RunArch views of the complex game and the solo mode, for the picture tests.

They follow the view contract of issue #3 (``view(state, None)``: today's keys plus "solo",
"difficulty", "phase", "pending"; for the complex game "setup_done", "goals", "offer",
"archives", "minimums", "abilities", "handed", "conditions", "track", "bets", "filed"; in solo
"automa"; once over "secrets" and "final"), built by hand so the pictures can be tested while
the engine is still being written. Every archive obeys the filing rules and the bets agree with
the tokens that were taken.
"""

from __future__ import annotations

import copy
from typing import Any

from engine.runarch.cards import CARDS

View = dict[str, Any]

PADS = [
    "3V", "0G", "5R", "6Y", "4B",
    "6G", "5Y", "3B", "4R", "0V",
    "4Y", "3R", "6V", "0B", "5G",
    "5B", "4V", "0Y", "3G", "6R",
    "0R", "6B", "4G", "5V", "3Y",
]  # fmt: skip
STONES = [
    "3G", "0Y", "5Y", "3Y", "3V",
    "3R", "5V", "0R", "0B", "6V",
    "4Y", "0G", "4R", "6R", "5R",
    "3B", "6Y", "6B", "6G", "5G",
    "4B", "4G", "4V", "0V", "5B",
]  # fmt: skip

CONDITIONS: dict[str, dict[str, int]] = {
    "K01": {"left": 2},
    "K02": {"left": 3},
    "K03": {"left": 4},
    "K04": {"middle": 2},
    "K05": {"middle": 3},
    "K06": {"middle": 4},
    "K07": {"right": 2},
    "K08": {"right": 3},
    "K09": {"right": 4},
    "K10": {"left": 1, "middle": 1, "right": 1},
    "K11": {"left": 2, "middle": 2, "right": 2},
    "K12": {"left": 3, "right": 1},
}
"""The fixed set of 12 condition tokens of docs/rules/runarch.md, in its order."""

NO_ABILITIES = {"diagonal": False, "double": False, "diagonals": False}
ABILITIES_BY_TOKENS = [
    NO_ABILITIES,
    {"diagonal": True, "double": False, "diagonals": False},
    {"diagonal": True, "double": True, "diagonals": False},
    {"diagonal": True, "double": True, "diagonals": True},
]
"""What a seat can do once its opponent has handed it 0, 1, 2 or 3 tokens."""


def card(card_id: str) -> dict[str, Any]:
    return CARDS[card_id].as_dict()


def archive(left: list[str], middle: list[str], right: list[str]) -> dict[str, list[dict[str, Any]]]:
    """An archive as the view shows it, checked against the filing rules."""
    lefts = [CARDS[c].match for c in left]
    assert len({m[1] for m in lefts}) <= 1 or len({m[0] for m in lefts}) <= 1, left
    assert len({CARDS[c].match[0] for c in middle}) == len(middle), middle
    assert len({CARDS[c].match[1] for c in right}) == len(right), right
    return {
        "left": [card(c) for c in left],
        "middle": [card(c) for c in middle],
        "right": [card(c) for c in right],
    }


def condition(cid: str, bet: str | None, taken_by: int | None = None) -> dict[str, Any]:
    return {"id": cid, "counts": dict(CONDITIONS[cid]), "bet": bet, "taken_by": taken_by}


def _base(variant: str) -> View:
    """The keys every RunArch view has had since the simple game."""
    return {
        "game": "runarch",
        "variant": variant,
        "solo": False,
        "difficulty": None,
        "phase": "play",
        "pending": [],
        "pads": list(PADS),
        "stones": list(STONES),
        "scores": [0, 0],
        "best": [0, 0],
        "to_act": [0],
        "turn": 0,
        "round": 1,
        "swapped": False,
        "target": 75,
        "minimum": 5,
        "best_bonus": 5,
        "deck_count": 50,
        "hand_counts": [2, 2],
        "scored": [[], []],
        "last": None,
        "final_round": False,
        "over": False,
        "outcome": None,
    }


def _ids(arch: dict[str, list[dict[str, Any]]]) -> list[str]:
    return [c["id"] for side in ("left", "middle", "right") for c in arch[side]]


def _complex(view: View, archives: list[dict[str, Any]], handed: list[int]) -> View:
    view["archives"] = archives
    view["filed"] = [len(_ids(a)) for a in archives]
    view["scored"] = [_ids(a) for a in archives]
    view["handed"] = list(handed)
    # a seat's abilities come from the tokens its opponent handed over
    view["abilities"] = [dict(ABILITIES_BY_TOKENS[handed[1]]), dict(ABILITIES_BY_TOKENS[handed[0]])]
    return view


def complex_mid() -> View:
    """Round 7 of a two-player complex game: Alice has swapped and filed C08, Bob leads."""
    view = _base("complex")
    stones = list(STONES)
    stones[6], stones[7] = stones[7], stones[6]  # B2 <-> C2 was the swap
    view.update(
        stones=stones,
        scores=[34, 41],
        best=[9, 10],
        to_act=[0],
        turn=0,
        round=7,
        swapped=True,
        deck_count=31,
        hand_counts=[1, 2],
        last={
            "seat": 0,
            "swap": ["B2", "C2"],
            "scores": [{"card": "C08", "line": "row3", "points": 9, "archive": "left"}],
        },
        setup_done=[True, True],
        goals=[card("C05"), card("C15"), card("C24"), card("C36")],
        offer=["3Y", "0R", "6B", "5G"],
        minimums=[8, 9],
        conditions=[
            condition("K02", None, 0),
            condition("K05", None, 1),
            condition("K07", "gold"),
            condition("K08", "silver"),
            condition("K11", "gold"),
            condition("K12", "silver"),
        ],
        track=[
            {"score": 58, "bet": "gold", "taken_by": None},
            {"score": 69, "bet": "silver", "taken_by": None},
            {"score": 83, "bet": "silver", "taken_by": None},
            {"score": 94, "bet": "gold", "taken_by": None},
        ],
        bets=[
            [{"token": "gold", "on": "left", "count": 4}],
            [{"token": "silver", "on": "goal", "goal": "C15"}],
        ],
    )
    archives = [
        archive(["C01", "C08", "C06"], ["C02", "C10"], []),
        archive(["C13", "C19"], ["C07", "C09", "C03"], ["C12"]),
    ]
    return _complex(view, archives, handed=[1, 1])


def complex_final() -> View:
    """A crowded finished complex game: 12 and 14 filed cards, all ten bet tokens placed."""
    view = _base("complex")
    view.update(
        scores=[107, 133],
        best=[12, 14],
        to_act=[],
        turn=1,
        round=19,
        swapped=True,
        deck_count=2,
        hand_counts=[2, 1],
        last={
            "seat": 1,
            "swap": ["C3", "D4"],
            "scores": [
                {"card": "C59", "line": "diag1", "points": 14, "archive": "right"},
                {"card": "C39", "line": "row2", "points": 7, "archive": "middle"},
            ],
        },
        final_round=True,
        over=True,
        outcome={"scores": [107, 133], "places": [2, 1], "bonus": [0, 5], "resigned": None},
        setup_done=[True, True],
        goals=[card("C01"), card("C04"), card("C06"), card("C60")],
        offer=["0Y", "6R"],
        minimums=[12, 11],
        conditions=[
            condition("K01", None, 0),
            condition("K03", None, 1),
            condition("K06", None, 0),
            condition("K08", None, 1),
            condition("K10", None, 0),
            condition("K12", None, 1),
        ],
        track=[
            {"score": 55, "bet": None, "taken_by": 1},
            {"score": 71, "bet": None, "taken_by": 0},
            {"score": 80, "bet": None, "taken_by": 1},
            {"score": 97, "bet": None, "taken_by": 1},
        ],
        bets=[
            [
                {"token": "gold", "on": "left", "count": 6},
                {"token": "silver", "on": "middle", "count": 4},
                {"token": "silver", "on": "right", "count": 3},
                {"token": "gold", "on": "goal", "goal": "C01"},
                {"token": "silver", "on": "goal", "goal": "C06"},
            ],
            [
                {"token": "gold", "on": "left", "count": 7},
                {"token": "silver", "on": "middle", "count": 4},
                {"token": "silver", "on": "right", "count": 3},
                {"token": "gold", "on": "goal", "goal": "C60"},
                {"token": "gold", "on": "goal", "goal": "C04"},
            ],
        ],
        secrets=[card("C16"), card("C22")],
        final=[
            {"cards": 84, "best_bonus": 0, "bets_won": 21, "bets_lost": 4, "secret": 6, "total": 107},
            {"cards": 104, "best_bonus": 5, "bets_won": 26, "bets_lost": 2, "secret": 0, "total": 133},
        ],
    )
    archives = [
        archive(["C17", "C18", "C29", "C42", "C43", "C47"], ["C20", "C40", "C45", "C58"], ["C21", "C24"]),
        archive(
            ["C10", "C12", "C14", "C26", "C28", "C34", "C37"],
            ["C31", "C30", "C38", "C39"],
            ["C41", "C55", "C59"],
        ),
    ]
    return _complex(view, archives, handed=[3, 3])


def complex_setup() -> View:
    """The start of a complex game: Alice has chosen her goals, Bob is still choosing."""
    view = _base("complex")
    view.update(
        phase="setup",
        to_act=[1],
        hand_counts=[0, 0],
        setup_done=[True, False],
        goals=[],
        offer=[],
        minimums=[6, 5],
        conditions=[
            condition("K01", "gold"),
            condition("K04", "silver"),
            condition("K06", "silver"),
            condition("K09", "gold"),
            condition("K10", "gold"),
            condition("K11", "silver"),
        ],
        track=[
            {"score": 62, "bet": "silver", "taken_by": None},
            {"score": 74, "bet": "gold", "taken_by": None},
            {"score": 79, "bet": "gold", "taken_by": None},
            {"score": 88, "bet": "silver", "taken_by": None},
        ],
        bets=[[], []],
    )
    return _complex(view, [archive([], [], []), archive([], [], [])], handed=[0, 0])


def _automa(difficulty: str, bonus: int, lines: list[str], last: dict[str, Any] | None) -> dict[str, Any]:
    """The automa part of a solo view: it scores a card worth 5 or more (shared + ``bonus``)."""
    return {"seat": 1, "difficulty": difficulty, "minimum": 5, "bonus": bonus, "lines": lines, "last": last}


ROWS = [f"row{r}" for r in range(1, 6)]
COLUMNS = [f"col{c}" for c in "ABCDE"]


def solo_simple() -> View:
    """A simple solo game against the hard automa, right after its turn: it revealed C23, moved
    the violet hexagon (the card's match area) north from E2 to E1 and scored C23 on row3."""
    view = _base("simple")
    stones = list(STONES)
    assert stones[9] == CARDS["C23"].match
    stones[9], stones[4] = stones[4], stones[9]  # E2 -> E1, the card's first arrow (N)
    automa_last = {
        "card": card("C23"),
        "moved": ["E2", "E1"],
        "stone": stones[4],
        "line": "row3",
        "points": 8,
    }
    view.update(
        solo=True,
        difficulty="hard",
        stones=stones,
        scores=[23, 31],
        best=[8, 9],
        to_act=[0],
        turn=0,
        round=5,
        deck_count=40,
        hand_counts=[2, 0],
        scored=[["C02", "C11", "C40"], ["C05", "C17", "C44", "C23"]],
        last={
            "seat": 1,
            "swap": None,
            "scores": [{"card": "C23", "line": "row3", "points": 8}],
            "automa": automa_last,
        },
        automa=_automa("hard", 2, [*ROWS, *COLUMNS, "diag1", "diag2"], automa_last),
    )
    return view


def solo_complex() -> View:
    """A complex solo game against the normal automa, after a turn in which it moved the red star
    west but could not score C43 (discarded); Alice must now draw or take from the offer."""
    view = _base("complex")
    stones = list(STONES)
    assert stones[14] == CARDS["C43"].match
    stones[14], stones[13] = stones[13], stones[14]  # E3 -> D3, the card's arrow (W)
    automa_last = {
        "card": card("C43"),
        "moved": ["E3", "D3"],
        "stone": stones[13],
        "line": None,
        "points": None,
    }
    view.update(
        solo=True,
        difficulty="normal",
        stones=stones,
        scores=[38, 27],
        best=[10, 8],
        to_act=[0],
        turn=0,
        round=8,
        deck_count=28,
        hand_counts=[2, 0],
        last={"seat": 1, "swap": None, "scores": [], "automa": automa_last},
        setup_done=[True, True],
        goals=[card("C05"), card("C36")],
        offer=["4R", "3B", "0V", "6Y"],
        minimums=[7, 5],  # the automa always needs 5
        conditions=[
            condition("K01", None, 0),
            condition("K04", "gold"),
            condition("K07", "silver"),
            condition("K10", None, 0),
            condition("K11", "gold"),
            condition("K12", "silver"),
        ],
        track=[
            {"score": 52, "bet": "silver", "taken_by": None},
            {"score": 66, "bet": "gold", "taken_by": None},
            {"score": 77, "bet": "gold", "taken_by": None},
            {"score": 91, "bet": "silver", "taken_by": None},
        ],
        bets=[
            [{"token": "gold", "on": "middle", "count": 3}, {"token": "silver", "on": "goal", "goal": "C36"}],
            [],
        ],
        automa=_automa("normal", 1, [*ROWS, *COLUMNS], automa_last),
        pending=[{"kind": "draw"}],
    )
    archives = [archive(["C21", "C16"], ["C02", "C07"], ["C12"]), archive([], [], [])]
    view = _complex(view, archives, handed=[1, 1])
    view["scored"][1] = ["C09", "C20", "C33", "C44"]  # the automa's cards are scored, never filed
    return view


def with_changes(view: View, **changes: Any) -> View:
    """A deep copy of ``view`` with some keys replaced."""
    out = copy.deepcopy(view)
    out.update(changes)
    return out
