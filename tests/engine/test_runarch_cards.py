"""The RunArch deck data (engine/runarch/data/cards.v1.json): schema and card rules.

If you own the physical game and edit the JSON, run this file: every failure names the card.
The checks are written out here independently of ``engine.runarch.cards.validate_deck``, and
the second half proves that the validator refuses each kind of broken card.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engine.runarch.cards import CARD_IDS, CARDS, DECK, DeckError, validate_deck

DATA = Path(__file__).resolve().parents[2] / "engine" / "runarch" / "data" / "cards.v1.json"
COLOURS = set("RBGYV")
SHAPES = set("03456")
CODES = {s + c for s in SHAPES for c in COLOURS}
DIRECTIONS = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"}


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    return json.loads(DATA.read_text(encoding="utf-8"))


def test_top_level(document: dict[str, Any]) -> None:
    assert set(document) == {"version", "reconstructed", "note", "cards"}
    assert document["version"] == 1
    assert document["reconstructed"] is True
    assert "reconstruct" in document["note"] and len(document["note"]) > 40
    assert len(document["cards"]) == 60


def test_ids_run_in_order(document: dict[str, Any]) -> None:
    assert [card["id"] for card in document["cards"]] == [f"C{i:02d}" for i in range(1, 61)]
    assert list(CARD_IDS) == [f"C{i:02d}" for i in range(1, 61)]


def test_every_card_follows_the_schema(document: dict[str, Any]) -> None:
    for card in document["cards"]:
        cid = card["id"]
        assert set(card) == {"id", "pattern", "match", "goal", "arrows"}, cid
        pattern = card["pattern"]
        assert isinstance(pattern, list) and len(pattern) == 5, cid
        assert all(code in CODES for code in pattern), cid
        assert len({code[1] for code in pattern}) == 5, f"{cid}: a colour twice"
        assert len({code[0] for code in pattern}) == 5, f"{cid}: a shape twice"
        assert card["match"] in CODES, cid
        goal = card["goal"]
        assert goal and set(goal) <= {"colour", "colour_count", "shape", "shape_count"}, cid
        assert ("colour" in goal) == ("colour_count" in goal), cid
        assert ("shape" in goal) == ("shape_count" in goal), cid
        if "colour" in goal:
            assert goal["colour"] in COLOURS and type(goal["colour_count"]) is int, cid
            assert 1 <= goal["colour_count"] <= 10, cid
        if "shape" in goal:
            assert goal["shape"] in SHAPES and type(goal["shape_count"]) is int, cid
            assert 1 <= goal["shape_count"] <= 10, cid
        arrows = card["arrows"]
        assert isinstance(arrows, list) and 1 <= len(arrows) <= 3, cid
        assert set(arrows) <= DIRECTIONS and len(set(arrows)) == len(arrows), cid


def test_patterns_are_all_different(document: dict[str, Any]) -> None:
    patterns = Counter(tuple(card["pattern"]) for card in document["cards"])
    assert [p for p, n in patterns.items() if n > 1] == []


def test_match_colours_and_shapes_are_balanced(document: dict[str, Any]) -> None:
    # Not a rule of the game, a property of this reconstructed deck: 12 of each.
    matches = [card["match"] for card in document["cards"]]
    assert Counter(m[1] for m in matches) == dict.fromkeys(COLOURS, 12)
    assert Counter(m[0] for m in matches) == dict.fromkeys(SHAPES, 12)


def test_loaded_deck_equals_the_file(document: dict[str, Any]) -> None:
    assert [card.as_dict() for card in DECK] == document["cards"]
    assert CARDS["C17"].as_dict() == document["cards"][16]


BROKEN: list[tuple[str, Any]] = [
    ("no version", lambda d: d.pop("version")),
    ("version zero", lambda d: d.update(version=0)),
    ("extra top key", lambda d: d.update(extra=1)),
    ("too few cards", lambda d: d.update(cards=d["cards"][:5])),
    ("id out of order", lambda d: d["cards"][3].update(id="C40")),
    ("missing key", lambda d: d["cards"][0].pop("arrows")),
    ("extra key", lambda d: d["cards"][0].update(bet=1)),
    ("4-stone pattern", lambda d: d["cards"][1]["pattern"].pop()),
    ("unknown code", lambda d: d["cards"][1]["pattern"].__setitem__(0, "7R")),
    ("colour twice", lambda d: d["cards"][2].update(pattern=["0R", "3R", "4G", "5Y", "6V"])),
    ("shape twice", lambda d: d["cards"][2].update(pattern=["0R", "0B", "4G", "5Y", "6V"])),
    ("same pattern", lambda d: d["cards"][9].update(pattern=list(d["cards"][8]["pattern"]))),
    ("bad match", lambda d: d["cards"][4].update(match="RR")),
    ("empty goal", lambda d: d["cards"][4].update(goal={})),
    ("goal colour without count", lambda d: d["cards"][4].update(goal={"colour": "B"})),
    ("goal count out of range", lambda d: d["cards"][4].update(goal={"shape": "3", "shape_count": 11})),
    ("goal count as bool", lambda d: d["cards"][4].update(goal={"shape": "3", "shape_count": True})),
    ("goal unknown colour", lambda d: d["cards"][4].update(goal={"colour": "X", "colour_count": 2})),
    ("no arrows", lambda d: d["cards"][5].update(arrows=[])),
    ("four arrows", lambda d: d["cards"][5].update(arrows=["N", "E", "S", "W"])),
    ("unknown arrow", lambda d: d["cards"][5].update(arrows=["UP"])),
    ("arrow twice", lambda d: d["cards"][5].update(arrows=["N", "N"])),
]


@pytest.mark.parametrize(("name", "breaks"), BROKEN, ids=[name for name, _ in BROKEN])
def test_validator_refuses_broken_decks(document: dict[str, Any], name: str, breaks: Any) -> None:
    broken = copy.deepcopy(document)
    breaks(broken)
    with pytest.raises(DeckError):
        validate_deck(broken)


def test_validator_accepts_the_shipped_deck(document: dict[str, Any]) -> None:
    assert len(validate_deck(copy.deepcopy(document))) == 60
