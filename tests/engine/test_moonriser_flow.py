"""The course of a game: setup, planning (John's 3 blue, the planning discount), the supply, the
turn order and rounds, production, trades, the hand limit, the end of the game with the others'
last trades at 4:1, resignation, ties and the time-limit step.

Tests that need full piles read a made-up catalogue (``catalogue()``) or the made-up special
tiles (``special_tiles()``) through ``TILE_LIBRARY.reading``; the seed file has too few tiles.
"""

from __future__ import annotations

import pytest

from engine.core import IllegalMove
from engine.moonriser.game import GAME
from engine.moonriser.placement import free_labels
from engine.moonriser.trading import ends_plainly, sale_gets
from tests.engine.moonriser_support import (
    catalogue,
    position,
    special_tiles,
    step,
    the_board,
    tiles_folder,
)


@pytest.fixture
def made_up() -> object:
    with tiles_folder(catalogue()):
        yield


@pytest.fixture
def special() -> object:
    with tiles_folder(special_tiles()):
        yield


def play(state: dict, seat: int, *moves: str) -> tuple[dict, list]:
    events = []
    for move in moves:
        state, happened = GAME.apply(state, seat, move)
        events.extend(happened)
    return state, events


def codes(events: list) -> list[str]:
    return [e.code for e in events]


# --------------------------------------------------------------------------- setup


def place_bases(state: dict) -> dict:
    while state["phase"] == "base":
        (seat,) = GAME.to_act(state)
        state, _ = GAME.apply(state, seat, next(iter(GAME.legal_moves(state, seat))))
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_bases_tokens_and_a_supply_then_five_tiles_once_the_bases_are_down(
    players: int, made_up: object
) -> None:
    """„Hráči vyloží své Základny na hrací desku … Každý hráč dostane 5 základních hracích
    dílků, z nichž si 3 vezme do ruky": the bases go down first, then the 5 tiles come."""
    state = GAME.new(players, {}, 11)
    assert len(state["layout"]) == players + 2
    bases = [row["base"] for row in state["seats"]]
    assert len(set(bases)) == players and set(bases) <= {"M1", "M2", "M3", "M4"}
    for row in state["seats"]:
        assert row["tokens"] == {"blue": 1, "red": 0, "green": 3, "yellow": 0}
        assert row["drawn"] == [] and row["hand"] == []
    assert len(state["supply"]) == players + 2
    while_placing = GAME.view(state, GAME.to_act(state)[0])
    assert while_placing["drawn"] == [] and all(row["drawn_count"] == 0 for row in while_placing["seats"])
    pile = len(state["piles"]["basic"])
    state = place_bases(state)
    for row in state["seats"]:
        assert len(row["drawn"]) == 5 and row["keep"] == 3 and row["hand"] == []
    view = GAME.view(state, None)
    assert view["piles"]["basic"] == len(state["piles"]["basic"]) == pile - 5 * players
    assert all(row["drawn_count"] == 5 for row in view["seats"])


def test_a_game_stored_before_rule_editions_still_deals_before_the_bases(made_up: object) -> None:
    """Edition 1 (a stored game's content without ``rules``) replays as it was played."""
    old = GAME.new(3, {}, 11, {"tiles": 1, "pieces": 1, "layouts": 1})
    assert "rules" not in old["content"]
    assert all(len(row["drawn"]) == 5 for row in old["seats"])
    new = GAME.new(3, {}, 11)
    assert new["content"]["rules"] == 2 and GAME.new(3, {}, 11, GAME.content(new)) == new


def test_bases_go_down_from_the_highest_number_then_all_keep_three_and_the_lowest_starts(
    made_up: object,
) -> None:
    state = GAME.new(3, {"board": "compact"}, 5)
    numbers = {s: int(row["base"][1]) for s, row in enumerate(state["seats"])}
    placing = []
    while state["phase"] == "base":
        (seat,) = GAME.to_act(state)
        placing.append(seat)
        state, events = GAME.apply(state, seat, next(iter(GAME.legal_moves(state, seat))))
        assert events[0].code == "moonriser.base_placed"
    assert [numbers[s] for s in placing] == sorted(numbers.values(), reverse=True)
    assert state["phase"] == "setup_keep" and sorted(GAME.to_act(state)) == [0, 1, 2]
    seat = 1
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, seat, "keep " + " ".join(state["seats"][seat]["drawn"][:2]))
    assert refused.value.code == "moonriser.keep_count"
    chosen = state["seats"][seat]["drawn"][:3]
    state, events = GAME.apply(state, seat, "keep " + " ".join(chosen))
    assert sorted(state["seats"][seat]["hand"]) == sorted(chosen)
    assert events[0].params == {"seat": seat, "count": 3} and events[0].audience is None
    assert events[1].audience == seat and sorted(events[1].params["tiles"]) == sorted(chosen)
    assert sorted(GAME.to_act(state)) == [0, 2]
    for other in (0, 2):
        state, _ = GAME.apply(state, other, "keep " + " ".join(state["seats"][other]["drawn"][:3]))
    first = min(numbers, key=numbers.get)
    assert GAME.to_act(state) == [first] and state["phase"] == "plan"
    assert state["order"] == [(first + k) % 3 for k in range(3)]
    assert sum(len(p) for p in state["discards"].values()) == 3 * 2


# --------------------------------------------------------------------------- planning


def test_john_pays_3_blue_draws_4_advanced_and_5_basic_and_keeps_3(made_up: object) -> None:
    state = position(players=2, tokens=[{"blue": 3}], phase="plan")
    state["piles"] = {
        "basic": ["B02", "B03", "B04", "B05", "B06", "B07"],
        "advanced": ["A03", "A04", "A05", "A06"],
    }
    state["discards"] = {"basic": [], "advanced": []}
    state, events = play(state, 0, "plan 3")
    assert events[0].params == {"seat": 0, "paid": 3, "draws": 9, "keep": 3}
    assert state["seats"][0]["tokens"]["blue"] == 0 and state["phase"] == "draw"
    state, events = play(state, 0, "draw advanced 4")
    private = [e for e in events if e.code == "moonriser.drew"]
    assert private[0].audience == 0 and private[0].params["tiles"] == ["A06", "A05", "A04", "A03"]
    public = [e for e in events if e.audience is None]
    assert public[0].params == {"seat": 0, "count": 4, "pile": "advanced"}
    assert state["phase"] == "draw"
    state, _ = play(state, 0, "draw basic 5")
    assert state["phase"] == "keep" and len(state["seats"][0]["drawn"]) == 9
    with pytest.raises(IllegalMove):
        GAME.apply(state, 0, "keep A06 A05")
    state, _ = play(state, 0, "keep A06 B07 B03")
    assert sorted(state["seats"][0]["hand"]) == ["A06", "B03", "B07"]
    assert sorted(state["discards"]["advanced"]) == ["A03", "A04", "A05"]
    assert sorted(state["discards"]["basic"]) == ["B04", "B05", "B06"]
    assert state["phase"] == "develop"


def test_george_pays_no_blue_and_draws_nothing(made_up: object) -> None:
    state = position(players=2, tokens=[{"blue": 2}], phase="plan", hands=[["B02"]])
    piles = {k: list(v) for k, v in state["piles"].items()}
    state, events = play(state, 0, "plan 0")
    assert state["phase"] == "develop" and state["piles"] == piles
    assert state["seats"][0]["hand"] == ["B02"] and state["seats"][0]["tokens"]["blue"] == 2
    assert events[0].params == {"seat": 0, "paid": 0, "draws": 0, "keep": 0}


def test_a_player_cannot_pay_more_blue_than_they_have_or_draw_more_than_paid_for(made_up: object) -> None:
    state = position(players=2, tokens=[{"blue": 1}], phase="plan")
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, 0, "plan 2")
    assert refused.value.code == "moonriser.not_enough_blue"
    state, _ = play(state, 0, "plan 1")
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, 0, "draw basic 4")
    assert refused.value.code == "moonriser.too_many_draws"


def test_planning_discount_pay_1_draw_6_keep_2(special: object) -> None:
    """The English book's example (B03 is a made-up tile with the planning-discount symbol)."""
    state = position(players=2, tiles={"D5": ("B03", 0, 0)}, tokens=[{"blue": 2}], phase="plan")
    state["piles"]["basic"] = ["B01", "B02", "B04", "B05", "B06", "B07"]
    state, events = play(state, 0, "plan 1")
    assert events[0].params == {"seat": 0, "paid": 1, "draws": 6, "keep": 2}
    assert state["seats"][0]["tokens"]["blue"] == 1
    state, _ = play(state, 0, "draw basic 6")
    assert state["phase"] == "keep"
    kept = state["seats"][0]["drawn"][:2]
    state, _ = play(state, 0, "keep " + " ".join(kept))
    assert len(state["seats"][0]["hand"]) == 2
    # Pay 2 with the symbol: 9 drawn, 3 kept (the English book's second example).
    state = position(players=2, tiles={"D5": ("B03", 0, 0)}, tokens=[{"blue": 2}], phase="plan")
    assert play(state, 0, "plan 2")[1][0].params == {"seat": 0, "paid": 2, "draws": 9, "keep": 3}
    # An upgraded symbol counts twice.
    state = position(players=2, tiles={"D5": ("B03", 0, 0, True)}, tokens=[{"blue": 1}], phase="plan")
    assert play(state, 0, "plan 1")[1][0].params == {"seat": 0, "paid": 1, "draws": 9, "keep": 3}


def test_an_empty_pile_is_refilled_from_its_discards(made_up: object) -> None:
    state = position(players=2, tokens=[{"blue": 1}], phase="plan")
    state["piles"] = {"basic": ["B02"], "advanced": []}
    state["discards"] = {"basic": ["B03", "B04"], "advanced": []}
    state, _ = play(state, 0, "plan 1")
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, 0, "draw advanced")
    assert refused.value.code == "moonriser.pile_short"
    state, events = play(state, 0, "draw basic 3")
    assert "moonriser.reshuffled" in codes(events)
    assert sorted(state["seats"][0]["drawn"]) == ["B02", "B03", "B04"]
    assert state["discards"]["basic"] == [] and state["piles"]["basic"] == []


# --------------------------------------------------------------------------- supply, turns, rounds


def test_a_tile_from_the_supply_closes_it_up_and_a_new_one_fills_the_right(made_up: object) -> None:
    state = position(
        players=2,
        tiles={"D4": ("M1", 0, 0)},
        tokens=[{"green": 3, "blue": 3, "red": 3}],
        supply=["B02", "A02", "B03", "B04"],
    )
    state["supply"] = ["B02", "A02", "B03", "B04"]
    state["piles"]["basic"] = ["B09", "B08"]
    state, events = play(state, 0, "place A02 D5 0 supply")
    assert state["supply"] == ["B02", "B03", "B04", "B08"]
    assert [e.params for e in events if e.code == "moonriser.supply_refilled"] == [{"tile": "B08"}]


def test_a_round_ends_after_the_last_seat_and_drops_the_leftmost_supply_tile(made_up: object) -> None:
    state = position(players=2, tiles={"D4": ("M1", 0, 0), "D6": ("M2", 1, 0)}, phase="trade", active=1)
    state["supply"] = ["B02", "B03", "B04", "B05"]
    state["piles"]["basic"] = ["B09", "B08"]
    state, events = play(state, 1, "end")
    assert state["round"] == 2 and GAME.to_act(state) == [0]
    ended = next(e for e in events if e.code == "moonriser.round_ended")
    assert ended.params == {"round": 1, "dropped": "B02", "added": "B08"}
    assert state["supply"] == ["B03", "B04", "B05", "B08"]
    assert "B02" in state["discards"]["basic"]
    assert state["last"] == {"seat": 1, "fields": [], "upgraded": []}
    # Seat 0 has no blue: its turn starts in development.
    assert state["phase"] == "develop"


def test_done_produces_and_opens_the_trade_phase(made_up: object) -> None:
    state = position(players=2, tiles={"D4": ("M1", 0, 0)}, tokens=[{"green": 1}])
    state["tiles"]["D4"]["level"] = 2
    state, events = play(state, 0, "done")
    assert events[0].params == {"seat": 0, "blue": 2, "red": 0, "green": 2}
    assert state["seats"][0]["tokens"] == {"blue": 2, "red": 0, "green": 3, "yellow": 0}
    assert state["phase"] == "trade" and state["turn"]["produced"] == {"blue": 2, "red": 0, "green": 2}


def test_the_hand_limit_is_five_at_the_end_of_a_turn(made_up: object) -> None:
    state = position(players=2, hands=[["B02", "B03", "B04", "B05", "B06", "B07"]], phase="trade")
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, 0, "end")
    assert refused.value.code == "moonriser.hand_limit"
    assert refused.value.params == {"count": 6, "limit": 5}
    state, events = play(state, 0, "discard B04")
    assert events[0].params == {"seat": 0, "count": 1}
    state, _ = play(state, 0, "end")
    assert GAME.to_act(state) == [1]
    assert state["discards"]["basic"][-1] == "B04"


# --------------------------------------------------------------------------- trades


def test_standard_trade_is_4_to_1_and_yellow_tokens_are_vp(made_up: object) -> None:
    state = position(players=2, tokens=[{"green": 9}], phase="trade")
    state, events = play(state, 0, "trade green yellow", "trade green red")
    assert [e.params for e in events] == [
        {"seat": 0, "give": "green", "amount": 4, "get": "yellow"},
        {"seat": 0, "give": "green", "amount": 4, "get": "red"},
    ]
    assert state["seats"][0]["tokens"] == {"blue": 0, "red": 1, "green": 1, "yellow": 1}
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, 0, "trade green blue")
    assert refused.value.code == "moonriser.trade_short"


def test_four_tiles_from_hand_buy_one_token(made_up: object) -> None:
    state = position(players=2, hands=[["B02", "B02", "B03", "A04", "B05"]], phase="trade")
    state, events = play(state, 0, "sell B02 B02 B03 A04 yellow")
    assert state["seats"][0]["hand"] == ["B05"] and state["seats"][0]["tokens"]["yellow"] == 1
    assert events[0].params == {"seat": 0, "count": 4, "get": "yellow"}
    assert "A04" in state["discards"]["advanced"]


def test_a_sale_needs_4_tiles_in_phase_iii_and_the_turn_ends_after_it_within_the_limit_of_5(
    made_up: object,
) -> None:
    """What the sell select offers and when "sell and end your turn" may follow at once."""
    nine = ["B02", "B02", "B03", "A04", "B05", "B06", "B07", "B08", "B09"]
    state = position(players=2, hands=[nine[:3]], phase="trade")
    assert sale_gets(state, 0) == ()  # 3 tiles: nothing to sell
    state = position(players=2, hands=[nine[:4]], phase="develop")
    assert sale_gets(state, 0) == () and not ends_plainly(state, 0)  # not Phase III
    state = position(players=2, hands=[nine], phase="trade")
    assert set(sale_gets(state, 0)) == {"blue", "red", "green", "yellow"}
    assert ends_plainly(state, 0, 4)  # 9 - 4 = 5 tiles: within the limit
    assert not ends_plainly(state, 0)  # 9 without the sale: over it, a discard first
    state = position(players=2, hands=[[*nine, "B10"]], phase="trade")
    assert not ends_plainly(state, 0, 4)  # 10 - 4 = 6 tiles: over the limit of 5
    with pytest.raises(IllegalMove):
        GAME.apply(play(state, 0, "sell B02 B02 B03 A04 red")[0], 0, "end")


def test_trade_advantage_gives_3_to_1_in_its_colour_and_2_to_1_upgraded(special: object) -> None:
    state = position(players=2, tiles={"D5": ("B04", 0, 0)}, tokens=[{"red": 7, "green": 4}], phase="trade")
    state, events = play(state, 0, "trade red blue")
    assert events[0].params["amount"] == 3
    state, events = play(state, 0, "trade green blue")
    assert events[0].params["amount"] == 4
    state["tiles"]["D5"]["upgraded"] = True
    state, events = play(state, 0, "trade red yellow")
    assert events[0].params["amount"] == 2
    assert GAME.view(state, None)["seats"][0]["rates"] == {"blue": 4, "red": 2, "green": 4}


def test_the_1_to_2_trade_once_per_turn_for_two_tokens_or_two_tiles(special: object) -> None:
    state = position(
        players=2, tiles={"D5": ("B05", 0, 0)}, tokens=[{"red": 4}], hands=[["B02", "B03"]], phase="trade"
    )
    state, events = play(state, 0, "swap blue red")
    assert events[0].params == {"seat": 0, "get": "blue", "give": "red", "amount": 2}
    assert state["seats"][0]["tokens"]["blue"] == 1 and state["seats"][0]["tokens"]["red"] == 2
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, 0, "swap blue red")
    # the one true reason: the seat has the 1:2 trade into blue, and used it this turn
    used = ("moonriser.swap_used", {"colour": "blue", "count": 1})
    assert (refused.value.code, refused.value.params) == used
    state["tiles"]["D5"]["upgraded"] = True
    state, events = play(state, 0, "swap blue B02 B03")
    assert events[0].params == {"seat": 0, "get": "blue", "give": "tiles", "amount": 2}
    assert state["seats"][0]["hand"] == [] and state["seats"][0]["tokens"]["blue"] == 2
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, 0, "swap red blue")  # no tile of the seat trades 1:2 into red
    assert (refused.value.code, refused.value.params) == ("moonriser.no_swap", {"colour": "red"})


# --------------------------------------------------------------------------- the end


def full_board(special_seat_tile: str = "B04") -> dict:
    """Every field taken but ``LAST``: seat 1's tiles everywhere, seat 0's base beside ``LAST``."""
    fields = [the_board().labels[at] for at in the_board().order]
    tiles = {f: ("A02", 1, 0) for f in fields if f not in (LAST, step(LAST, 3))}
    tiles[step(LAST, 3)] = ("M1", 0, 0)
    tiles[step(LAST, 0)] = (special_seat_tile, 1, 0)
    return position(
        players=3,
        tiles=tiles,
        tokens=[{"green": 5, "blue": 2, "red": 2}, {"red": 9, "blue": 3}, {"green": 8}],
        hands=[["A01"], ["B02", "B02", "B03", "B05", "B06"], []],
    )


LAST = "D5"


def test_the_last_free_field_ends_the_game_the_player_finishes_and_the_others_trade_at_4(
    special: object,
) -> None:
    state = full_board()
    assert free_labels(state) == [LAST]
    state, events = play(state, 0, f"place A01 {LAST} 0 hand")
    assert events[-1].code == "moonriser.game_ending"
    assert events[-1].params == {"seat": 0, "reason": "board_full"}
    assert state["ending"] and GAME.to_act(state) == [0]
    # The player who placed the last tile finishes the whole turn: more upgrades, production, trades.
    state, _ = play(state, 0, "upgrade " + step(LAST, 3), "done", "trade green yellow")
    state, events = play(state, 0, "end")
    assert state["phase"] == "final" and sorted(GAME.to_act(state)) == [1, 2]
    # Seat 1 has a red trade advantage (B04), but the last trades are at the standard 4:1.
    state, events = play(state, 1, "trade red yellow")
    assert events[0].params["amount"] == 4
    state, _ = play(state, 1, "sell B02 B02 B03 B05 yellow")
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, 1, "place B06 D5 0 hand")
    assert refused.value.code == "moonriser.not_now"
    with pytest.raises(IllegalMove) as refused:
        GAME.apply(state, 0, "trade blue yellow")
    assert refused.value.code == "core.not_your_turn"
    state, _ = play(state, 1, "end")
    assert GAME.outcome(state) is None and GAME.to_act(state) == [2]
    state, _ = play(state, 2, "trade green yellow", "trade green yellow")
    state, events = play(state, 2, "end")
    assert state["phase"] == "over" and events[-1].code == "moonriser.game_over"
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert [row["yellow"] for row in outcome.details["breakdown"]] == [1, 2, 2]
    assert outcome.places[1] == 1


def test_max_rounds_ends_the_game_after_its_last_seat(made_up: object) -> None:
    state = position(players=2, tiles={"D4": ("M1", 0, 0), "D6": ("M2", 1, 0)}, phase="trade", active=1)
    state["round"] = state["options"]["max_rounds"]
    state["seats"][0]["tokens"]["blue"] = 4
    state, events = play(state, 1, "end")
    assert {"code": "moonriser.game_ending", "params": {"seat": 1, "reason": "max_rounds"}} in [
        {"code": e.code, "params": dict(e.params)} for e in events
    ]
    assert state["phase"] == "final" and GAME.to_act(state) == [0]
    state, _ = play(state, 0, "trade blue yellow", "end")
    assert GAME.outcome(state).scores == (1, 0)


def test_equal_totals_share_the_place(made_up: object) -> None:
    state = position(players=3, phase="trade", active=0)
    for row, yellow in zip(state["seats"], (3, 3, 1), strict=True):
        row["tokens"]["yellow"] = yellow
    state["ending"] = True
    state, _ = play(state, 0, "end")
    state, _ = play(state, 1, "end")
    state, _ = play(state, 2, "end")
    outcome = GAME.outcome(state)
    assert outcome.scores == (3, 3, 1) and outcome.places == (1, 1, 3)
    assert [(e.code, dict(e.params)) for e in outcome.ties] == [
        ("moonriser.tie_shared", {"score": 3, "place": 1})
    ]


def test_resigning_ends_a_two_player_game_and_the_other_wins(made_up: object) -> None:
    state = position(players=2, tiles={"D4": ("A02", 0, 0)})
    state, events = play(state, 0, "resign")
    assert codes(events) == ["moonriser.resigned", "moonriser.game_over"]
    assert GAME.outcome(state).places == (2, 1)


def test_with_three_players_the_game_goes_on_without_the_seat_that_resigned(made_up: object) -> None:
    state = position(players=3, tiles={"D4": ("A02", 1, 0), "D6": ("A01", 2, 0)}, active=1)
    state["seats"][1]["tokens"]["yellow"] = 9
    state, events = play(state, 1, "resign")
    assert codes(events)[:2] == ["moonriser.resigned", "moonriser.turn_ended"]
    assert GAME.to_act(state) == [2] and state["tiles"]["D4"]["owner"] == 1
    with pytest.raises(IllegalMove):
        GAME.apply(state, 1, "resign")
    state, _ = play(state, 2, "resign")
    assert state["phase"] == "over"
    outcome = GAME.outcome(state)
    assert outcome.places == (1, 2, 2) and outcome.scores[1] > outcome.scores[0]
    # the result says why the lower score wins
    assert [(e.code, dict(e.params)) for e in outcome.ties] == [
        ("moonriser.resigned_last", {"seat": 1}),
        ("moonriser.resigned_last", {"seat": 2}),
    ]


# --------------------------------------------------------------------------- the absent player


def test_the_time_limit_step_hands_the_turn_on_without_spending_anything(made_up: object) -> None:
    state = position(
        players=2,
        tiles={"D4": ("M1", 0, 0)},
        tokens=[{"blue": 2, "green": 5, "red": 5}],
        hands=[["B02", "B03", "B04", "B05", "B06", "B07", "B08"]],
        phase="plan",
    )
    seen = []
    while GAME.to_act(state) == [0]:
        move = GAME.timeout_move(state, 0)
        seen.append(move.notation)
        state, _ = GAME.apply(state, 0, move)
        assert len(seen) < 10
    assert seen == ["plan 0", "done", "discard B07 B08", "end"]
    assert state["seats"][0]["tokens"]["red"] == 5 and state["seats"][0]["tokens"]["blue"] == 3
