"""Content versions: a correction ships as a new file and never changes a stored game.

``RELEASED`` holds what the rules read from every content file ever shipped (``engine/<game>/
data/<name>.v<N>.json`` or ``.toml``). A released file
must not change (games stored with it replay from it); a correction is a new version beside
it. The RunArch tests then ship a made-up version 2 of the deck and of the condition tokens
(every card's and token's contents moved to another id, so nearly every game plays
differently) and check that games set up with version 1 replay exactly as recorded.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from engine.core import (
    GameRecord,
    IllegalMove,
    RecordError,
    content_of,
    format_record,
    parse_record,
    replay_record,
)
from engine.core.data import FILE_NAME, ITEM_MARK, TOP_FIELDS
from engine.runarch import GAME, cards, conditions
from tests.engine.test_runarch_golden import GAMES, expected, play

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "engine"
RELEASED: dict[str, str] = {
    "runarch/data/cards.v1.json": "7064e9ba89202d123800690743434a733df747f3f54d42dbbcc1f480c720ae4c",
    "runarch/data/conditions.v1.json": "c20b50821d0677d150b5831183ac53d2ad4a80a3600a49264003b1b16d609374",
    "moonriser/data/pieces.v1.json": "593297f4dde2898bea99c358ca11ba1d5aa6a8c4bf249ce49c15845b826dc63e",
    "moonriser/data/layouts.v1.json": "42493098a6c0798aa18d46e74434b2dad1374a4cbb5774a1fc43eea782a5129b",
    "moonriser/data/tiles.v1.json": "5dd89e92de547b1f081e0ecbc87e8d02bb757788d332f720c05bb7221cab945f",
    "moonriser/data/tiles.v2.json": "01da70ee1f8a0742207af678887f4c568b80aaaf27d5ac0721684d44e1db7425",
    "manhattan/data/bombs.v1.json": "1d4d35688663c753a269ca3dd8c1f5a965fb07d99cbd6b12533e3c5b75f9481f",
    "manhattan/data/buildings.v1.json": "6aebf51586c7b223d47fb33b4ffe8281a759d6e0cc66a0defbf9a70b5801c930",
    "manhattan/data/spaces.v1.json": "d021f21f6840aba7689128f5444ca378d749ee9036bfb133e6c7304b1ae6504f",
    "manhattan/data/market.v1.json": "5a4ad743707cf37a85d1e97a231017957fef5f10e3ebdfb6ac392b5f9e112997",
    "manhattan/data/bombs.v2.json": "ba5b81ac790e6f14314d92b867a644cb7d272dc1aef5c08f5e127fed8c8133b5",
    "manhattan/data/buildings.v2.json": "4816fec3c43b026ea02aec7b73943ece6b68b1152a38d4d9b0f6fa421fd10744",
    "manhattan/data/spaces.v2.json": "4524faf0d2bbbfa6614f0814b50f29e18b929bdb75ac618183353b8db212621f",
    "manhattan/data/market.v2.json": "be9238d62ec2644312fb1b630f2e4d4a1c560f68a41707d927c1be0e23494ed2",
    "marsbot/data/bonus.v1.json": "0f4eaebb4fc50e16416fa0d11beefc0a459e966f307f555212d6102e0263a3f3",
    "marsbot/data/corporations.v1.json": "f4c7e4584a82f8619c469362e2a37d3128ad8e108bd89502e626b919d8560d64",
    "marsbot/data/mars.v1.json": "ab69955172cded001a72224fc6feedccdf0e12b0fafdc6e0879b9640800e79cf",
    "marsbot/data/tracks.v1.json": "69f285002424de85c233b319fa9f5abc0bf68f91074b93d1180dca32f2d756c1",
    "marsbot/data/bonus.v2.json": "176f97a7910b7963544d53cbf8ffdbb69b70a301001f488da5904db625796209",
    "marsbot/data/corporations.v2.json": "1ffaa6dfb204deb391d8bca942ede7347e62900e0ee9e331e429fde535628531",
    "marsbot/data/bonus.v3.json": "b85e77a71c412a43d8c7c32a4be8799a458391d8ac5888810a2aa5eb7f2b3902",
    "marsbot/data/corporations.v3.json": "874fc06ec81431cb7407a0b9a7659551690456197c97b0226841d15f8f2dedf4",
    "marsbot/data/tracks.v2.json": "908f4be949386faa30be2be596e254531017db7dab24e171abe2a7bfda86b760",
    "marsbot/data/hellas.v1.json": "c694c52c6962ca0b31b8b941a36adf1732fd11404f2b839b5f6a49b022854e29",
    "marsbot/data/elysium.v1.json": "b56f7fe431a877ce5ec98a4fe6ee1688332d22325f31d1c1d7fc4e304f304230",
    "marsbot/data/tracks_hellas.v1.json": "d21ff3e0db35aec98790ee5d0fabc49ff1f0330b63853a373b8e234fa866899c",
    "marsbot/data/tracks_elysium.v1.json": "908f4be949386faa30be2be596e254531017db7dab24e171abe2a7bfda86b760",
}
V1 = {"cards": 1, "conditions": 1}
V2 = {"cards": 2, "conditions": 2}
SAMPLE = range(0, GAMES, 5)


def shipped() -> list[Path]:
    return sorted(p for p in ENGINE.glob("*/data/*") if FILE_NAME.fullmatch(p.name))


def rules_digest(path: Path) -> str:
    """What the rules read from a content file: its items without the reconstructed marks."""
    text = path.read_text(encoding="utf-8")
    data = tomllib.loads(text) if path.suffix == ".toml" else json.loads(text)
    (items_key,) = [key for key in data if key not in TOP_FIELDS]
    items = [{k: v for k, v in item.items() if k != ITEM_MARK} for item in data[items_key]]
    plain = json.dumps(items, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(plain.encode()).hexdigest()


@pytest.mark.parametrize("path", shipped(), ids=lambda p: str(p.relative_to(ENGINE)))
def test_a_released_content_file_never_changes(path: Path) -> None:
    name = str(path.relative_to(ENGINE))
    digest = rules_digest(path)
    assert name in RELEASED, (
        f"{name} is new: once it ships, games are stored with it. Add it to RELEASED in {__file__}: "
        f'"{name}": "{digest}",'
    )
    assert digest == RELEASED[name], (
        f"{name} changed after it was released: games stored with this version would replay "
        "differently. Restore it and put the correction in a new file with the next version "
        "(copy it, raise its version, edit; docs/architecture.md, 'Content files')."
    )


def test_every_shipped_version_of_runarch_content_loads() -> None:
    for library in (cards.LIBRARY, conditions.LIBRARY):
        for version in library.versions():
            assert library.content(version).version == version
    assert cards.LIBRARY.content(1).digest == RELEASED["runarch/data/cards.v1.json"]
    assert conditions.LIBRARY.content(1).digest == RELEASED["runarch/data/conditions.v1.json"]


# ------------------------------------------------------------------ a correction ships


def rotated(document: dict[str, Any], key: str, fields: tuple[str, ...]) -> dict[str, Any]:
    """Version 2: item ``n`` gets the ``fields`` of item ``n + 1`` (a valid, different set)."""
    items = document[key]
    moved = [{**item, **{f: items[(i + 1) % len(items)][f] for f in fields}} for i, item in enumerate(items)]
    return {**document, "version": 2, "note": "A made-up correction for a test.", key: moved}


@contextmanager
def correction_shipped(folder: Path) -> Iterator[None]:
    """While inside: versions 1 (as shipped) and 2 (made up) of both RunArch files are in
    ``folder``, and version 2 is the newest."""
    data = ENGINE / "runarch" / "data"
    for name in ("cards.v1.json", "conditions.v1.json"):
        shutil.copy(data / name, folder / name)
    deck = rotated(cards.load_deck_document(1), "cards", ("pattern", "match", "goal", "arrows"))
    tokens = rotated(conditions.load_conditions_document(1), "conditions", ("counts",))
    (folder / "cards.v2.json").write_text(json.dumps(deck), encoding="utf-8")
    (folder / "conditions.v2.json").write_text(json.dumps(tokens), encoding="utf-8")
    with cards.LIBRARY.reading(folder), conditions.LIBRARY.reading(folder):
        assert cards.LIBRARY.latest == 2 and conditions.LIBRARY.latest == 2
        yield


@pytest.fixture
def corrected(tmp_path: Path) -> Iterator[None]:
    with correction_shipped(tmp_path):
        yield


@pytest.mark.usefixtures("corrected")
def test_games_set_up_with_version_1_replay_exactly_after_a_correction() -> None:
    for seed in SAMPLE:
        got = play(seed, V1)
        assert got.pop("content") == V1
        assert got == expected()[seed], f"game {seed} changed after the correction shipped"


@pytest.mark.usefixtures("corrected")
def test_new_games_take_the_correction() -> None:
    changed = 0
    for seed in SAMPLE:
        got = play(seed)
        assert got.pop("content") == V2
        changed += got != expected()[seed]
    assert changed == len(SAMPLE)


@pytest.mark.usefixtures("corrected")
def test_a_record_names_its_content_and_replays_with_it() -> None:
    """The record's ``Content`` header carries the versions; without it the newest is used."""
    state, moves = GAME.new(2, {"variant": "complex"}, 7, V1), []
    while not state["over"] and len(moves) < 120:
        seat = GAME.to_act(state)[0]
        move = GAME.timeout_move(state, seat) or GAME.legal_moves(state, seat)[0]
        state, _ = GAME.apply(state, seat, move)
        moves.append((seat, move.notation))
    assert GAME.content(state) == V1
    fields: dict[str, Any] = {"game": "runarch", "seed": 7, "seats": 2, "options": {"variant": "complex"}}
    named = GameRecord(
        **fields, players=["a", "b"], moves=moves, headers={"Content": "cards 1, conditions 1"}
    )
    assert replay_record(GAME, named) == state
    unnamed = GameRecord(**fields, players=["a", "b"], moves=moves)
    assert replay_record(GAME, unnamed)["content"] == V2


@pytest.mark.usefixtures("corrected")
def test_a_state_stored_before_versions_reads_version_1() -> None:
    state = GAME.new(2, {"variant": "complex"}, 11, V1)
    del state["content"]  # as stored before content versions existed
    assert GAME.content(state) == V1
    first = cards.deck(1).cards
    seat = GAME.to_act(state)[0]
    assert GAME.view(state, seat)["setup_hand"] == [first[c].as_dict() for c in state["setup_hands"][seat]]
    assert GAME.card("C01", state) == first["C01"].as_dict() != GAME.card("C01")


def test_an_unknown_version_is_refused_at_setup() -> None:
    with pytest.raises(cards.DeckError, match="has no version 9"):
        GAME.new(2, {}, 1, {"cards": 9, "conditions": 1})
    with pytest.raises(ValueError, match="RunArch content is cards, conditions"):
        GAME.new(2, {}, 1, {"cards": 1})


def test_loaded_cards_cannot_be_changed_by_a_game() -> None:
    card = cards.deck(1).cards["C01"]
    with pytest.raises(TypeError):
        card.goal["colour"] = "B"  # type: ignore[index]
    with pytest.raises(AttributeError):
        card.pattern.append("0R")  # type: ignore[attr-defined]
    shown = GAME.card("C01")
    shown["pattern"].append("0R")
    shown["goal"].clear()
    assert GAME.card("C01") == cards.load_deck_document(1)["cards"][0]
    token = conditions.conditions(1).by_id["K12"]
    with pytest.raises(TypeError):
        token.counts["left"] = 1  # type: ignore[index]


def test_a_record_with_a_garbled_content_header_is_refused_naming_the_header() -> None:
    for garbled in ("cards one", "cards 1, cards 2", "cards 1; conditions 1", ""):
        record = GameRecord("runarch", 7, 2, {}, ["a", "b"], [], headers={"Content": garbled})
        with pytest.raises(RecordError, match="header Content must read like 'cards 1, conditions 2'"):
            replay_record(GAME, record)
    text = format_record(GameRecord("runarch", 7, 2, {}, ["a", "b"], [], headers={"Content": "cards 1"}))
    assert '[Content "cards 1"]' in text and content_of(parse_record(text)) == {"cards": 1}


def test_a_broken_correction_is_refused_naming_the_file_the_card_and_the_field(tmp_path: Path) -> None:
    with correction_shipped(tmp_path):
        deck = json.loads((tmp_path / "cards.v2.json").read_text(encoding="utf-8"))
        deck["cards"][6]["pattern"] = ["0R", "3R", "4G", "5Y", "6V"]
        deck["cards"][7]["match"] = "7R"
        (tmp_path / "cards.v2.json").write_text(json.dumps(deck), encoding="utf-8")
        with pytest.raises(cards.DeckError) as caught:
            GAME.new(2, {}, 1)  # a new table takes the newest deck, which does not load
        assert str(caught.value) == (
            f"{tmp_path}/cards.v2.json, card C07, field pattern: "
            "repeats a colour (a pattern has each colour once)"
        )
        deck["cards"][6]["pattern"] = cards.load_deck_document(1)["cards"][7]["pattern"]  # as rotated
        (tmp_path / "cards.v2.json").write_text(json.dumps(deck), encoding="utf-8")
        with cards.LIBRARY.reading(tmp_path), pytest.raises(cards.DeckError) as caught:
            cards.deck(2)
        assert str(caught.value) == (
            f"{tmp_path}/cards.v2.json, card C08, field match: must be a stone code such as 0R "
            '(a shape 0 3 4 5 6, then a colour R B G Y V), not "7R"'
        )
        assert GAME.new(2, {}, 1, V1)["content"] == V1  # version 1 still loads


@pytest.mark.usefixtures("corrected")
def test_undo_replays_a_game_with_the_content_it_was_set_up_with() -> None:
    """Undo replays the log: a game dealt from version 1 must still reach its stored state after
    a correction ships, or nothing could be taken back in it (and with version 2 it would not)."""
    from random import Random

    from engine.core.undo import Actor, Step, replay_marked

    state = GAME.new(2, {"variant": "simple"}, 11, V1)
    steps: list[Step] = []
    choose = Random(11)
    for _ in range(12):
        seat = GAME.to_act(state)[0]
        move = choose.choice(list(GAME.legal_moves(state, seat)))
        state, _ = GAME.apply(state, seat, move)
        steps.append(Step(seat, move.notation, Actor.PERSON))
    replayed = replay_marked(GAME, 2, {"variant": "simple"}, 11, steps, GAME.content(state))
    assert replayed.end == state
    # Replayed with the newest files instead, the same log no longer leads to that state.
    try:
        other = replay_marked(GAME, 2, {"variant": "simple"}, 11, steps).end
    except IllegalMove:
        other = None
    assert other != state
