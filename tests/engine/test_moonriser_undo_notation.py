"""Taking moves back (what may go, and the reason a player reads where not) and the notation."""

from __future__ import annotations

import pytest

from engine.core import IllegalMove, Move
from engine.core.undo import Plan, Step, Stop, plan_undo, replay_marked
from engine.moonriser.game import GAME
from engine.moonriser.undo import REASONS
from tests.engine.moonriser_support import catalogue, position, special_tiles, tiles_folder


@pytest.fixture(autouse=True)
def made_up() -> object:
    with tiles_folder(catalogue()):
        yield


def verdict(state: dict, seat: int, text: str) -> tuple[bool, str | None]:
    move = GAME.parse_move(text)
    after, _ = GAME.apply(state, seat, move)
    allowed = GAME.can_undo(state, seat, move, after)
    return allowed, None if allowed else GAME.undo_stop(state, seat, move, after)


def rich(**extra: object) -> dict:
    return position(
        players=2,
        tiles={"D4": ("M1", 0, 0)},
        tokens=[{"blue": 5, "green": 9, "red": 9}],
        hands=[["A02", "B02", "B03", "B04", "B05"]],
        **extra,
    )


def test_steps_that_reveal_nothing_may_be_taken_back() -> None:
    state = rich()
    assert verdict(state, 0, "place A02 D5 0 hand") == (True, None)
    assert verdict(state, 0, "upgrade D4") == (True, None)
    assert verdict(state, 0, "done") == (True, None)
    state["phase"] = "trade"
    for text in ("trade green yellow", "sell B02 B03 B04 B05 red", "discard B02"):
        assert verdict(state, 0, text) == (True, None)
    state["phase"] = "plan"
    assert verdict(state, 0, "plan 2") == (True, None)
    assert verdict(state, 0, "plan 0") == (True, None)


def test_the_1_to_2_trade_may_be_taken_back() -> None:
    with tiles_folder(special_tiles()):
        state = position(players=2, tiles={"D5": ("B05", 0, 0)}, tokens=[{"red": 4}], phase="trade")
        assert verdict(state, 0, "swap blue red") == (True, None)


def test_a_draw_a_supply_refill_keeping_and_the_end_of_a_turn_or_round_are_final() -> None:
    state = rich(phase="plan")
    state, _ = GAME.apply(state, 0, "plan 1")
    assert verdict(state, 0, "draw basic") == (False, "moonriser.undo.drew")
    state, _ = GAME.apply(state, 0, "draw basic 3")
    assert verdict(state, 0, "keep " + state["seats"][0]["drawn"][0]) == (False, "moonriser.undo.kept")
    state = rich(supply=["B06", "B07", "B08", "B09"])
    assert verdict(state, 0, "place B07 D5 0 supply") == (False, "moonriser.undo.supply_refilled")
    state["piles"]["basic"], state["discards"]["basic"] = [], []
    assert verdict(state, 0, "place B07 D5 0 supply") == (True, None)  # nothing new came up
    state = rich(phase="trade")
    assert verdict(state, 0, "end") == (False, "moonriser.undo.turn_ended")
    state = rich(phase="trade", active=1)
    assert verdict(state, 1, "end") == (False, "moonriser.undo.round_ended")
    assert set(REASONS) == {
        "moonriser.undo.drew",
        "moonriser.undo.supply_refilled",
        "moonriser.undo.kept",
        "moonriser.undo.turn_ended",
        "moonriser.undo.round_ended",
    }


def test_undo_through_the_log_takes_back_the_last_placement_and_stops_at_the_draw() -> None:
    state = GAME.new(2, {"board": "compact"}, 3)
    log: list[Step] = []
    while state["phase"] != "plan" or GAME.to_act(state) != [state["active"]]:
        seat = GAME.to_act(state)[0]
        move = next(iter(GAME.legal_moves(state, seat)))
        state, _ = GAME.apply(state, seat, move)
        log.append(Step(seat, move.notation))
    seat = state["active"]
    for text in ("plan 1", "draw basic 3"):
        state, _ = GAME.apply(state, seat, text)
        log.append(Step(seat, text))
    keep = "keep " + state["seats"][seat]["drawn"][0]
    state, _ = GAME.apply(state, seat, keep)
    log.append(Step(seat, keep))
    placement = next(m for m in GAME.legal_moves(state, seat) if m.kind == "place" and m.args[3] == "hand")
    after, _ = GAME.apply(state, seat, placement)
    log.append(Step(seat, placement.notation))
    replayed = replay_marked(GAME, 2, {"board": "compact"}, 3, log)
    assert replayed.end == after
    plan = plan_undo(replayed, log, seat)
    assert isinstance(plan, Plan) and plan.state == state and plan.keep == len(log) - 1
    stop = plan_undo(replayed, log, seat, length=len(log) - 1)
    assert isinstance(stop, Stop) and stop.reason == "moonriser.undo.kept"


# --------------------------------------------------------------------------- notation


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("base c4", "base C4"),
        ("KEEP b07 a03 B01", "keep A03 B01 B07"),
        ("plan 2", "plan 2"),
        ("draw Basic 1", "draw basic"),
        ("draw advanced 3", "draw advanced 3"),
        ("place b01 c4 2 HAND", "place B01 C4 2 hand"),
        ("place B05 D2 0 supply", "place B05 D2 0 supply"),
        ("upgrade c4", "upgrade C4"),
        ("done", "done"),
        ("trade RED blue", "trade red blue"),
        ("sell B04 B01 B03 B02 yellow", "sell B01 B02 B03 B04 yellow"),
        ("swap blue red", "swap blue red"),
        ("swap blue b09 b02", "swap blue B02 B09"),
        ("discard b07", "discard B07"),
        ("discard b09 B07", "discard B07 B09"),
        ("trade green YELLOW 3", "trade green yellow 3"),
        ("trade green yellow 1", "trade green yellow"),
        ("Convert", "convert"),
        ("end", "end"),
        ("resign", "resign"),
    ],
)
def test_notation_is_parsed_case_insensitively_into_one_canonical_text(text: str, canonical: str) -> None:
    move = GAME.parse_move(text)
    assert move.notation == canonical
    assert GAME.parse_move(canonical) == move
    assert isinstance(move, Move) and str(move) == canonical


@pytest.mark.parametrize(
    "text",
    [
        "",
        "plant B01",
        "place B01 C4 6 hand",
        "place B01 C4 2 pocket",
        "trade blue",
        "swap blue yellow",
        "trade green yellow 0",
        "draw basic 0",
        "keep",
        "done now",
        "plan x",
        "base C",
        "convert all",
    ],
)
def test_malformed_notation_is_refused_as_bad_notation(text: str) -> None:
    with pytest.raises(IllegalMove) as refused:
        GAME.parse_move(text)
    assert refused.value.code == "core.bad_notation"


@pytest.mark.parametrize(
    ("text", "code", "params"),
    [
        ("sell B01 B02 yellow", "moonriser.sell_count", {"count": 2, "need": 4}),
        ("sell B01 B02 B03 yellow", "moonriser.sell_count", {"count": 3, "need": 4}),
        ("sell B01 B02 B03 B04 B05 red", "moonriser.sell_count", {"count": 5, "need": 4}),
        ("discard B1", "moonriser.no_such_tile", {"tile": "B1"}),
        ("place Z9 C4 0 supply", "moonriser.no_such_tile", {"tile": "Z9"}),
    ],
)
def test_a_wrong_count_of_tiles_or_a_word_that_is_no_tile_says_so(text: str, code: str, params: dict) -> None:
    """Selling 2 tiles is "sell exactly 4", not a malformed move; ``Z9`` is no tile at all."""
    with pytest.raises(IllegalMove) as refused:
        GAME.parse_move(text)
    assert (refused.value.code, refused.value.params) == (code, params)
