"""A game's full record as text: readable by a person, replayable by the engine.

The shape is PGN-like: a block of headers, then one line per move (ply)::

    [Game "runarch"]
    [Seed "8213412341"]
    [Seats "2"]
    [Options {"target": 75, "variant": "simple"}]
    [Player1 "alice"]
    [Player2 "bob"]
    [Table "42"]
    [Content "cards 1, conditions 1"]

    1. P1 swap A1 A2
    2. P1 score C12 row3
    3. P1 end
    4. P2 swap B2 B3 ; time limit

Header values are JSON, so any name (quotes, brackets, newlines, emoji) survives: text is a
JSON string, ``Options`` a JSON object (the quoted form ``"{...}"`` is read too). Characters
that would break a line in an editor or a preview (controls, U+2028/U+2029) are escaped. A
move is ``<ply>. P<seat+1> <notation>`` with an optional ``; comment``; a comment that could
be misread (blank, padded, starting with ``"``, with a control character) is a JSON string.

Seats a move may name: those of ``Seats`` and of the ``Player`` headers, so a solo game
names its automa (``Seats "1"``, ``Player2 "Automa"``) and its moves can be recorded.

``Content`` names the version of each content file the game was set up with; a replay uses
those versions, so a card corrected later does not change the game. A record without it (a
game without content files, or one written before versions) replays with the newest.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.core.errors import IllegalMove
from engine.core.game import Game, Outcome, State, replay

KEY = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
PLAYER_KEY = re.compile(r"Player(\d+)")
RESERVED = ("Game", "Seed", "Seats", "Options")
CONTENT = "Content"
"""The extra header naming the content versions: ``cards 1, conditions 1``."""
CONTENT_PART = re.compile(r"([a-z][a-z0-9_]*) ([1-9][0-9]*)")
HEADER_LINE = re.compile(r"\[(\S+)\s+(.*)\]")
MOVE_LINE = re.compile(r"(\d+)\.\s*[Pp](\d+)(?:\s+([^;]*?))?\s*(?:;(.*))?")
UNSAFE = re.compile("[\x7f-\x9f\u2028\u2029]")
"""What ``json.dumps(ensure_ascii=False)`` leaves raw but a line splitter may break on."""
BREAKING = frozenset(("Cc", "Zl", "Zp"))


class RecordError(ValueError):
    """A record that cannot be read (``line`` says where) or cannot be written."""

    def __init__(self, reason: str, line: int | None = None) -> None:
        super().__init__(f"line {line}: {reason}" if line is not None else reason)
        self.reason = reason
        self.line = line


@dataclass(frozen=True)
class GameRecord:
    """Everything needed to replay a game and to show who played it.

    Construction checks that the record can be written and read back unchanged, and
    normalises it: ``comments`` is empty when no move has one.
    """

    game: str
    seed: int
    seats: int
    options: dict[str, Any]
    players: list[str]
    moves: list[tuple[int, str]]
    comments: list[str | None] = field(default_factory=list)
    headers: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "options", _plain_options(self.options))
        set_(self, "players", list(self.players))
        set_(self, "moves", [(seat, notation) for seat, notation in self.moves])
        comments = list(self.comments)
        set_(self, "comments", comments if any(c is not None for c in comments) else [])
        set_(self, "headers", dict(self.headers))
        _check(self)

    @property
    def seat_count(self) -> int:
        """How many seats moves may name: the table's seats and every named player (an automa)."""
        return max(self.seats, len(self.players))

    def comment(self, index: int) -> str | None:
        """The comment of the ``index``-th move (0-based), if any."""
        return self.comments[index] if self.comments else None


# --------------------------------------------------------------------------- checks


def _plain_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """A JSON copy of ``options``; refuses anything JSON would not give back equal (tuples, NaN)."""
    try:
        plain = json.loads(json.dumps(options, allow_nan=False))
    except (TypeError, ValueError) as error:
        raise RecordError(f"options must be JSON data: {error}") from None
    if not isinstance(plain, dict) or plain != options:
        raise RecordError("options must be a JSON object with text keys and JSON values")
    return plain


def _check(record: GameRecord) -> None:
    if not isinstance(record.game, str) or not record.game:
        raise RecordError("the game needs a name")
    if not _is_int(record.seed):
        raise RecordError(f"the seed must be an integer, not {record.seed!r}")
    if not _is_int(record.seats) or record.seats < 1:
        raise RecordError(f"seats must be a positive integer, not {record.seats!r}")
    if not all(isinstance(name, str) for name in record.players):
        raise RecordError("player names must be text")
    for ply, (seat, notation) in enumerate(record.moves, 1):
        if not _is_int(seat) or not 0 <= seat < record.seat_count:
            raise RecordError(f"move {ply}: {_seat_problem(seat, record)}")
        problem = _notation_problem(notation)
        if problem:
            raise RecordError(f"move {ply}: {problem}")
    if record.comments and len(record.comments) != len(record.moves):
        raise RecordError(f"{len(record.comments)} comments for {len(record.moves)} moves")
    if not all(c is None or isinstance(c, str) for c in record.comments):
        raise RecordError("comments must be text or None")
    for key, value in record.headers.items():
        problem = _key_problem(key)
        if problem:
            raise RecordError(problem)
        if not isinstance(value, str):
            raise RecordError(f"header {key} must be text, not {value!r}")


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat_problem(seat: object, record: GameRecord) -> str:
    label = f"P{seat + 1}" if isinstance(seat, int) else repr(seat)
    return f"unknown seat {label}: this game has seats P1-P{record.seat_count}"


def _notation_problem(notation: object) -> str | None:
    if not isinstance(notation, str) or not notation.strip():
        return "a move needs its notation"
    if notation != notation.strip() or ";" in notation or _breaks_line(notation):
        return f"notation {notation!r} has a ';', a control character or surrounding spaces"
    return None


def _key_problem(key: object) -> str | None:
    if not isinstance(key, str) or not KEY.fullmatch(key):
        return f"header name {key!r} must be a letter followed by letters, digits or _"
    if key in RESERVED or PLAYER_KEY.fullmatch(key):
        return f"header {key} is a field of the record, not an extra header"
    return None


def _breaks_line(value: str) -> bool:
    return any(unicodedata.category(ch) in BREAKING for ch in value)


# --------------------------------------------------------------------------- writing


def format_record(record: GameRecord) -> str:
    """The record as text (see the module docstring); ``parse_record`` reads it back equal."""
    lines = [
        _header("Game", _quote(record.game)),
        _header("Seed", _quote(str(record.seed))),
        _header("Seats", _quote(str(record.seats))),
        _header("Options", _escape(json.dumps(record.options, ensure_ascii=False, sort_keys=True))),
    ]
    lines += [_header(f"Player{seat}", _quote(name)) for seat, name in enumerate(record.players, 1)]
    lines += [_header(key, _quote(value)) for key, value in record.headers.items()]
    moves = [
        _move_line(ply, seat, notation, record.comment(ply - 1))
        for ply, (seat, notation) in enumerate(record.moves, 1)
    ]
    return "\n".join(lines) + "\n" + ("\n" + "\n".join(moves) + "\n" if moves else "")


def _header(key: str, value: str) -> str:
    return f"[{key} {value}]"


def _escape(json_text: str) -> str:
    return UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", json_text)


def _quote(value: str) -> str:
    """A JSON string that stays on one line, with readable non-ASCII text."""
    return _escape(json.dumps(value, ensure_ascii=False))


def _move_line(ply: int, seat: int, notation: str, comment: str | None) -> str:
    line = f"{ply}. P{seat + 1} {notation}"
    if comment is None:
        return line
    plain = (
        comment and comment == comment.strip() and not comment.startswith('"') and not _breaks_line(comment)
    )
    return f"{line} ; {comment if plain else _quote(comment)}"


def result_text(outcome: Outcome, players: Sequence[str]) -> str:
    """An outcome for the ``Result`` header: ``"1. alice 78; 2. bob 61"`` (by place, then seat)."""
    order = sorted(range(len(outcome.places)), key=lambda seat: (outcome.places[seat], seat))
    return "; ".join(
        f"{outcome.places[seat]}. {players[seat] if seat < len(players) else f'P{seat + 1}'} "
        f"{outcome.scores[seat]}"
        for seat in order
    )


# --------------------------------------------------------------------------- reading


@dataclass
class _Reader:
    """Parsing state: headers until the first move, then moves."""

    values: dict[str, tuple[int, Any]] = field(default_factory=dict)
    fields: dict[str, Any] | None = None
    moves: list[tuple[int, str]] = field(default_factory=list)
    comments: list[str | None] = field(default_factory=list)
    first_move: int = 0

    def header(self, number: int, line: str) -> None:
        if self.fields is not None:
            raise RecordError(
                f"a header after the first move (line {self.first_move}): headers come first", number
            )
        match = HEADER_LINE.fullmatch(line)
        if not match:
            raise RecordError(f"a header is [Name value], not {_clip(line)}", number)
        key, raw = match.groups()
        if not KEY.fullmatch(key):
            raise RecordError(
                f"header name {key!r} must be a letter followed by letters, digits or _", number
            )
        if key in self.values:
            raise RecordError(f"header {key} given twice (first on line {self.values[key][0]})", number)
        try:
            value = json.loads(raw, parse_constant=_no_constant)
        except ValueError:
            raise RecordError(f"the value of {key} is not JSON: {_clip(raw)}", number) from None
        self.values[key] = (number, value)

    def move(self, number: int, line: str) -> None:
        if self.fields is None:
            self.fields = _fields(self.values, number)
            self.first_move = number
        match = MOVE_LINE.fullmatch(line)
        if not match:
            raise RecordError(f"a move is '<ply>. P<seat> <move>', not {_clip(line)}", number)
        ply, seat, notation, comment = match.groups()
        expected = len(self.moves) + 1
        if int(ply) != expected:
            raise RecordError(f"expected move {expected}, found {ply}", number)
        seats = max(self.fields["seats"], len(self.fields["players"]))
        if not 1 <= int(seat) <= seats:
            raise RecordError(f"unknown seat P{int(seat)}: this game has seats P1-P{seats}", number)
        problem = _notation_problem(notation or "")
        if problem:
            raise RecordError(f"move {ply}: {problem}", number)
        self.moves.append((int(seat) - 1, notation))
        self.comments.append(None if comment is None else _comment(comment.strip(), number))

    def record(self, last_line: int) -> GameRecord:
        fields = self.fields if self.fields is not None else _fields(self.values, last_line)
        try:
            return GameRecord(**fields, moves=self.moves, comments=self.comments)
        except RecordError as error:
            raise RecordError(error.reason, last_line) from None


def parse_record(text: str) -> GameRecord:
    """Read ``format_record``'s text back; tolerant of CRLF, blank lines and a BOM.

    Raises ``RecordError`` naming the line of the first problem.
    """
    reader = _Reader()
    lines = text.removeprefix("\ufeff").split("\n")
    last = 1
    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line:
            continue
        last = number
        if line.startswith("["):
            reader.header(number, line)
        elif line[0].isdigit():
            reader.move(number, line)
        else:
            raise RecordError(f"neither a header nor a move: {_clip(line)}", number)
    return reader.record(last)


def _fields(values: Mapping[str, tuple[int, Any]], end: int) -> dict[str, Any]:
    """The record's fields from its headers, which end at line ``end``."""
    for key in RESERVED:
        if key not in values:
            raise RecordError(f"the headers lack [{key} ...]", end)
    fields: dict[str, Any] = {
        "game": _text(values["Game"], "Game"),
        "seed": _integer(values["Seed"], "Seed"),
        "seats": _integer(values["Seats"], "Seats"),
        "options": _options(values["Options"]),
        "players": _players(values),
        "headers": {},
    }
    for key, (number, value) in values.items():
        if key in RESERVED or PLAYER_KEY.fullmatch(key):
            continue
        fields["headers"][key] = _text((number, value), key)
    if fields["seats"] < 1:
        raise RecordError("Seats must be at least 1", values["Seats"][0])
    return fields


def _text(entry: tuple[int, Any], key: str) -> str:
    number, value = entry
    if not isinstance(value, str):
        raise RecordError(f"the value of {key} must be a quoted text", number)
    return value


def _integer(entry: tuple[int, Any], key: str) -> int:
    number, value = entry
    if _is_int(value):
        return value
    if isinstance(value, str) and re.fullmatch(r"-?\d+", value.strip()):
        return int(value)
    raise RecordError(f"{key} must be a whole number, not {_clip(json.dumps(value))}", number)


def _options(entry: tuple[int, Any]) -> dict[str, Any]:
    number, value = entry
    if isinstance(value, str):  # the options' JSON text as a quoted string
        try:
            value = json.loads(value, parse_constant=_no_constant)
        except ValueError:
            raise RecordError(f"Options is not a JSON object: {_clip(value)}", number) from None
    if not isinstance(value, dict):
        raise RecordError("Options must be a JSON object", number)
    return value


def _players(values: Mapping[str, tuple[int, Any]]) -> list[str]:
    seats: dict[int, tuple[int, Any]] = {}
    for key, entry in values.items():
        match = PLAYER_KEY.fullmatch(key)
        if match:
            seat = int(match.group(1))
            if seat < 1 or match.group(1) != str(seat):
                raise RecordError(f"unknown seat {key}: players are Player1, Player2, ...", entry[0])
            seats[seat] = entry
    for seat in sorted(seats):
        if seat > 1 and seat - 1 not in seats:
            raise RecordError(f"Player{seat} without Player{seat - 1}", seats[seat][0])
    return [_text(seats[seat], f"Player{seat}") for seat in sorted(seats)]


def _comment(raw: str, number: int) -> str:
    if not raw.startswith('"'):
        return raw
    try:
        value = json.loads(raw)
    except ValueError:
        raise RecordError(f"a quoted comment must be a JSON string: {_clip(raw)}", number) from None
    if not isinstance(value, str):
        raise RecordError(f"a quoted comment must be a JSON string: {_clip(raw)}", number)
    return value


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _clip(value: str, size: int = 40) -> str:
    return repr(value if len(value) <= size else value[: size - 1] + "…")


# --------------------------------------------------------------------------- replay


def content_header(versions: Mapping[str, int]) -> str:
    """``{"cards": 1, "conditions": 2}`` -> ``cards 1, conditions 2`` (the ``Content`` header)."""
    return ", ".join(f"{name} {version}" for name, version in versions.items())


def content_of(record: GameRecord) -> dict[str, int] | None:
    """The content versions the ``Content`` header names (``None`` without the header)."""
    text = record.headers.get(CONTENT)
    if text is None:
        return None
    versions: dict[str, int] = {}
    for part in text.split(","):
        match = CONTENT_PART.fullmatch(part.strip())
        if match is None or match.group(1) in versions:
            raise RecordError(f"header {CONTENT} must read like 'cards 1, conditions 2', not {_clip(text)}")
        versions[match.group(1)] = int(match.group(2))
    return versions


def initial_state(game: Game, record: GameRecord) -> State:
    """The state the record's game was set up in, with its content versions."""
    check_game(game, record)
    return replay(game, record.seats, record.options, record.seed, (), content_of(record))


def check_game(game: Game, record: GameRecord) -> None:
    """Refuse to replay a record of another game (its moves would mean something else)."""
    if game.info.name != record.game:
        raise RecordError(f"this is a record of {record.game!r}, not of {game.info.name!r}")


def replay_record(game: Game, record: GameRecord) -> State:
    """The state the record leads to; an ``IllegalMove`` carries a note naming the move."""
    check_game(game, record)
    at = [0]

    def numbered() -> Iterator[tuple[int, str]]:
        for ply, move in enumerate(record.moves, 1):
            at[0] = ply
            yield move

    try:
        return replay(game, record.seats, record.options, record.seed, numbered(), content_of(record))
    except IllegalMove as error:
        error.add_note(move_note(record, at[0]))
        raise


def move_note(record: GameRecord, ply: int) -> str:
    """Where a replay stopped, for an exception note: ``"move 7: P2 swap A1 A2"``."""
    seat, notation = record.moves[ply - 1]
    return f"move {ply}: P{seat + 1} {notation}"
