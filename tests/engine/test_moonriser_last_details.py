"""The rulebook's last details (issue 27), each quoting the Czech rulebook, and the steps that
make the end of a game quick: the last trades buy VP only, ``convert`` turns everything into VP
at once, ``trade … times`` makes several trades, one ``discard`` drops several tiles; remote
placement walks around holes; a move naming no tile or no field says so. Rules edition 1 (a
game stored before editions, its content without ``rules``) keeps playing as it was stored.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import GameRecord, IllegalMove, format_record, parse_record, replay_record
from engine.core.record import CONTENT, content_header
from engine.moonriser.game import GAME
from engine.moonriser.placement import check_place
from engine.moonriser.scoring import scores
from tests.engine.moonriser_support import catalogue, position, special_tiles, step, tiles_folder

EDITION_1 = {"tiles": 1, "pieces": 1, "layouts": 1}


@pytest.fixture
def made_up() -> object:
    with tiles_folder(catalogue()):
        yield


def play(state: dict, seat: int, *moves: str) -> tuple[dict, list]:
    events = []
    for move in moves:
        state, happened = GAME.apply(state, seat, move)
        events.extend(happened)
    return state, events


def refusal(state: dict, seat: int, move: str) -> tuple[str, dict[str, Any]]:
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, seat, move)
    return refused.value.code, dict(refused.value.params)


def edition_1(state: dict) -> dict:
    return {**state, "content": dict(EDITION_1)}


def final_trades(**seat_0: Any) -> dict:
    """Seat 1 ended the game; seat 0 makes its last trades."""
    state = position(players=2, tokens=[seat_0.get("tokens", {})], hands=[seat_0.get("hand", [])])
    state.update(phase="final", ending=True, active=None, last_round=state["round"])
    state["seats"][1]["final_done"] = True
    return state


# --------------------------------------------------------------------------- the last trades


def test_the_last_trades_buy_victory_points_only(made_up: object) -> None:
    """„Ostatní hráči mohou provést obchod a vyměnit své modré, červené, zelené žetony a zbylé
    dílky na vítězné body (pouze ve standardním poměru 1:4)."""
    state = final_trades(tokens={"green": 8}, hand=["B02", "B03", "B04", "B05"])
    assert refusal(state, 0, "trade green red") == ("moonriser.final_vp_only", {})
    assert refusal(state, 0, "sell B02 B03 B04 B05 blue") == ("moonriser.final_vp_only", {})
    listed = {m.notation for m in GAME.legal_moves(state, 0)}
    assert "trade green yellow" in listed and "trade green red" not in listed
    assert all(n.endswith("yellow") for n in listed if n.startswith(("trade", "sell")))
    state, _ = play(state, 0, "trade green yellow")
    assert state["seats"][0]["tokens"]["yellow"] == 1


def test_a_game_of_rules_edition_1_still_takes_last_trades_into_tokens(made_up: object) -> None:
    state = edition_1(final_trades(tokens={"green": 8}))
    state, _ = play(state, 0, "trade green red")
    assert state["seats"][0]["tokens"]["red"] == 1


def test_convert_turns_every_whole_trade_and_every_four_tiles_into_vp_at_once(made_up: object) -> None:
    """13 green, 5 red, 3 blue and 6 tiles: 3 + 1 VP from tokens and 1 VP from 4 tiles, in one step."""
    hand = ["B02", "B03", "B04", "B05", "B06", "B07"]
    state = final_trades(tokens={"green": 13, "red": 5, "blue": 3}, hand=hand)
    state, events = play(state, 0, "convert")
    row = state["seats"][0]
    assert row["tokens"] == {"blue": 3, "red": 1, "green": 1, "yellow": 5}
    assert len(row["hand"]) == 2 and len(state["discards"]["basic"]) == 4
    assert (events[0].code, events[0].params) == (
        "moonriser.converted",
        {"seat": 0, "paid": {"red": 4, "green": 12}, "count": 4, "yellow": 5},
    )
    assert "convert" not in {m.notation for m in GAME.legal_moves(state, 0)}
    assert refusal(state, 0, "convert") == ("moonriser.nothing_to_convert", {})
    before = final_trades(tokens={"green": 13, "red": 5, "blue": 3}, hand=hand)
    assert GAME.can_undo(before, 0, GAME.parse_move("convert"), state)  # it showed nobody anything


def test_convert_belongs_to_the_end_of_the_game(made_up: object) -> None:
    state = position(players=2, tokens=[{"green": 8}], phase="trade")
    assert refusal(state, 0, "convert")[0] == "moonriser.not_now"
    assert "convert" not in {m.notation for m in GAME.legal_moves(state, 0)}
    state["ending"] = True  # the seat that filled the board plays out its Phase III at its rates
    state, _ = play(state, 0, "convert")
    assert state["seats"][0]["tokens"]["yellow"] == 2
    last_round = position(players=2, tokens=[{}, {"green": 8}], phase="trade", active=1)
    last_round["round"] = last_round["options"]["max_rounds"]  # seat 1 plays the table's last turn
    last_round, _ = play(last_round, 1, "convert")
    assert last_round["seats"][1]["tokens"]["yellow"] == 2


def test_one_trade_move_makes_several_trades(made_up: object) -> None:
    state = final_trades(tokens={"green": 13})
    state, events = play(state, 0, "trade green yellow 3")
    assert state["seats"][0]["tokens"] == {"blue": 0, "red": 0, "green": 1, "yellow": 3}
    assert events[0].params == {"seat": 0, "give": "green", "amount": 12, "get": "yellow", "times": 3}
    assert refusal(state, 0, "trade green yellow 2") == (
        "moonriser.trade_short",
        {"colour": "green", "amount": 8},
    )


# --------------------------------------------------------------------------- the hand limit


def test_one_discard_drops_every_tile_over_the_hand_limit(made_up: object) -> None:
    """„Hráč může mít v ruce na konci kola maximálně 5 hracích dílků – přebytečné dílky zahodí."""
    hand = ["B02", "B03", "B04", "B05", "B06", "B07", "B08"]
    state = position(players=2, hands=[hand], phase="trade")
    state, events = play(state, 0, "discard B03 B07")
    assert events[0].params == {"seat": 0, "count": 2}
    assert sorted(state["seats"][0]["hand"]) == ["B02", "B04", "B05", "B06", "B08"]
    state, _ = play(state, 0, "end")
    assert GAME.to_act(state) == [1]


# --------------------------------------------------------------------------- remote placement


def compact_3(rules: dict[str, int] | None = None) -> dict:
    """The compact 3-player board (a hole at F3 between F2 and F4), seat 0's base on F2."""
    state = GAME.new(3, {"board": "compact"}, 7, rules)
    state["tiles"] = {"F2": {"tile": "M1", "owner": 0, "rot": 0, "upgraded": False, "level": 1}}
    state.update(phase="develop", active=0)
    state["turn"] = {"actions": 0, "free": 1, "swaps": {}, "placed": [], "upgraded": [], "produced": None}
    state["seats"][0]["tokens"] = {"blue": 0, "red": 9, "green": 9, "yellow": 0}
    state["seats"][0]["hand"] = ["B02"]
    return state


def test_remote_placement_counts_only_fields_of_the_board_on_the_shortest_path() -> None:
    """„… platí 2 červené žetony navíc … za každé pole, které leží na nejkratší cestě mezi nově
    vykládaným hracím dílkem a kolonií": F2 -> F4 goes around the hole, over 2 fields."""
    assert "F3" not in GAME.view(compact_3(), None)["fields"]
    assert check_place(compact_3(), 0, "B02", "F4", 0, "hand").cost["red"] == 4
    # a field straight across the board's fields still costs 2 red per field between
    assert check_place(compact_3(), 0, "B02", "F5", 0, "hand").cost["red"] == 2 * 2 + 2


def test_a_game_of_rules_edition_1_keeps_counting_the_hole() -> None:
    state = compact_3(EDITION_1)
    assert check_place(state, 0, "B02", "F4", 0, "hand").cost["red"] == 2


# --------------------------------------------------------------------------- decided points

POINT = ("D5", step("D5", 0), step("D5", 1))
"""Three fields meeting at one point."""


def test_a_neighbourhood_with_an_upgraded_tile_still_produces_1_token() -> None:
    """„Každé Produktivní sousedství produkuje … 1 žeton dané barvy"; upgrading „zdvojnásobí se i
    poměrný počet vítězných bodů za Produktivní sousedství": the tile's VP double, the token not."""
    with tiles_folder(special_tiles()):  # B02: green in all six corners, no bonus of its own
        state = position(
            tiles={POINT[0]: ("B02", 0, 0, True), POINT[1]: ("B02", 0, 0), POINT[2]: ("B02", 0, 0)}
        )
        after, _ = GAME.apply(state, 0, "done")
        assert after["seats"][0]["tokens"]["green"] == 1
        assert scores(after)[0]["neighbourhoods"] == 2 + 1 + 1


def test_coloured_tokens_are_unlimited() -> None:
    """The box's tokens are not a limit (the production board counts on, „použijeme další marker
    stejné barvy"): a seat holding far more than a box has still gets its production."""
    with tiles_folder(special_tiles()):
        many = {"blue": 500, "red": 500, "green": 500}
        state = position(tiles={field: ("B02", 0, 0) for field in POINT}, tokens=[many])
        after, _ = GAME.apply(state, 0, "done")
        assert after["seats"][0]["tokens"]["green"] == 501


# --------------------------------------------------------------------------- clear refusals


def test_a_base_on_a_field_the_board_does_not_have_is_no_such_field(made_up: object) -> None:
    state = GAME.new(2, {"board": "compact"}, 3)
    (seat,) = GAME.to_act(state)
    assert refusal(state, seat, "base Z99") == ("moonriser.bad_field", {"field": "Z99"})


def test_an_unknown_tile_is_no_such_tile_before_where_it_lies(made_up: object) -> None:
    state = position(players=2, hands=[["B02"]], supply=["B03"])
    assert refusal(state, 0, "place B99 D4 0 supply") == ("moonriser.no_such_tile", {"tile": "B99"})
    assert refusal(state, 0, "place B04 D4 0 supply") == ("moonriser.not_in_supply", {"tile": "B04"})
    trading = position(players=2, hands=[["B02"]], phase="trade")
    assert refusal(trading, 0, "discard A99") == ("moonriser.no_such_tile", {"tile": "A99"})


# --------------------------------------------------------------------------- editions in records


@pytest.mark.parametrize("content", [None, EDITION_1])
def test_a_record_names_the_rules_edition_and_replays_to_the_same_game(
    made_up: object, content: dict[str, int] | None
) -> None:
    """A record's ``Content`` header carries ``rules 2`` for a new game, nothing for edition 1."""
    state = GAME.new(2, {"board": "compact", "max_rounds": 10}, 5, content)
    log = []
    for _ in range(40):
        (seat, *_) = GAME.to_act(state)
        move = GAME.bot_move(state, seat, "normal")
        state, _ = GAME.apply(state, seat, move)
        log.append((seat, move.notation))
    versions = GAME.content(state)
    header = {CONTENT: content_header(versions)}
    written = GameRecord("moonriser", 5, 2, state["options"], ["a", "b"], log, headers=header)
    record = parse_record(format_record(written))
    assert ("rules 2" in record.headers[CONTENT]) == (content is None)
    assert replay_record(GAME, record) == state
