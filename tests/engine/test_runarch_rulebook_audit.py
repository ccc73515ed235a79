"""RunArch rules from the rulebook audit (docs/rules/runarch.md): the match bonus, the minimum
past 50 and 75, the automatic turn at the time limit, refused claims and the complex game's end."""

from __future__ import annotations

from engine.core import Move
from engine.runarch import GAME
from engine.runarch.absent import disturbance
from engine.runarch.archives import FILED_TO_END, filed_total
from engine.runarch.components import CELL_INDEX, CODES, COLOURS, SHAPES
from engine.runarch.scoring import match_bonus
from tests.engine.runarch_support import complex_game, pattern, planned_game, refused, setup, stones_with

ROW1_C01 = stones_with({"row1": pattern("C01")})
"""C01 (pattern 0Y 5V 4R 3B 6G, match area 3Y) on row 1: 10 pattern points there."""


def pads_under(stones: list[str], *swapped: tuple[str, str]) -> list[str]:
    """Pads equal to the stones lying on them, except the given pairs of pads exchanged."""
    pads = list(stones)
    for a, b in swapped:
        i, j = pads.index(a), pads.index(b)
        pads[i], pads[j] = pads[j], pads[i]
    return pads


# ------------------------------------------------------------------ the match bonus
def test_the_match_bonus_counts_pads_agreeing_with_the_stone_on_them() -> None:
    """ "body za počet shodných barev a tvarů podložek a kamenů na nich ležících podle oblasti
    shody na kartě": a pad counts only with a stone of the same match colour (shape) on it."""
    stones = ROW1_C01
    # Every pad under its own stone: 5 yellow cells and 5 triangle cells agree, 3Y both ways.
    assert match_bonus("3Y", pads_under(stones), stones) == 10
    # The 3Y and 3R pads exchanged: the 3Y stone lies on a red pad (yellow 4), both are still
    # triangles (triangle 5).
    assert match_bonus("3Y", pads_under(stones, ("3Y", "3R")), stones) == 9
    # The 3Y pad exchanged with 0R: yellow 4, triangle 4.
    assert match_bonus("3Y", pads_under(stones, ("3Y", "0R")), stones) == 8
    # A yellow pad with a non-yellow stone on it counts nothing (the old reading counted it).
    assert match_bonus("0Y", pads_under(stones, ("0Y", "0R"), ("4Y", "4B")), stones) == 3 + 5


def test_the_match_bonus_is_not_a_constant_on_a_latin_board() -> None:
    """On the bot's boards every row has one pad of each colour and shape; the old bonus gave
    those 2 points on every row whatever the stones. Now the stones decide."""
    state = complex_game(stones=ROW1_C01)
    pads = state["pads"]
    stones_far = list(pads)  # every stone on its own pad: full agreement
    assert match_bonus("3Y", pads, stones_far) == 10
    rotated = pads[1:] + pads[:1]  # every stone one cell away from its pad
    assert match_bonus("3Y", pads, rotated) < 10


# ------------------------------------------------------------------ the minimum past 50 and 75
TOKENS = ((5, 7, 11, 13), (5, 7, 9, 11))
"""Seat 0 drew 11 on its third token and 13 on its cross: neither reachable by a pattern (≤ 10)."""


def test_past_50_an_eleven_is_met_with_the_match_bonus() -> None:
    """ "ve fázi 3 to mohou být hodnoty 9/10/11": 11 is beyond the pattern's 10, so from the
    third token on the player's cards add the match bonus (the opponent has not passed 75)."""
    pads = pads_under(ROW1_C01, ("3Y", "0R"))  # 3Y bonus: 8
    state = complex_game(stones=ROW1_C01, pads=pads, scores=[60, 30], handed=[2, 1], tokens=TOKENS)
    assert GAME.minimum(state, 0) == 11 and not GAME.abilities(state, 0)["diagonals"]
    assert GAME.scoring_options(state, 0)[0] == {
        "card": "C01",
        "line": "row1",
        "points": 18,
        "archives": ["left", "middle", "right"],
    }
    _, events = GAME.apply(state, 0, "score C01 row1 left")
    assert events[0].params["points"] == 18 and events[0].params["bonus"] == 8
    # Below 50 the same minimum stays out of reach: the pattern alone counts.
    early = complex_game(
        stones=ROW1_C01, pads=pads, scores=[30, 30], handed=[1, 1], tokens=((5, 11, 11, 13), TOKENS[1])
    )
    refused(
        early,
        0,
        "score C01 row1 left",
        "runarch.below_minimum",
        card="C01",
        line="row1",
        points=10,
        minimum=11,
    )


def test_past_75_a_thirteen_is_reachable_and_a_weak_pattern_can_meet_it() -> None:
    """ "od fáze 4 to mohou být hodnoty 11/12/13": the cross's 13 with the opponent below 75."""
    weak = [c[0] + "V" if c[1] != "V" else c for c in pattern("C01")]  # shapes only: 5 + the 5V's colour
    stones = stones_with({"row1": weak})
    state = complex_game(
        stones=stones, pads=pads_under(stones), scores=[80, 40], handed=[3, 1], tokens=TOKENS
    )
    assert GAME.minimum(state, 0) == 13
    option = GAME.scoring_options(state, 0)[0]
    assert option["line"] == "row1" and option["points"] == 6 + 10
    # Four yellow stones moved off yellow pads, the 3Y also off a triangle pad: yellow 1 (5Y),
    # triangles 4: 6 + 5 < 13.
    thin = complex_game(
        stones=stones,
        pads=pads_under(stones, ("3Y", "0R"), ("0Y", "4R"), ("4Y", "5R"), ("6Y", "6R")),
        scores=[80, 40],
        handed=[3, 1],
        tokens=TOKENS,
    )
    refused(
        thin,
        0,
        "score C01 row1 left",
        "runarch.below_minimum",
        card="C01",
        line="row1",
        points=6 + 5,
        minimum=13,
    )


# ------------------------------------------------------------------ the automatic turn at the time limit
QUIET = [SHAPES[(r + 2 * c) % 5] + COLOURS[(2 * r + c) % 5] for r in range(5) for c in range(5)]
"""A board on which no two neighbouring stones (diagonals too) share a colour or a shape."""


def exchanged(stones: list[str], a: str, b: str) -> list[str]:
    out = list(stones)
    i, j = CELL_INDEX[a], CELL_INDEX[b]
    out[i], out[j] = out[j], out[i]
    return out


def test_no_swap_keeps_the_board_and_a_quiet_board_ties_to_reading_order() -> None:
    """All 25 stones differ ("25 různých"), so "two equal neighbouring stones" never exist."""
    assert len(set(QUIET)) == 25
    state = setup(stones=QUIET, pads=list(QUIET))
    # Every swap changes 4 attributes and the pad agreement of its cells from 2 + 2 to 0 + 0.
    assert {disturbance(QUIET, QUIET, CELL_INDEX[a], CELL_INDEX[b]) for a, b in ADJ} == {(4, 4)}
    assert GAME.timeout_move(state, 0) == Move("swap", ("A1", "B1"))


ADJ = [m.args for m in GAME.legal_moves(setup(), 0) if m.kind == "swap"]


def test_the_timeout_swap_exchanges_stones_sharing_a_colour_or_a_shape() -> None:
    """The red circle moved to D3 shares red with D2 (4R) and E4 (3R), the circle with C2 (0V)
    and E3 (0Y); the green star now at A1 shares green with A2 (3G) and the star with B2 (5Y).
    Those six swaps change only 2 attributes; with every pad under its own stone each also takes
    the two cells' pad agreement from 4 to 2, so reading order picks A1-A2 among them."""
    stones = exchanged(QUIET, "A1", "D3")
    sharing = {(a, b) for a, b in ADJ if disturbance(stones, stones, CELL_INDEX[a], CELL_INDEX[b])[0] == 2}
    assert sharing == {("A1", "A2"), ("A1", "B2"), ("C2", "D3"), ("D2", "D3"), ("D3", "E3"), ("D3", "E4")}
    state = setup(stones=stones, pads=list(stones))
    move = GAME.timeout_move(state, 0)
    assert move == Move("swap", ("A1", "A2"))
    new, events = GAME.apply(state, 0, move)
    assert [e.code for e in events] == ["runarch.swapped"] and GAME.timeout_move(new, 0) == Move("end")
    assert new["stones"][CELL_INDEX["A1"]] == "3G" and new["scores"] == state["scores"]


def test_the_timeout_swap_then_keeps_the_pads_agreement() -> None:
    """Rows of one colour, columns of one shape (``CODES`` order): every orthogonal swap shares an
    attribute. Pads equal their stones except D5 and E5, whose pads share nothing with 5V and 6V:
    swapping D5-E5 keeps the agreement at 0 + 0, every other swap loses some. In the complex game
    without the diagonal token only orthogonal swaps are candidates."""
    stones = list(CODES)
    pads = exchanged(exchanged(stones, "D5", "A2"), "E5", "C3")
    assert (pads[CELL_INDEX["D5"]], pads[CELL_INDEX["E5"]]) == ("0B", "4G")
    assert disturbance(pads, stones, CELL_INDEX["D5"], CELL_INDEX["E5"]) == (2, 0)
    assert disturbance(pads, stones, CELL_INDEX["A1"], CELL_INDEX["B1"]) == (2, 2)
    state = complex_game(stones=stones, pads=pads)
    assert GAME.timeout_move(state, 0) == Move("swap", ("D5", "E5"))
    assert GAME.timeout_move(setup(stones=stones, pads=pads), 0) == Move("swap", ("D5", "E5"))


# ------------------------------------------------------------------ a failed scoring attempt
def test_a_claim_that_fails_is_refused_and_costs_nothing_even_without_swaps_left() -> None:
    """ "Pokud karta nevyhoví některému z pravidel, vrátí si jí hráč zpět na ruku a pokračuje ve
    svém tahu, pokud ještě má k dispozici nějaká prohození. Pokud nemá ..., je na řadě protihráč."
    The bot checks a claim before it is made, so a failing claim is refused privately and never
    happens: the turn is not passed and the player may still score a card that does fit."""
    board = stones_with({"row1": pattern("C01"), "row2": pattern("C02")})
    state = complex_game(stones=board, hands=(("C01", "C02", "C05"), ("C03", "C04")))
    far = next(m for m in GAME.legal_moves(state, 0) if m.kind == "swap" and set(m.args) <= {"A5", "B5"})
    state, _ = GAME.apply(state, 0, far)  # the only swap of the turn (no double-swap token)
    assert GAME.legal_moves(state, 0)[-1] == Move("end") and not [
        m for m in GAME.legal_moves(state, 0) if m.kind == "swap"
    ]
    refused(state, 0, "score C05 row1 left", "runarch.no_match", card="C05", line="row1", position=1)
    refused(state, 0, "score C01 row2 left", "runarch.no_match", card="C01", line="row2", position=1)
    assert GAME.to_act(state) == [0] and state["hands"][0] == ["C01", "C02", "C05"]
    new, _ = GAME.apply(state, 0, "score C02 row2 middle")
    assert new["scores"][0] == 10 and GAME.to_act(new) == [0]
    # Only claims that score are ever offered: the pickers and autocomplete list these.
    assert {(o["card"], o["line"]) for o in GAME.scoring_options(state, 0)} == {
        ("C01", "row1"),
        ("C02", "row2"),
    }


# ------------------------------------------------------------------ the complex game ends by its rule
def test_planned_complex_games_end_by_the_tenth_filed_card() -> None:
    """ "Rozšířená varianta hry končí ve chvíli, kdy jeden z hráčů vloží do archívů desátou kartu."
    A planning player in both seats ends at least 90% of 200 seeded games that way, not by the
    60-round safety stop (about 20-35 s on the project's 2-core machine)."""
    ended = 0
    for seed in range(200):
        state = planned_game(seed)
        assert state["over"]
        ended += max(filed_total(a) for a in state["archives"]) >= FILED_TO_END
    assert ended >= 180, f"only {ended} of 200 games reached a 10th filed card"
