"""Two choices the rulebook gives the placer: leaving a space's action out (only blocking it), and
taking gained workers as permanent or contractors; and stored logs replay as before.

Positions pin content v1, whose numbers these tests quote. Colours by seat: red 0, blue 1, ...
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from engine.core import Move
from engine.manhattan.game import GAME
from engine.manhattan.notation import parse_move
from tests.engine.manhattan_support import BLUE, RED, legal, play, refused
from tests.engine.manhattan_support import position as any_position

OLD_LOGS = Path(__file__).with_name("manhattan_old_logs.json")


def position(*args: Any, **kwargs: Any) -> dict[str, Any]:
    state = any_position(*args, **kwargs)
    state["content"] = dict.fromkeys(state["content"], 1)
    return state


# ----------------------------------------------------------------- only blocking a space
# „Tuto akci nemusíte provést. Můžete umístit pracovníka na políčko nebo kartu bez provedení akce
# (dokonce i tehdy, když akci nelze provést …) jen proto, abyste políčko nebo kartu zablokovali.
# Stále však musíte splnit požadavky pro umístění pracovníků (včetně zaplacení zdrojů)."


def designer(**top: Any) -> dict[str, Any]:
    return position(3, {RED: {"home": {"E": 1, "S": 1}}}, active=RED, **top)


def test_the_bomb_design_may_be_taken_only_to_block_it() -> None:
    state = designer()
    offer = list(state["offer"])
    assert {"place design E+S", "place design E+S block"} <= legal(state, RED)
    blocked, events = play(state, (RED, "place design E+S block"))
    assert blocked["spaces"]["design"] == {"seat": RED, "workers": ["E", "S"]}
    assert blocked["pending"] is None and GAME.to_act(blocked) == [RED]
    assert blocked["offer"] == offer and all(not row["hand"] for row in blocked["seats"])
    assert [e.code for e in events] == ["manhattan.placed", "manhattan.blocked"]
    assert GAME.can_undo(state, RED, Move("place", ("design", "E+S", "block")), blocked)
    # The space is taken for the others all the same.
    after, _ = play(blocked, (RED, "done"))
    assert refused(after, BLUE, "place design E+S") == "manhattan.space_taken"


def test_the_old_notation_still_runs_the_draft() -> None:
    state = designer()
    drafting, events = play(state, (RED, "place design E+S"))
    assert drafting["pending"]["kind"] == "draft" and drafting["offer"] != state["offer"]
    assert "manhattan.design" in [e.code for e in events]


def test_a_closed_bomb_design_can_still_be_blocked() -> None:
    """„dokonce i tehdy, když akci nelze provést": no designs are left, yet the space blocks."""
    state = designer(offer=[])
    assert refused(state, RED, "place design E+S") == "manhattan.design_closed"
    assert legal(state, RED) >= {"place design E+S block"}
    assert "place design E+S" not in legal(state, RED)
    blocked, _ = play(state, (RED, "place design E+S block"))
    assert blocked["spaces"]["design"]["seat"] == RED


def test_blocking_the_repair_still_pays_and_asks_nobody() -> None:
    """„Stále však musíte splnit požadavky … (včetně zaplacení zdrojů)": the repair space costs
    $5 blocked too, and nobody is asked to repair."""
    damaged = [{"card": "M01", "damage": 1, "workers": None}]
    state = position(
        2, {RED: {"home": {"L": 2}, "money": 5}, BLUE: {"money": 9, "buildings": damaged}}, active=RED
    )
    blocked, _ = play(state, (RED, "place repair L block"))
    assert blocked["seats"][RED]["money"] == 0 and blocked["pending"] is None
    repairing, _ = play(state, (RED, "place repair L"))
    assert repairing["pending"] == {"kind": "repair", "queue": [BLUE]}


def test_a_space_whose_action_only_helps_its_placer_is_not_blocked_instead() -> None:
    """„Ostatní hráči obdrží tento zisk i tehdy, když se rozhodnete akci … neprovést": blocking the
    middle mine would not keep the others' ore from them, so only the design and repair spaces
    have the variant."""
    state = position(2, {RED: {"home": {"L": 1}, "money": 5}}, active=RED)
    assert refused(state, RED, "place mine1 L block") == "manhattan.bad_option"
    assert refused(state, RED, "place mine2 L block") == "manhattan.bad_option"
    assert {m.split()[1] for m in legal(state, RED) if m.endswith(" block")} == {"repair"}


# ----------------------------------------------------------------- permanent or contractors
# „Tyto pracovníky si musíte vzít ze společné zásoby. Můžete si zvolit trvalé anebo smluvní
# pracovníky (pokud jsou k dispozici)." — and for the cards: „Můžete si vzít libovolnou kombinaci
# trvalých pracovníků ve své barvě a/nebo smluvních pracovníků (jsou-li k dispozici)."


def test_gained_workers_may_be_contractors() -> None:
    state = position(2, {RED: {"home": {"L": 1}, "pool": {"L": 3}}}, active=RED)
    moves = legal(state, RED)
    assert {"place uni1 L", "place uni1 L c1", "place uni1 L c2", "place uni1 L c3"} <= moves
    default, _ = play(state, (RED, "place uni1 L"))
    assert default["seats"][RED]["home"]["L"] == 3 and default["seats"][RED]["contract"]["L"] == 0
    mixed, events = play(state, (RED, "place uni1 L c2"))
    row = mixed["seats"][RED]
    assert (row["home"]["L"], row["contract"]["L"], row["pool"]["L"]) == (
        1,
        2,
        state["seats"][RED]["pool"]["L"] - 1,
    )
    assert mixed["contractors"]["L"] == state["contractors"]["L"] - 2
    assert events[0].params["got"] == {"L": 3} and events[0].params["contractors"] == 2


def test_no_choice_when_only_one_kind_of_worker_is_there() -> None:
    """Without contractors in the common supply, or without permanent workers left in the seat's
    colour, the gained workers are what there is: no picker step."""
    state = position(
        2, {RED: {"home": {"L": 1}, "pool": {"L": 3}}}, active=RED, contractors={"L": 0, "E": 4, "S": 4}
    )
    assert not any(m.startswith("place uni1 L c") for m in legal(state, RED))
    assert refused(state, RED, "place uni1 L c1") == "manhattan.no_contractors_to_hire"
    spent = position(2, {RED: {"home": {"L": 1}, "pool": {"E": 0}}}, active=RED)
    assert not any(m.startswith("place uni2 L c") for m in legal(spent, RED))
    after, _ = play(spent, (RED, "place uni2 L"))
    assert after["seats"][RED]["contract"]["E"] == 1


def test_a_university_card_makes_contractors_when_asked() -> None:
    state = position(2, {RED: {"home": {"L": 2}, "buildings": ["U04"]}}, active=RED)
    assert {"work U04 L+L", "work U04 L+L c1", "work U04 L+L c2"} <= legal(state, RED)
    after, events = play(state, (RED, "work U04 L+L c1"))
    row = after["seats"][RED]
    assert (row["home"]["E"], row["contract"]["E"]) == (1, 1)
    assert events[0].params["got"] == {"E": 2} and events[0].params["contractors"] == 1
    assert refused(state, RED, "work U04 L+L c3") == "manhattan.no_contractors_to_hire"


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("PLACE Design e+s BLOCK", "place design E+S block"),
        ("place uni4 cl s C1", "place uni4 cL S c1"),
        ("work u04 L+L C2", "work U04 L+L c2"),
        ("work U06 L 2 c1", "work U06 L 2 c1"),
    ],
)
def test_the_new_words_are_canonical(text: str, canonical: str) -> None:
    assert parse_move(text).notation == canonical


@pytest.mark.parametrize(
    "text", ["place design E+S block c1", "place uni1 L c0", "place mine2 L 1 2", "work U04 L+L c1 1"]
)
def test_misplaced_new_words_are_bad_notation(text: str) -> None:
    with pytest.raises(Exception) as refused_:
        parse_move(text)
    assert getattr(refused_.value, "code", "") == "core.bad_notation"


# ----------------------------------------------------------------- stored games


def test_stored_logs_replay_to_the_same_state() -> None:
    """Games logged before these words existed (random legal moves, made with the earlier
    engine) replay to the very state they reached then."""
    for game in json.loads(OLD_LOGS.read_text())["games"]:
        state = GAME.new(game["players"], game["options"], game["seed"], game["content"])
        for seat, notation in game["moves"]:
            state, _ = GAME.apply(state, seat, notation)
        assert hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest() == game["state"]


def test_the_start_bonus_comes_first() -> None:
    state = GAME.new(5, {}, 3)
    fourth = state["order"][3]
    assert refused(state, fourth, "retrieve") == "manhattan.bonus_first"
    assert refused(state, state["order"][0], "done") == "core.not_your_turn"


# ----------------------------------------------------------------- the final picture


def test_the_final_picture_frames_the_winning_turn() -> None:
    """The game stops in the middle of the winning turn; the picture frames that turn (the
    bombs built, the buildings used), not the previous player's."""
    target = 70
    test = {"value": target - 24, "bomb": "B16", "workers": []}
    state = position(
        2,
        {
            RED: {
                "home": {"L": 1, "E": 2, "S": 2},
                "eu": 5,
                "hand": ["B04"],
                "test": test,
                "buildings": ["M01"],
            }
        },
        last={"seat": BLUE, "retrieved": True, "spaces": [], "buildings": [], "bombs": []},
    )
    state, _ = play(state, (RED, "work M01 L"), (RED, "bomb B04 E+E+S+S"))
    assert state["winner"] == RED and state["phase"] == "over"
    last = GAME.view(state, None)["last"]
    assert last == {"seat": RED, "retrieved": False, "spaces": [], "buildings": ["M01"], "bombs": ["B04"]}


# ----------------------------------------------------------------- the bot and the new words


def test_the_bot_blocks_the_design_when_the_draft_would_serve_the_others_more() -> None:
    """A bot whose hand is already full of bombs gains little from a design, while each empty-handed
    opponent would keep a good card: only blocking the space is worth more to it."""
    from engine.manhattan.bot_turn import Turn, gain_of, giveaway
    from engine.manhattan.bot_value import context, value

    hand = ["B04", "B05", "B06", "B07", "B08"]
    state = position(4, {RED: {"home": {"E": 1, "S": 1}, "hand": hand}}, active=RED)
    ctx = context(state, RED)
    turn = Turn(GAME, state, RED, ctx, "normal")
    base = value(state, ctx)
    designed, _ = gain_of(turn, state, base, Move("place", ("design", "E+S")))
    blocked, _ = gain_of(turn, state, base, Move("place", ("design", "E+S", "block")))
    assert giveaway(state, ctx) > 0
    assert blocked > designed
    # With nothing in hand the design is worth its cards to the bot: it designs.
    empty = position(4, {RED: {"home": {"E": 1, "S": 1}}}, active=RED)
    ctx = context(empty, RED)
    turn = Turn(GAME, empty, RED, ctx, "normal")
    base = value(empty, ctx)
    designed, _ = gain_of(turn, empty, base, Move("place", ("design", "E+S")))
    blocked, _ = gain_of(turn, empty, base, Move("place", ("design", "E+S", "block")))
    assert designed > blocked


def test_the_bot_keeps_gained_workers_permanent() -> None:
    state = position(2, {RED: {"home": {"L": 1}, "pool": {"L": 3}}}, active=RED)
    for _ in range(3):
        move = GAME.bot_move(state, RED, "normal")
        assert not (
            move.kind in ("place", "work") and move.args[-1][:1] == "c" and move.args[-1][1:].isdigit()
        )
        state, _ = GAME.apply(state, RED, move)
        if GAME.to_act(state) != [RED]:
            break
