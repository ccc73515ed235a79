"""A small declarative schema for content files: what each field must hold, in plain words.

Why not JSON Schema (``jsonschema``): the files are small and their rules simple (types, ranges,
choices, exact keys, list sizes), while the person correcting a file needs a sentence that
names the item and the field ("card C07, field pattern: must be a list of 5 entries, not 4"),
which JSON Schema's generic messages do not give without a translation layer; a game's rules
across fields (no colour twice in a pattern) need code either way; and the library would add
four packages, one of them compiled, to the engine for some sixty lines of checks.

Every node checks a parsed JSON/TOML value and returns it frozen (tuples and read-only
mappings), or raises ``Problem`` with the path inside the item and a sentence.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

Path = tuple[str | int, ...]


class Problem(Exception):
    """One broken value: ``path`` leads to it inside the item (or file), ``message`` says why."""

    def __init__(self, path: Path, message: str) -> None:
        super().__init__(message)
        self.path = path
        self.message = message


def field_name(path: Path) -> str:
    """``("goal", "colour_count")`` -> ``goal.colour_count``; ``("pattern", 2)`` -> ``pattern[3]``."""
    text = ""
    for part in path:
        text += f"[{part + 1}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text


def shown(value: object) -> str:
    """A value as the file spells it, short enough for a sentence."""
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, str):
        text = f'"{value}"'
    elif isinstance(value, Mapping):
        text = "an object"
    elif isinstance(value, list | tuple):
        text = f"a list of {len(value)}"
    elif value is None:
        text = "null"
    else:
        text = str(value)
    return text if len(text) <= 40 else text[:39] + "…"


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Node:
    """One kind of value."""

    def check(self, value: Any, path: Path) -> Any:  # pragma: no cover - every node overrides
        raise NotImplementedError


@dataclass(frozen=True)
class Integer(Node):
    """A whole number (``true``/``false`` are not numbers), optionally within bounds."""

    minimum: int | None = None
    maximum: int | None = None

    def check(self, value: Any, path: Path) -> int:
        low, high = self.minimum, self.maximum
        if low is not None and high is not None:
            wanted = f"a whole number from {low} to {high}"
        elif low is not None:
            wanted = f"a whole number of at least {low}"
        else:
            wanted = "a whole number"
        if not is_int(value) or (low is not None and value < low) or (high is not None and value > high):
            raise Problem(path, f"must be {wanted}, not {shown(value)}")
        return value


@dataclass(frozen=True)
class Text(Node):
    """A string: one of ``choices`` when given, else matching ``pattern`` (``example`` shows one,
    ``noun`` names what it is: "a stone code")."""

    choices: tuple[str, ...] = ()
    pattern: str | None = None
    example: str = ""
    noun: str = "a text"
    allow_empty: bool = False

    def check(self, value: Any, path: Path) -> str:
        if self.choices:
            if value not in self.choices:
                raise Problem(path, f"must be one of {', '.join(self.choices)}, not {shown(value)}")
            return value
        if not isinstance(value, str) or (not value and not self.allow_empty):
            raise Problem(path, f"must be a text, not {shown(value)}")
        if self.pattern is not None and not re.fullmatch(self.pattern, value):
            like = f" such as {self.example}" if self.example else ""
            raise Problem(path, f"must be {self.noun}{like}, not {shown(value)}")
        return value


@dataclass(frozen=True)
class Boolean(Node):
    def check(self, value: Any, path: Path) -> bool:
        if not isinstance(value, bool):
            raise Problem(path, f"must be true or false, not {shown(value)}")
        return value


@dataclass(frozen=True)
class ListOf(Node):
    """A list of ``item``, ``min_items``..``max_items`` long; ``unique`` refuses repeats."""

    item: Node
    min_items: int = 0
    max_items: int | None = None
    unique: bool = False

    def check(self, value: Any, path: Path) -> tuple[Any, ...]:
        low, high = self.min_items, self.max_items
        if high == low:
            wanted = f"a list of {low} entries"
        elif high is None:
            wanted = f"a list of at least {low} entries"
        else:
            wanted = f"a list of {low} to {high} entries"
        if not isinstance(value, list) or len(value) < low or (high is not None and len(value) > high):
            count = f"{len(value)}" if isinstance(value, list) else shown(value)
            raise Problem(path, f"must be {wanted}, not {count}")
        items = tuple(self.item.check(entry, (*path, i)) for i, entry in enumerate(value))
        if self.unique:
            for i, entry in enumerate(items):
                if entry in items[:i]:
                    raise Problem((*path, i), f"repeats {shown(value[i])}")
        return items


@dataclass(frozen=True)
class Record(Node):
    """An object with exactly the known ``fields`` (those in ``optional`` may be left out).

    ``min_fields``: at least that many present; ``together``: groups of fields that appear all
    or none (a goal's colour needs its count)."""

    fields: Mapping[str, Node]
    optional: frozenset[str] = frozenset()
    min_fields: int = 0
    together: tuple[tuple[str, ...], ...] = ()

    def check(self, value: Any, path: Path) -> Mapping[str, Any]:
        if not isinstance(value, dict):
            raise Problem(path, f"must be an object with the fields {', '.join(self.fields)}")
        unknown = [key for key in value if key not in self.fields]
        if unknown:
            raise Problem((*path, str(unknown[0])), f"is not a field here (known: {', '.join(self.fields)})")
        missing = [key for key in self.fields if key not in value and key not in self.optional]
        if missing:
            raise Problem((*path, missing[0]), "is missing")
        if len(value) < self.min_fields:
            raise Problem(path, f"needs at least {self.min_fields} of {', '.join(self.fields)}")
        for group in self.together:
            present = [key for key in group if key in value]
            if present and len(present) != len(group):
                absent = next(key for key in group if key not in value)
                raise Problem((*path, absent), f"is missing: {' and '.join(group)} go together")
        checked = {
            key: self.fields[key].check(value[key], (*path, key)) for key in self.fields if key in value
        }
        return MappingProxyType(checked)


ItemRule = Callable[[Mapping[str, Any]], "tuple[Path, str] | None"]
"""A rule across the fields of one item, in code: ``None`` when the item is fine, else the
field's path and a sentence (a pattern repeats a colour)."""


@dataclass(frozen=True)
class ContentSchema:
    """One kind of content file: ``items`` is the key of its list, ``item`` one entry's schema.

    ``label`` names an item in messages ("card C07"). When ``id_format`` is given, ids must run
    ``id_format.format(1)``, ``...format(2)``, ... in file order. ``unique``: fields no two items
    may share. ``rules``: checks across one item's fields."""

    items: str
    item: Record
    label: str = "item"
    id_field: str = "id"
    id_format: str | None = None
    min_items: int = 1
    max_items: int | None = None
    unique: tuple[str, ...] = ()
    rules: tuple[ItemRule, ...] = ()
