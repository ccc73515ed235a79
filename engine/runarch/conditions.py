"""The condition tokens as data: ``data/conditions.v<N>.json`` through the shared loader.

Like the deck, the set is the project's reconstruction (fixed in ``docs/rules/runarch.md``);
the schema names the token and the field so an edited file cannot misbehave in play. A game
reads the version it was set up with (``engine.runarch.content.conditions_of``); the module
constants here are the newest set.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from engine.core.data import Content, ContentError, ContentLibrary, check_content, thaw
from engine.core.schema import ContentSchema, Integer, Record, Text
from engine.runarch.archives import ARCHIVES, LIMITS

PACKAGE = "engine.runarch"
NAME = "conditions"
DRAWN = 6
"""Condition tokens laid out per game; the file must hold at least this many."""


class ConditionError(ContentError):
    """The condition data breaks the schema; the message names the file, the token and the field."""


SCHEMA = ContentSchema(
    items=NAME,
    label="condition",
    id_format="K{:02d}",
    min_items=DRAWN,
    unique=("counts",),
    item=Record(
        {
            "id": Text(pattern=r"K\d{2}", example="K07", noun="a token id"),
            "counts": Record(
                {name: Integer(1, LIMITS[name]) for name in ARCHIVES},
                optional=frozenset(ARCHIVES),
                min_fields=1,
            ),
        }
    ),
)
"""One token: exact card counts for one or more archives (left 1-12, middle and right 1-5)."""


@dataclass(frozen=True)
class Condition:
    """Exact card counts for the archives it names; the others may hold anything."""

    id: str
    counts: Mapping[str, int]

    def met_by(self, sizes: Mapping[str, int]) -> bool:
        return all(sizes[name] == count for name, count in self.counts.items())

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "counts": dict(self.counts)}


@dataclass(frozen=True)
class ConditionSet:
    """One version of the condition tokens."""

    version: int
    reconstructed: bool
    by_id: Mapping[str, Condition]
    ids: tuple[str, ...]


def _condition(item: Mapping[str, Any]) -> Condition:
    return Condition(item["id"], item["counts"])


def build_conditions(content: Content) -> ConditionSet:
    conditions = tuple(_condition(item) for item in content.items)
    return ConditionSet(
        version=content.version,
        reconstructed=content.reconstructed,
        by_id=MappingProxyType({c.id: c for c in conditions}),
        ids=tuple(c.id for c in conditions),
    )


LIBRARY: ContentLibrary[ConditionSet] = ContentLibrary(
    PACKAGE, NAME, SCHEMA, build_conditions, ConditionError
)
"""Every shipped version of the condition tokens, loaded on first use."""


def conditions(version: int | None = None) -> ConditionSet:
    """The tokens of ``version`` (the newest when ``None``); ``ConditionError`` for an unknown one."""
    return LIBRARY.get(version)


def validate_conditions(data: object, file: str = "conditions.json") -> tuple[Condition, ...]:
    """Check the whole document and return the tokens in id order; ``ConditionError`` if broken."""
    content = check_content(thaw(data), file, SCHEMA, error=ConditionError)
    return tuple(_condition(item) for item in content.items)


def load_conditions_document(version: int | None = None) -> dict[str, Any]:
    """The raw JSON document of ``version`` (the newest when ``None``) as shipped."""
    name = LIBRARY.files()[LIBRARY.latest if version is None else version]
    return json.loads(LIBRARY.folder.joinpath(name).read_text(encoding="utf-8"))


_NEWEST = conditions()
CONDITIONS_VERSION: int = _NEWEST.version
CONDITION_SET: tuple[Condition, ...] = tuple(_NEWEST.by_id.values())
CONDITIONS: Mapping[str, Condition] = _NEWEST.by_id
CONDITION_IDS: tuple[str, ...] = _NEWEST.ids
