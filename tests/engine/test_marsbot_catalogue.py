"""MarsBot's content: the Tharsis board's tracks as the notes' table prints them, the Tharsis map,
the bonus cards with B03 marked reconstructed, the corporations, and the seed's money table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.marsbot import content
from engine.marsbot.content import MarsBotContentError, money_vp

TRACKS = content.tracks()
MARS = content.mars()
BONUS = content.bonus_cards(1)


def test_seven_tracks_with_their_tags_cuts_and_last_spaces() -> None:
    assert tuple(t for t in TRACKS if t != "venus") == content.TRACK_IDS
    assert TRACKS["energy"].tags == ("power", "jovian")
    assert TRACKS["earth"].tags == ("earth", "city")
    assert TRACKS["plant"].tags == ("plant", "animal", "microbe")
    cuts = {t.cut: t.id for t in TRACKS.values() if t.cut}
    assert cuts == {
        "steel": "building",
        "titanium": "space",
        "megacredits": "event",
        "energy": "energy",
        "heat": "earth",
        "plants": "plant",
    }
    last = {t.id: t.action(18) for t in TRACKS.values() if t.id != "venus"}
    assert last == {
        "building": "tr5",
        "space": "tr6",
        "event": "tr5",
        "science": "tr7",
        "energy": "tr8",
        "earth": "tr7",
        "plant": "tr6",
    }


@pytest.mark.parametrize(
    ("track", "position", "action"),
    [
        ("building", 2, "ocean"),
        ("building", 7, "milestone"),
        ("building", 11, "space"),
        ("space", 1, "adv"),
        ("space", 7, "venus"),
        ("event", 6, "venus2"),
        ("event", 16, "temp2"),
        ("science", 4, "city"),
        ("energy", 3, "tr3"),
        ("earth", 1, "city"),
        ("earth", 9, "award"),
        ("plant", 3, "greenery"),
        ("plant", 18, "tr6"),
        ("plant", 1, ""),
    ],
)
def test_spaces_of_the_tharsis_board(track: str, position: int, action: str) -> None:
    assert TRACKS[track].action(position) == action
    assert TRACKS[track].action(0) == ""


def test_the_venus_track_is_the_only_reconstructed_one() -> None:
    library = content.TRACK_LIBRARY.content(1)
    assert [i for i in library.ids if library.is_reconstructed(i)] == ["venus"]
    assert not library.reconstructed


def test_tharsis_map_rows_oceans_noctis_and_neighbours() -> None:
    assert len(MARS.spaces) == 61
    assert [sid for sid in MARS.order if sid.startswith("E")] == [f"E{i}" for i in range(1, 10)]
    oceans = [sid for sid in MARS.order if MARS.spaces[sid].ocean]
    assert oceans == ["A2", "A4", "A5", "B6", "D8", "E4", "E5", "E6", "F6", "F7", "F8", "I5"]
    assert [s.id for s in MARS.spaces.values() if s.reserved] == ["E3"]
    assert MARS.spaces["E5"].neighbours and len(MARS.spaces["E5"].neighbours) == 6
    assert set(MARS.spaces["A1"].neighbours) == {"A2", "B1", "B2"}
    assert set(MARS.spaces["E1"].neighbours) == {"D1", "E2", "F1"}
    assert set(MARS.spaces["D4"].neighbours) == {"C3", "C4", "D3", "D5", "E4", "E5"}
    assert set(MARS.spaces["F4"].neighbours) == {"E4", "E5", "F3", "F5", "G3", "G4"}
    for space in MARS.spaces.values():  # adjacency is symmetric
        assert all(space.id in MARS.spaces[n].neighbours for n in space.neighbours)
    assert sum(1 for s in MARS.spaces.values() if s.edge) == 24  # the outer ring of a 5-sided hexagon
    assert MARS.spaces["E5"].bonus == {"plants": 2} and MARS.spaces["E5"].bonus_count == 2
    assert (
        MARS.spaces["D1"].bonus == {"plants": 1, "titanium": 1} and MARS.spaces["D1"].name == "pavonis_mons"
    )


def test_version_1_bonus_cards_b01_to_b08_and_b16_with_b03_reconstructed() -> None:
    assert list(BONUS) == ["B01", "B02", "B03", "B04", "B05", "B06", "B07", "B08", "B16"]
    assert [c.id for c in BONUS.values() if c.reconstructed] == ["B03"]
    assert BONUS["B06"].without == "venus" and BONUS["B16"].needs == "venus"
    for card in BONUS.values():
        assert card.name["en"] and card.name["cs"] and card.text["en"] and card.text["cs"]


def test_corporations_are_marked_reconstructed_and_keep_the_seeds_numbers() -> None:
    corporations = content.corporations(1)
    assert set(corporations) == {"C02", "C03", "C09", "CX1", "CX2"}
    assert all(c.reconstructed for c in corporations.values())
    c02 = corporations["C02"]
    assert c02.white == {"building": (6,), "space": (9,), "science": (10,), "energy": (5, 9), "plant": (11,)}
    assert c02.black == {"earth": (3, 6, 9, 12, 13, 14)}
    # every white cube of C02 covers a temperature space ("namísto zvýšení teploty")
    for track, spaces in c02.white.items():
        assert all(TRACKS[track].action(p) == "temp" for p in spaces)
    assert corporations["C09"].money == 25


@pytest.mark.parametrize(
    ("generation", "prelude", "money", "vp"),
    [
        (14, False, 25, 4),  # the seed's example: 1 VP per 6 M€
        (16, False, 25, 6),  # … and 6 VP had the game ended in generation 16
        (1, False, 17, 2),
        (12, False, 16, 2),
        (13, False, 14, 2),
        (19, False, 3, 3),
        (20, False, 3, None),  # generation 20: MarsBot wins
        (10, True, 16, 2),
        (11, True, 14, 2),
        (17, True, 3, 3),
        (18, True, 0, None),
    ],
)
def test_money_to_vp_by_generation(generation: int, prelude: bool, money: int, vp: int | None) -> None:
    assert money_vp(generation, money, prelude) == vp


def test_a_broken_file_names_the_item_and_the_field(tmp_path: Path) -> None:
    source = Path(content.__file__).parent / "data" / "tracks.v1.json"
    data = json.loads(source.read_text(encoding="utf-8"))
    data["tracks"][2]["spaces"][4] = "teleport"
    (tmp_path / "tracks.v1.json").write_text(json.dumps(data), encoding="utf-8")
    with content.TRACK_LIBRARY.reading(tmp_path), pytest.raises(MarsBotContentError) as caught:
        content.tracks(1)
    assert "event" in str(caught.value) and "spaces" in str(caught.value)
