"""The condition tokens as data: load ``data/conditions.json`` once and refuse it loudly if broken.

Like the deck, the set is the project's reconstruction (fixed in ``docs/rules/runarch.md``);
validation names the token and the problem so an edited file cannot misbehave in play.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from types import MappingProxyType
from typing import Any

from engine.runarch.archives import ARCHIVES, LIMITS

CONDITION_ID = re.compile(r"K\d{2}")
TOP_KEYS = frozenset({"version", "note", "conditions"})
CONDITION_KEYS = frozenset({"id", "counts"})
DRAWN = 6
"""Condition tokens laid out per game; the file must hold at least this many."""


class ConditionError(ValueError):
    """The condition data breaks the schema; the message names the token and the problem."""


@dataclass(frozen=True)
class Condition:
    """Exact card counts for the archives it names; the others may hold anything."""

    id: str
    counts: Mapping[str, int]

    def met_by(self, sizes: Mapping[str, int]) -> bool:
        return all(sizes[name] == count for name, count in self.counts.items())

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "counts": dict(self.counts)}


def _validate_condition(index: int, raw: object) -> Condition:
    expected_id = f"K{index + 1:02d}"
    if not isinstance(raw, dict) or set(raw) != CONDITION_KEYS:
        raise ConditionError(
            f"condition #{index + 1}: must be an object with exactly {sorted(CONDITION_KEYS)}"
        )
    if raw["id"] != expected_id:
        raise ConditionError(f"condition #{index + 1}: id must be {expected_id!r} (K01, K02, ... in order)")
    counts = raw["counts"]
    if not isinstance(counts, dict) or not counts or set(counts) - set(ARCHIVES):
        raise ConditionError(f"{expected_id}: counts must be a non-empty object keyed by {list(ARCHIVES)}")
    for name, count in counts.items():
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= LIMITS[name]:
            raise ConditionError(f"{expected_id}: {name} count must be an integer 1..{LIMITS[name]}")
    ordered = {name: counts[name] for name in ARCHIVES if name in counts}
    return Condition(expected_id, MappingProxyType(ordered))


def validate_conditions(data: object) -> tuple[Condition, ...]:
    """Check the whole document and return the tokens in id order; ``ConditionError`` if broken."""
    if not isinstance(data, dict) or set(data) != TOP_KEYS:
        raise ConditionError(f"the document must be an object with exactly the keys {sorted(TOP_KEYS)}")
    version = data["version"]
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ConditionError("version must be a positive integer")
    if not isinstance(data["note"], str):
        raise ConditionError("note must be a string")
    raw = data["conditions"]
    if not isinstance(raw, list) or len(raw) < DRAWN:
        raise ConditionError(f"conditions must be a list of at least {DRAWN} tokens")
    conditions = tuple(_validate_condition(i, item) for i, item in enumerate(raw))
    seen: dict[tuple[tuple[str, int], ...], str] = {}
    for condition in conditions:
        key = tuple(condition.counts.items())
        if key in seen:
            raise ConditionError(f"{condition.id}: same counts as {seen[key]}")
        seen[key] = condition.id
    return conditions


def load_conditions_document() -> dict[str, Any]:
    """The raw JSON document shipped with the package."""
    text = resources.files("engine.runarch").joinpath("data", "conditions.json").read_text(encoding="utf-8")
    return json.loads(text)


_DOCUMENT = load_conditions_document()
CONDITIONS_VERSION: int = _DOCUMENT["version"]
CONDITION_SET: tuple[Condition, ...] = validate_conditions(_DOCUMENT)
CONDITIONS: Mapping[str, Condition] = MappingProxyType({c.id: c for c in CONDITION_SET})
CONDITION_IDS: tuple[str, ...] = tuple(c.id for c in CONDITION_SET)
