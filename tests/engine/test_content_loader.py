"""The shared content loader (engine/core/data.py): what a person correcting a data file sees.

A tiny made-up content kind ("tiles") is checked here, in JSON and TOML, so the loader's
behaviour is pinned independently of any game's files: broken files are refused with a
sentence naming the file, the item and the field; versions load side by side; reconstructed
marks are read per file and per item; and what the loader returns cannot be changed by a game.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from engine.core.data import Content, ContentError, ContentLibrary, check_content
from engine.core.schema import ContentSchema, Integer, ListOf, Record, Text
from engine.core.schema import Path as FieldPath


def _no_double_cost(tile: Mapping[str, Any]) -> tuple[FieldPath, str] | None:
    if tile["kind"] == "mine" and tile["cost"] > 5:
        return ("cost",), "a mine costs at most 5"
    return None


SCHEMA = ContentSchema(
    items="tiles",
    label="tile",
    id_format="T{}",
    min_items=2,
    max_items=5,
    unique=("sides",),
    item=Record(
        {
            "id": Text(pattern=r"T\d+", example="T3"),
            "kind": Text(choices=("mine", "farm", "road")),
            "cost": Integer(0, 9),
            "sides": ListOf(Text(choices=("N", "E", "S", "W")), 1, 4, unique=True),
            "bonus": Record({"points": Integer(1, 3)}, optional=frozenset({"points"})),
        },
        optional=frozenset({"bonus"}),
    ),
    rules=(_no_double_cost,),
)

DOCUMENT: dict[str, Any] = {
    "version": 1,
    "reconstructed": False,
    "note": "Three tiles, as printed.",
    "tiles": [
        {"id": "T1", "kind": "mine", "cost": 3, "sides": ["N", "S"]},
        {"id": "T2", "kind": "farm", "cost": 1, "sides": ["E"], "bonus": {"points": 2}},
        {"id": "T3", "kind": "road", "cost": 0, "sides": ["N", "E", "S", "W"], "reconstructed": True},
    ],
}
TOML_V2 = """
version = 2
reconstructed = true
note = "Corrected: T1 costs 4."

[[tiles]]
id = "T1"
kind = "mine"
cost = 4
sides = ["N", "S"]

[[tiles]]
id = "T2"
kind = "farm"
cost = 1
sides = ["E"]
"""


def build(content: Content) -> Content:
    return content


def library() -> ContentLibrary[Content]:
    lib: ContentLibrary[Content] = ContentLibrary("tests.engine", "tiles", SCHEMA, build)
    return lib


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "tiles.v1.json").write_text(json.dumps(DOCUMENT), encoding="utf-8")
    (tmp_path / "tiles.v2.toml").write_text(TOML_V2, encoding="utf-8")
    (tmp_path / "other.v1.json").write_text("not even JSON", encoding="utf-8")  # another file
    return tmp_path


def load(folder: Path, version: int | None = None) -> Content:
    lib = library()
    with lib.reading(folder):
        return lib.get(version)


def test_versions_load_side_by_side_and_none_means_the_newest(folder: Path) -> None:
    lib = library()
    with lib.reading(folder):
        assert lib.versions() == (1, 2) and lib.latest == 2
        first, second = lib.get(1), lib.get(2)
        assert lib.get(None) is second and lib.get(1) is first  # each built once
    assert [t["cost"] for t in first.items] == [3, 1, 0]
    assert [t["cost"] for t in second.items] == [4, 1]  # read from TOML
    assert first.ids == ("T1", "T2", "T3") and first.item("T2")["bonus"] == {"points": 2}
    assert first.note == "Three tiles, as printed." and first.version == 1


def test_reconstructed_is_read_per_file_and_per_item(folder: Path) -> None:
    first, second = load(folder, 1), load(folder, 2)
    assert not first.reconstructed
    assert [first.is_reconstructed(t) for t in first.ids] == [False, False, True]
    assert "reconstructed" not in first.item("T3")  # a mark, not a field the rules read
    assert second.reconstructed and all(second.is_reconstructed(t) for t in second.ids)


def test_loaded_content_cannot_be_changed_and_plain_gives_a_copy(folder: Path) -> None:
    content = load(folder, 1)
    tile = content.items[0]
    with pytest.raises(TypeError):
        tile["cost"] = 9  # type: ignore[index]
    with pytest.raises(TypeError):
        content.item("T2")["bonus"]["points"] = 3  # type: ignore[index]
    with pytest.raises(AttributeError):
        tile["sides"].append("E")
    copied = content.plain()
    copied[0]["cost"] = 9
    copied[0]["sides"].append("E")
    assert content.items[0]["cost"] == 3 and content.items[0]["sides"] == ("N", "S")
    assert content.plain() == [
        {k: v for k, v in tile.items() if k != "reconstructed"} for tile in DOCUMENT["tiles"]
    ]


def test_an_unknown_version_is_refused_with_the_versions_shipped(folder: Path) -> None:
    lib = library()
    with lib.reading(folder), pytest.raises(ContentError) as caught:
        lib.get(3)
    assert str(caught.value) == f"{folder}/tiles: has no version 3 (shipped: 1, 2)"


def test_two_files_of_one_version_are_refused(folder: Path) -> None:
    (folder / "tiles.v2.json").write_text(json.dumps({**DOCUMENT, "version": 2}), encoding="utf-8")
    lib = library()
    with lib.reading(folder), pytest.raises(ContentError, match=r"version 2 is also in tiles\.v2"):
        lib.versions()


def test_a_version_inside_the_file_must_match_its_name(folder: Path) -> None:
    (folder / "tiles.v3.json").write_text(json.dumps(DOCUMENT), encoding="utf-8")  # says 1
    lib = library()
    with lib.reading(folder), pytest.raises(ContentError) as caught:
        lib.get(3)
    assert str(caught.value) == f"{folder}/tiles.v3.json, field version: says version 1 but its name says 3"


def test_broken_json_and_toml_name_the_file_and_the_line(folder: Path) -> None:
    (folder / "tiles.v3.json").write_text('{"version": 3,\n  "note": "x",\n  oops}', encoding="utf-8")
    (folder / "tiles.v4.toml").write_text('version = 4\nnote = "unclosed\n', encoding="utf-8")
    lib = library()
    with lib.reading(folder):
        with pytest.raises(ContentError) as json_error:
            lib.get(3)
        with pytest.raises(ContentError) as toml_error:
            lib.get(4)
    assert str(json_error.value).startswith(
        f"{folder}/tiles.v3.json: is not valid JSON at line 3, column 3: "
    )
    assert str(toml_error.value).startswith(f"{folder}/tiles.v4.toml: is not valid TOML: ")
    assert "line 2" in str(toml_error.value)


BROKEN: list[tuple[str, Any, str]] = [
    ("no version", lambda d: d.pop("version"), "tiles.json, field version: is missing"),
    (
        "no reconstructed mark",
        lambda d: d.pop("reconstructed"),
        "tiles.json, field reconstructed: is missing",
    ),
    (
        "unknown top field",
        lambda d: d.update(tile=[]),
        "tiles.json: 'tile' is not a field of a content file (known: version, reconstructed, note, tiles)",
    ),
    (
        "version as text",
        lambda d: d.update(version="1"),
        'tiles.json, field version: must be a whole number of at least 1, not "1"',
    ),
    (
        "mark as text",
        lambda d: d.update(reconstructed="yes"),
        'tiles.json, field reconstructed: must be true or false, not "yes"',
    ),
    (
        "too few items",
        lambda d: d.update(tiles=d["tiles"][:1]),
        "tiles.json, field tiles: must be a list of 2 to 5 tiles, not a list of 1",
    ),
    (
        "unknown kind",
        lambda d: d["tiles"][1].update(kind="castle"),
        'tiles.json, tile T2, field kind: must be one of mine, farm, road, not "castle"',
    ),
    (
        "cost out of range",
        lambda d: d["tiles"][1].update(cost=10),
        "tiles.json, tile T2, field cost: must be a whole number from 0 to 9, not 10",
    ),
    (
        "cost as a boolean",
        lambda d: d["tiles"][1].update(cost=True),
        "tiles.json, tile T2, field cost: must be a whole number from 0 to 9, not true",
    ),
    ("missing field", lambda d: d["tiles"][0].pop("sides"), "tiles.json, tile T1, field sides: is missing"),
    (
        "misspelt field",
        lambda d: d["tiles"][0].update(cots=1),
        "tiles.json, tile T1, field cots: is not a field here "
        "(known: id, kind, cost, sides, bonus, reconstructed)",
    ),
    (
        "a wrong entry of a list",
        lambda d: d["tiles"][2]["sides"].__setitem__(2, "UP"),
        'tiles.json, tile T3, field sides[3]: must be one of N, E, S, W, not "UP"',
    ),
    (
        "a repeated entry",
        lambda d: d["tiles"][2].update(sides=["N", "E", "N"]),
        'tiles.json, tile T3, field sides[3]: repeats "N"',
    ),
    (
        "nested field",
        lambda d: d["tiles"][1]["bonus"].update(points=0),
        "tiles.json, tile T2, field bonus.points: must be a whole number from 1 to 3, not 0",
    ),
    (
        "ids out of order",
        lambda d: d["tiles"][1].update(id="T7"),
        "tiles.json, tile T7, field id: must be T2 (ids run T1, T2, … in file order)",
    ),
    (
        "an id that is no id",
        lambda d: d["tiles"][1].update(id=7),
        "tiles.json, tile #2, field id: must be a text, not 7",
    ),
    (
        "a rule across fields",
        lambda d: d["tiles"][0].update(cost=6),
        "tiles.json, tile T1, field cost: a mine costs at most 5",
    ),
    (
        "two items alike",
        lambda d: d["tiles"][2].update(sides=["N", "S"]),
        "tiles.json, tile T3, field sides: is the same as in tile T1",
    ),
    (
        "an item mark as text",
        lambda d: d["tiles"][0].update(reconstructed=1),
        "tiles.json, tile T1, field reconstructed: must be true or false, not 1",
    ),
]


@pytest.mark.parametrize(("name", "breaks", "message"), BROKEN, ids=[case[0] for case in BROKEN])
def test_a_broken_document_is_refused_naming_file_item_and_field(
    name: str, breaks: Any, message: str
) -> None:
    broken = copy.deepcopy(DOCUMENT)
    breaks(broken)
    with pytest.raises(ContentError) as caught:
        check_content(broken, "tiles.json", SCHEMA)
    assert str(caught.value) == message


def test_the_error_keeps_its_parts_for_a_caller() -> None:
    broken = copy.deepcopy(DOCUMENT)
    broken["tiles"][1]["cost"] = -1
    with pytest.raises(ContentError) as caught:
        check_content(broken, "tiles.json", SCHEMA)
    error = caught.value
    assert (error.file, error.item, error.field) == ("tiles.json", "tile T2", "cost")
    assert isinstance(error, ValueError)


def test_the_shipped_document_passes() -> None:
    content = check_content(copy.deepcopy(DOCUMENT), "tiles.json", SCHEMA)
    assert content.ids == ("T1", "T2", "T3") and len(content.digest) == 64
