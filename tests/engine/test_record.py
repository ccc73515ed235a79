"""A game record is text a person can read and the engine can replay: it reads back exactly,
says which line is wrong, and replays real games (simple, complex, solo) to their final state."""

from __future__ import annotations

import re
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import (
    GameRecord,
    IllegalMove,
    RecordError,
    format_record,
    parse_record,
    replay_record,
    result_text,
)
from engine.runarch import GAME
from tests.engine.runarch_support import play_game

SAMPLE = GameRecord(
    game="runarch",
    seed=8213412341,
    seats=2,
    options={"variant": "simple", "target": 75},
    players=["alice", 'Bob "the [builder]" 🎲'],
    moves=[(0, "swap A1 A2"), (0, "score C12 row3"), (0, "end"), (1, "swap B2 B3")],
    comments=[None, None, None, "time limit"],
    headers={"Table": "42", "Date": "2026-11-23T10:15:00Z", "Result": "1. alice 78; 2. bob 61"},
)

SAMPLE_TEXT = """\
[Game "runarch"]
[Seed "8213412341"]
[Seats "2"]
[Options {"target": 75, "variant": "simple"}]
[Player1 "alice"]
[Player2 "Bob \\"the [builder]\\" 🎲"]
[Table "42"]
[Date "2026-11-23T10:15:00Z"]
[Result "1. alice 78; 2. bob 61"]

1. P1 swap A1 A2
2. P1 score C12 row3
3. P1 end
4. P2 swap B2 B3 ; time limit
"""

HEAD = '[Game "runarch"]\n[Seed "7"]\n[Seats "2"]\n[Options {}]\n[Player1 "a"]\n[Player2 "b"]\n'


# ----------------------------------------------------------------------------- the text


def test_the_sample_is_written_as_documented_and_read_back() -> None:
    assert format_record(SAMPLE) == SAMPLE_TEXT
    assert parse_record(SAMPLE_TEXT) == SAMPLE


def test_crlf_a_bom_trailing_blanks_and_the_quoted_options_form_are_read() -> None:
    text = "\ufeff" + SAMPLE_TEXT.replace("\n", "\r\n") + "\r\n  \r\n\r\n"
    assert parse_record(text) == SAMPLE
    quoted = SAMPLE_TEXT.replace(
        '[Options {"target": 75, "variant": "simple"}]',
        '[Options "{\\"variant\\": \\"simple\\", \\"target\\": 75}"]',
    )
    assert parse_record(quoted) == SAMPLE


def test_comments_that_could_be_misread_are_quoted() -> None:
    comments = [" padded ", "", '"quoted"', "two\nlines", "a ; b"]
    record = GameRecord("g", 1, 1, {}, ["x"], [(0, "m")] * 5, comments=comments)
    lines = format_record(record).splitlines()[-5:]
    assert lines == [
        '1. P1 m ; " padded "',
        '2. P1 m ; ""',
        '3. P1 m ; "\\"quoted\\""',
        '4. P1 m ; "two\\nlines"',
        "5. P1 m ; a ; b",
    ]
    assert parse_record(format_record(record)) == record


def test_a_solo_record_may_name_and_move_the_automa_seat() -> None:
    record = GameRecord("runarch", 3, 1, {}, ["alice", "Automa"], [(0, "end"), (1, "automa")])
    assert "2. P2 automa" in format_record(record)
    with pytest.raises(RecordError, match="unknown seat P2"):
        GameRecord("runarch", 3, 1, {}, ["alice"], [(1, "automa")])


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"moves": [(0, "swap A1; A2")]}, "notation"),
        ({"moves": [(0, " end")]}, "notation"),
        ({"moves": [(0, "")]}, "notation"),
        ({"moves": [(2, "end")]}, "unknown seat P3"),
        ({"comments": ["x", None]}, "2 comments for 1 moves"),
        ({"options": {"t": (1, 2)}}, "options"),
        ({"options": {"t": float("nan")}}, "options"),
        ({"headers": {"Seed": "1"}}, "field of the record"),
        ({"headers": {"Player3": "c"}}, "field of the record"),
        ({"headers": {"two words": "c"}}, "header name"),
        ({"seats": 0}, "seats"),
        ({"seed": "7"}, "seed"),
    ],
)
def test_a_record_that_would_not_read_back_is_refused(changes: dict[str, Any], message: str) -> None:
    fields: dict[str, Any] = {
        "game": "g",
        "seed": 7,
        "seats": 2,
        "options": {},
        "players": ["a", "b"],
        "moves": [(0, "end")],
    }
    with pytest.raises(RecordError, match=message):
        GameRecord(**{**fields, **changes})


def test_no_comment_at_all_is_stored_as_an_empty_list() -> None:
    assert GameRecord("g", 1, 1, {}, [], [(0, "a")], comments=[None]).comments == []


# ----------------------------------------------------------------------------- property

names = st.text(max_size=12)
words = st.text(
    st.characters(exclude_characters=";", exclude_categories=("Cc", "Zl", "Zp", "Zs", "Cs")),
    min_size=1,
    max_size=6,
)
json_leaf = st.none() | st.booleans() | st.integers() | st.text(max_size=6)
options = st.dictionaries(
    st.text(max_size=6),
    json_leaf | st.lists(json_leaf, max_size=3) | st.dictionaries(st.text(max_size=3), json_leaf),
)
header_keys = st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,8}", fullmatch=True).filter(
    lambda k: k not in ("Game", "Seed", "Seats", "Options") and not re.fullmatch(r"Player\d+", k)
)


@st.composite
def records(draw: st.DrawFn) -> GameRecord:
    players = draw(st.lists(names, max_size=4))
    seats = draw(st.integers(1, 4))
    seat_count = max(seats, len(players))
    moves = draw(
        st.lists(
            st.tuples(st.integers(0, seat_count - 1), st.lists(words, min_size=1, max_size=3)), max_size=8
        )
    )
    comments = draw(
        st.just([]) | st.lists(st.none() | st.text(max_size=10), min_size=len(moves), max_size=len(moves))
    )
    return GameRecord(
        game=draw(st.text(min_size=1, max_size=10)),
        seed=draw(st.integers(-(2**63), 2**64)),
        seats=seats,
        options=draw(options),
        players=players,
        moves=[(seat, " ".join(parts)) for seat, parts in moves],
        comments=comments,
        headers=draw(st.dictionaries(header_keys, st.text(max_size=12), max_size=3)),
    )


@settings(max_examples=300, deadline=None)
@given(records(), st.booleans())
def test_any_record_reads_back_exactly(record: GameRecord, crlf: bool) -> None:
    text = format_record(record)
    assert all(line == line.strip() or line == "" for line in text.split("\n"))
    if crlf:
        text = text.replace("\n", "\r\n") + "\r\n"
    assert parse_record(text) == record


# ----------------------------------------------------------------------------- malformed

BAD = [
    pytest.param(HEAD.replace('[Seed "7"]\n', "") + "\n1. P1 end\n", 7, "lack [Seed", id="missing seed"),
    pytest.param(HEAD.replace('[Seed "7"]\n', ""), 5, "lack [Seed", id="missing seed, no moves"),
    pytest.param(
        HEAD.replace("[Options {}]", "[Options {variant: 1}]"), 4, "not JSON", id="bad JSON options"
    ),
    pytest.param(HEAD.replace("[Options {}]", '[Options "{oops"]'), 4, "Options", id="bad quoted options"),
    pytest.param(HEAD.replace("[Options {}]", "[Options [1]]"), 4, "JSON object", id="options not an object"),
    pytest.param(HEAD + "\n1. P1 swap A1 A2\n3. P1 end\n", 9, "expected move 2, found 3", id="ply 3 after 1"),
    pytest.param(HEAD + "\n2. P1 end\n", 8, "expected move 1, found 2", id="starts at 2"),
    pytest.param(HEAD + "\n1. P9 end\n", 8, "unknown seat P9", id="P9 at a 2-seat game"),
    pytest.param(HEAD + "\n1. P0 end\n", 8, "unknown seat P0", id="P0"),
    pytest.param(
        HEAD.replace('[Seats "2"]', '1. P1 end\n[Seats "2"]'), 3, "lack [Seats", id="move inside the headers"
    ),
    pytest.param(HEAD + '1. P1 end\n[Table "1"]\n', 8, "after the first move", id="header after moves"),
    pytest.param(HEAD + '[Seed "8"]\n', 7, "given twice", id="duplicate header"),
    pytest.param(HEAD.replace('"7"', '"seven"'), 2, "whole number", id="seed not a number"),
    pytest.param(HEAD.replace('[Seats "2"]', '[Seats "0"]'), 3, "at least 1", id="no seats"),
    pytest.param(HEAD + '[Player4 "d"]\n', 7, "Player4 without Player3", id="player gap"),
    pytest.param(HEAD + '[Player02 "d"]\n', 7, "unknown seat Player02", id="player leading zero"),
    pytest.param(HEAD + "[Table 42]\n", 7, "quoted text", id="unquoted extra header"),
    pytest.param(HEAD + '[Table "4\n', 7, "a header is", id="unclosed header"),
    pytest.param(HEAD + "\nswap A1 A2\n", 8, "neither a header nor a move", id="move without number"),
    pytest.param(HEAD + "\n1. P1\n", 8, "notation", id="move without notation"),
    pytest.param(HEAD + "\n1 P1 end\n", 8, "a move is", id="no dot"),
    pytest.param(HEAD + '\n1. P1 end ; "open\n', 8, "quoted comment", id="bad quoted comment"),
    pytest.param("", 1, "lack [Game", id="empty"),
]


@pytest.mark.parametrize(("text", "line", "message"), BAD)
def test_malformed_text_names_its_line(text: str, line: int, message: str) -> None:
    with pytest.raises(RecordError, match=re.escape(message)) as info:
        parse_record(text)
    assert info.value.line == line
    assert str(info.value).startswith(f"line {line}: ")


def test_record_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        parse_record("nonsense")


# ----------------------------------------------------------------------------- replay


def record_of(seed: int, seats: int, options: dict[str, Any], players: list[str]) -> tuple[GameRecord, Any]:
    """A record of a greedy game played to its end, and its final state."""
    final, log, _, _ = play_game(seed, seats=seats, options=options, style="greedy")
    assert final["over"]
    automa = GAME.automated_seats(final)
    outcome = GAME.outcome(final)
    assert outcome is not None
    record = GameRecord(
        game="runarch",
        seed=seed,
        seats=seats,
        options=options,
        players=players,
        moves=log,
        comments=["automa" if seat in automa else None for seat, _ in log],
        headers={"Result": result_text(outcome, players)},
    )
    return record, final


@pytest.mark.parametrize(
    ("seats", "options"),
    [(2, {"max_rounds": 15}), (2, {"variant": "complex"}), (1, {}), (1, {"variant": "complex"})],
    ids=["simple", "complex", "solo", "solo complex"],
)
def test_a_written_record_replays_to_the_final_state(seats: int, options: dict[str, Any]) -> None:
    record, final = record_of(11, seats, options, ["alice", "Automa" if seats == 1 else "bob"])
    text = format_record(record)
    assert replay_record(GAME, parse_record(text)) == final
    if seats == 1:
        assert " ; automa" in text and "P2 automa" in text


def test_result_text_orders_by_place() -> None:
    record, final = record_of(11, 2, {"max_rounds": 15}, ["alice", "bob"])
    outcome = GAME.outcome(final)
    assert outcome is not None
    winner = outcome.places.index(1)
    assert record.headers["Result"].startswith(f"1. {record.players[winner]} {outcome.scores[winner]}; ")


def test_a_tampered_move_raises_illegal_move_naming_it() -> None:
    record, _ = record_of(11, 2, {"max_rounds": 15}, ["alice", "bob"])
    moves = list(record.moves)
    index = next(i for i, (_, notation) in enumerate(moves) if notation.startswith("swap"))
    seat, _ = moves[index]
    moves[index] = (seat, "swap A1 E5")  # not neighbours
    tampered = GameRecord(**{**record.__dict__, "moves": moves})
    with pytest.raises(IllegalMove) as info:
        replay_record(GAME, tampered)
    assert f"move {index + 1}: P{seat + 1} swap A1 E5" in info.value.__notes__


def test_a_move_by_the_wrong_seat_is_illegal() -> None:
    record = GameRecord("runarch", 1, 2, {}, ["a", "b"], [(1, "end")])
    with pytest.raises(IllegalMove):
        replay_record(GAME, record)


def test_a_record_of_another_game_is_refused() -> None:
    record = GameRecord("moonriser", 1, 2, {}, ["a", "b"], [])
    with pytest.raises(RecordError, match="record of 'moonriser'"):
        replay_record(GAME, record)
