"""Games' content files (cards, tiles, tokens): one loader, checked at load, versions kept forever.

A game keeps its content in ``engine/<game>/data/<name>.v<N>.json`` (or ``.toml``)::

    {"version": 2, "reconstructed": true, "note": "where this comes from",
     "cards": [{"id": "C01", ...}, {"id": "C02", "reconstructed": true, ...}]}

``reconstructed`` marks content the project designed because the rulebook's pictures were
missing: the whole file, or single items. A correction never edits a released file: it is a new
file with the next version, because a game stores the versions it was set up with and must
replay with them (``tests/engine/test_content_versions.py`` holds the digest of every released
version and refuses a changed one). The loader returns deeply frozen data (tuples and read-only
mappings), so no game can change what another game reads. Reading package files through
``importlib.resources`` keeps the engine free of any other I/O.
"""

from __future__ import annotations

import hashlib
import json
import re
import tomllib
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from types import MappingProxyType
from typing import Any, Generic, TypeVar

from engine.core.schema import Boolean, ContentSchema, Integer, Problem, Record, Text, field_name, shown

FOLDER = "data"
FILE_NAME = re.compile(r"(?P<name>[a-z][a-z0-9_]*)\.v(?P<version>[1-9][0-9]*)\.(?P<ext>json|toml)")
TOP_FIELDS = ("version", "reconstructed", "note")
ITEM_MARK = "reconstructed"

T = TypeVar("T")


class ContentError(ValueError):
    """A content file that cannot be used; the message names the file, the item and the field."""

    def __init__(self, file: str, problem: str, item: str | None = None, field: str | None = None) -> None:
        where = ", ".join(part for part in (file, item, f"field {field}" if field else None) if part)
        super().__init__(f"{where}: {problem}")
        self.file, self.item, self.field, self.problem = file, item, field, problem


@dataclass(frozen=True)
class Content:
    """One checked version of a content file; ``items`` are frozen, in file order."""

    name: str
    version: int
    file: str
    reconstructed: bool
    note: str
    items: tuple[Mapping[str, Any], ...]
    reconstructed_items: frozenset[str]
    id_field: str = "id"

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(item[self.id_field] for item in self.items)

    def item(self, item_id: str) -> Mapping[str, Any]:
        """The item with that id; ``KeyError`` if there is none."""
        for item in self.items:
            if item[self.id_field] == item_id:
                return item
        raise KeyError(item_id)

    def is_reconstructed(self, item_id: str) -> bool:
        """Whether the project designed this item (the whole file, or this item, is marked)."""
        return self.reconstructed or item_id in self.reconstructed_items

    def plain(self) -> list[dict[str, Any]]:
        """The items as fresh, mutable JSON data (a copy: changing it changes nothing here)."""
        return thaw(self.items)

    @property
    def digest(self) -> str:
        """What the rules read from this version (the items, not the note or the marks)."""
        text = json.dumps(self.plain(), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        return hashlib.sha256(text.encode()).hexdigest()


def thaw(value: Any) -> Any:
    """Frozen content back to plain JSON data (new lists and dicts all the way down)."""
    if isinstance(value, Mapping):
        return {key: thaw(item) for key, item in value.items()}
    if isinstance(value, tuple | list):
        return [thaw(item) for item in value]
    return value


# --------------------------------------------------------------------------- checking


def check_content(
    data: object,
    file: str,
    schema: ContentSchema,
    *,
    version: int | None = None,
    error: type[ContentError] = ContentError,
) -> Content:
    """Check a parsed document against ``schema``; ``version`` is the one its file name says."""
    items_key = schema.items
    known = (*TOP_FIELDS, items_key)
    if not isinstance(data, dict):
        raise error(file, f"must be an object with the fields {', '.join(known)}")
    for key in data:
        if key not in known:
            raise error(file, f"{key!r} is not a field of a content file (known: {', '.join(known)})")
    for key in known:
        if key not in data:
            raise error(file, "is missing", field=key)
    top = Record({"version": Integer(1), "reconstructed": Boolean(), "note": Text()})
    try:
        head = top.check({key: data[key] for key in TOP_FIELDS}, ())
    except Problem as problem:
        raise error(file, problem.message, field=field_name(problem.path)) from None
    if version is not None and head["version"] != version:
        raise error(file, f"says version {head['version']} but its name says {version}", field="version")
    raw = data[items_key]
    low, high = schema.min_items, schema.max_items
    if not isinstance(raw, list) or len(raw) < low or (high is not None and len(raw) > high):
        wanted = f"{low} to {high}" if high is not None else f"at least {low}"
        raise error(file, f"must be a list of {wanted} {schema.label}s, not {shown(raw)}", field=items_key)
    items, marked = _check_items(raw, file, schema, error)
    return Content(
        name=items_key,
        version=head["version"],
        file=file,
        reconstructed=head["reconstructed"],
        note=head["note"],
        items=items,
        reconstructed_items=marked,
        id_field=schema.id_field,
    )


def _check_items(
    raw: list[Any], file: str, schema: ContentSchema, error: type[ContentError]
) -> tuple[tuple[Mapping[str, Any], ...], frozenset[str]]:
    item_schema = Record(
        {**schema.item.fields, ITEM_MARK: Boolean()},
        optional=schema.item.optional | {ITEM_MARK},
        min_fields=schema.item.min_fields,
        together=schema.item.together,
    )
    items: list[Mapping[str, Any]] = []
    marked: set[str] = set()
    seen: dict[str, dict[str, str]] = {name: {} for name in (schema.id_field, *schema.unique)}
    for index, entry in enumerate(raw):
        label = _label(schema, index, entry)
        try:
            checked = dict(item_schema.check(entry, ()))
        except Problem as problem:
            raise error(file, problem.message, item=label, field=field_name(problem.path) or None) from None
        item_id = checked[schema.id_field]
        if schema.id_format is not None and item_id != schema.id_format.format(index + 1):
            order = f"{schema.id_format.format(1)}, {schema.id_format.format(2)}, … in file order"
            expected = schema.id_format.format(index + 1)
            raise error(file, f"must be {expected} (ids run {order})", item=label, field=schema.id_field)
        if checked.pop(ITEM_MARK, False):
            marked.add(item_id)
        for rule in schema.rules:
            found = rule(checked)
            if found is not None:
                raise error(file, found[1], item=label, field=field_name(found[0]) or None)
        for name, values in seen.items():
            key = json.dumps(thaw(checked[name]), sort_keys=True)
            if key in values:
                raise error(file, f"is the same as in {schema.label} {values[key]}", item=label, field=name)
            values[key] = item_id
        items.append(MappingProxyType(checked))
    return tuple(items), frozenset(marked)


def _label(schema: ContentSchema, index: int, entry: object) -> str:
    """``card C07`` when the item has a readable id, else ``card #7`` (its place in the file)."""
    item_id = entry.get(schema.id_field) if isinstance(entry, dict) else None
    if isinstance(item_id, str) and re.fullmatch(r"[A-Za-z0-9_-]{1,20}", item_id):
        return f"{schema.label} {item_id}"
    return f"{schema.label} #{index + 1}"


def parse_text(text: str, file: str, error: type[ContentError] = ContentError) -> object:
    """A file's text as data: JSON, or TOML when the name ends in ``.toml``."""
    if file.endswith(".toml"):
        try:
            return tomllib.loads(text)
        except tomllib.TOMLDecodeError as problem:
            raise error(file, f"is not valid TOML: {problem}") from None
    try:
        return json.loads(text, parse_constant=_no_constant)
    except ValueError as problem:
        where = (
            f" at line {problem.lineno}, column {problem.colno}"
            if isinstance(problem, json.JSONDecodeError)
            else ""
        )
        message = problem.msg if isinstance(problem, json.JSONDecodeError) else str(problem)
        raise error(file, f"is not valid JSON{where}: {message}") from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


# --------------------------------------------------------------------------- versions


class ContentLibrary(Generic[T]):
    """Every version of one content file of one game, each checked once and built into the
    game's own objects (``build``) on first use, then kept; ``get(None)`` is the newest."""

    def __init__(
        self,
        package: str,
        name: str,
        schema: ContentSchema,
        build: Callable[[Content], T],
        error: type[ContentError] = ContentError,
    ) -> None:
        self.package, self.name, self.schema, self.build, self.error = package, name, schema, build, error
        self._folder: Traversable | None = None
        self._where = f"{package.replace('.', '/')}/{FOLDER}"
        self._built: dict[int, T] = {}
        self._files: dict[int, str] | None = None

    @property
    def folder(self) -> Traversable:
        return self._folder if self._folder is not None else resources.files(self.package).joinpath(FOLDER)

    def files(self) -> dict[int, str]:
        """Version -> file name, for every version shipped."""
        if self._files is None:
            found: dict[int, str] = {}
            for entry in self.folder.iterdir():
                match = FILE_NAME.fullmatch(entry.name)
                if match is None or match["name"] != self.name:
                    continue
                version = int(match["version"])
                if version in found:
                    raise self.error(
                        f"{self._where}/{entry.name}", f"version {version} is also in {found[version]}"
                    )
                found[version] = entry.name
            if not found:
                raise self.error(f"{self._where}/{self.name}.v1.json", "no version of this file is shipped")
            self._files = dict(sorted(found.items()))
        return self._files

    def versions(self) -> tuple[int, ...]:
        return tuple(self.files())

    @property
    def latest(self) -> int:
        return self.versions()[-1]

    def content(self, version: int | None = None) -> Content:
        """The checked file of ``version`` (the newest when ``None``)."""
        files = self.files()
        number = self.latest if version is None else version
        if number not in files:
            shipped = ", ".join(str(v) for v in files)
            raise self.error(f"{self._where}/{self.name}", f"has no version {number} (shipped: {shipped})")
        file = f"{self._where}/{files[number]}"
        text = self.folder.joinpath(files[number]).read_text(encoding="utf-8")
        return check_content(
            parse_text(text, file, self.error), file, self.schema, version=number, error=self.error
        )

    def get(self, version: int | None = None) -> T:
        """The game's object for ``version`` (the newest when ``None``), built once."""
        if version is not None:
            built = self._built.get(version)
            if built is not None:
                return built
        number = self.latest if version is None else version
        if number not in self._built:
            self._built[number] = self.build(self.content(number))
        return self._built[number]

    @contextmanager
    def reading(self, folder: Path | Traversable) -> Iterator[None]:
        """Read another folder for a while (a test's corrected version, a file being checked)."""
        saved = self._folder, self._where, self._built, self._files
        self._folder, self._where, self._built, self._files = folder, str(folder), {}, None
        try:
            yield
        finally:
            self._folder, self._where, self._built, self._files = saved
