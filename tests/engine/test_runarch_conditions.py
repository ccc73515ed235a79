"""The condition tokens (engine/runarch/data/conditions.v1.json): schema, the fixed set, the validator.

The expected set is written out here from docs/rules/runarch.md, independently of the loader.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from engine.runarch.conditions import CONDITION_IDS, CONDITIONS, ConditionError, validate_conditions

DATA = Path(__file__).resolve().parents[2] / "engine" / "runarch" / "data" / "conditions.v1.json"
EXPECTED = [
    {"left": 2},
    {"left": 3},
    {"left": 4},
    {"middle": 2},
    {"middle": 3},
    {"middle": 4},
    {"right": 2},
    {"right": 3},
    {"right": 4},
    {"left": 1, "middle": 1, "right": 1},
    {"left": 2, "middle": 2, "right": 2},
    {"left": 3, "right": 1},
]


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    return json.loads(DATA.read_text(encoding="utf-8"))


def test_top_level_and_the_fixed_twelve(document: dict[str, Any]) -> None:
    assert set(document) == {"version", "reconstructed", "note", "conditions"}
    assert document["reconstructed"] is True
    assert document["version"] == 1 and isinstance(document["note"], str) and len(document["note"]) > 40
    assert [c["id"] for c in document["conditions"]] == [f"K{i:02d}" for i in range(1, 13)]
    assert [c["counts"] for c in document["conditions"]] == EXPECTED
    for condition in document["conditions"]:
        assert set(condition) == {"id", "counts"}
        assert all(type(n) is int and n >= 1 for n in condition["counts"].values())


def test_loaded_conditions_equal_the_file(document: dict[str, Any]) -> None:
    assert list(CONDITION_IDS) == [c["id"] for c in document["conditions"]]
    assert [CONDITIONS[cid].as_dict() for cid in CONDITION_IDS] == document["conditions"]


def test_a_condition_needs_exact_counts_and_ignores_other_archives() -> None:
    k12 = CONDITIONS["K12"]
    assert k12.met_by({"left": 3, "middle": 5, "right": 1})
    assert not k12.met_by({"left": 4, "middle": 0, "right": 1})
    assert not k12.met_by({"left": 3, "middle": 0, "right": 2})
    assert CONDITIONS["K10"].met_by({"left": 1, "middle": 1, "right": 1})


BROKEN: list[tuple[str, Any]] = [
    ("no note", lambda d: d.pop("note")),
    ("extra key", lambda d: d.update(extra=1)),
    ("version zero", lambda d: d.update(version=0)),
    ("too few", lambda d: d.update(conditions=d["conditions"][:5])),
    ("id out of order", lambda d: d["conditions"][2].update(id="K09")),
    ("unknown archive", lambda d: d["conditions"][0].update(counts={"top": 2})),
    ("empty counts", lambda d: d["conditions"][0].update(counts={})),
    ("count zero", lambda d: d["conditions"][0].update(counts={"left": 0})),
    ("middle over 5", lambda d: d["conditions"][3].update(counts={"middle": 6})),
    ("left over 12", lambda d: d["conditions"][0].update(counts={"left": 13})),
    ("count as bool", lambda d: d["conditions"][0].update(counts={"left": True})),
    ("same counts twice", lambda d: d["conditions"][1].update(counts={"left": 2})),
    ("extra condition key", lambda d: d["conditions"][1].update(bet="gold")),
]


@pytest.mark.parametrize(("name", "breaks"), BROKEN, ids=[name for name, _ in BROKEN])
def test_validator_refuses_broken_documents(document: dict[str, Any], name: str, breaks: Any) -> None:
    broken = copy.deepcopy(document)
    breaks(broken)
    with pytest.raises(ConditionError):
        validate_conditions(broken)


def test_the_json_ships_with_the_package() -> None:
    pyproject = (Path(__file__).resolve().parents[2] / "pyproject.toml").read_text(encoding="utf-8")
    assert '"*" = ["*.toml", "*.json"]' in pyproject
