"""Imports point one way, inside every package the project ships (``engine``, ``render``, ``db``,
``bot``, ``cogs``) and across them: no module reaches itself through its imports. Inside ``bot/``
the table service sits above the pieces it drives (board posts, undo, pickers, previews), which
reach it through ``bot.service``'s protocol, never by importing ``bot.tables``. Every import
counts: at the top, inside a function, under ``TYPE_CHECKING``; a circle hidden in any of them is
one a newcomer has to untangle."""

from __future__ import annotations

import ast
import inspect
import itertools
import tomllib
from collections.abc import Sequence
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "render", "db", "bot", "cogs")
"""The packages the project ships, lowest first (``pyproject.toml``'s ``packages.find``)."""


def module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(node: ast.Import | ast.ImportFrom, here: str, is_package: bool, modules: set[str]) -> set[str]:
    """The modules an import statement loads from ``modules``: ``from bot import undo`` loads
    ``bot.undo``; ``from bot.i18n import Tr`` loads ``bot.i18n``."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names} & modules
    base = node.module or ""
    if node.level:  # relative: resolved against this module's package
        package = here.split(".") if is_package else here.split(".")[:-1]
        package = package[: len(package) - (node.level - 1)]
        base = ".".join([*package, base] if base else package)
    found = {f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names}
    return found & modules


def import_graph(package: str | Sequence[str], root: Path = ROOT) -> dict[str, set[str]]:
    """Module -> the modules of ``package`` (a folder of ``root``, or several of them together) it
    imports anywhere in its source."""
    packages = [package] if isinstance(package, str) else list(package)
    paths = sorted(path for name in packages for path in (root / name).rglob("*.py"))
    modules = {module_name(p, root): p for p in paths}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import | ast.ImportFrom):
                targets |= imported(node, name, path.name == "__init__.py", set(modules))
        graph[name] = targets - {name}
    return graph


def cycle_in(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle of ``graph``, each module importing the next (the first repeated at the end)."""
    try:
        tuple(TopologicalSorter(graph).static_order())
    except CycleError as error:  # each module of its list is imported by the next one
        return list(reversed(error.args[1]))
    return None


def test_every_shipped_package_is_checked() -> None:
    """A package added to the project is added here too, or its circles would go unseen."""
    with (ROOT / "pyproject.toml").open("rb") as fh:
        shipped = tomllib.load(fh)["tool"]["setuptools"]["packages"]["find"]["include"]
    assert sorted(pattern.rstrip("*") for pattern in shipped) == sorted(PACKAGES)


def test_bot_modules_import_one_way() -> None:
    graph = import_graph("bot")
    assert {"bot.tables", "bot.undo", "bot.picker", "bot.confirm", "bot.board_post"} <= set(graph)
    cycle = cycle_in(graph)
    assert cycle is None, "import circle in bot/: " + " -> ".join(cycle or [])


@pytest.mark.parametrize("package", PACKAGES)
def test_each_package_imports_one_way(package: str) -> None:
    graph = import_graph(package)
    assert len(graph) > 3, f"{package}/ has no modules: is the path right?"
    cycle = cycle_in(graph)
    assert cycle is None, f"import circle in {package}/: " + " -> ".join(cycle or [])


def test_the_whole_project_imports_one_way() -> None:
    """Across packages too: ``engine.marsbot.steps`` registering handlers whose modules import
    the loop, or a picture module importing the one that calls it, are circles as well."""
    graph = import_graph(PACKAGES)
    assert {"engine.manhattan.game", "render.runarch.board", "db.store", "bot.tables"} <= set(graph)
    cycle = cycle_in(graph)
    assert cycle is None, "import circle: " + " -> ".join(cycle or [])


def test_the_whole_project_check_sees_circles_across_packages(tmp_path: Path) -> None:
    """Two packages each free of circles can still make one together."""
    for package, other in (("low", "high"), ("high", "low")):
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text("")
        (tmp_path / package / "mod.py").write_text(f"def late() -> None:\n    from {other}.mod import x\n")
    assert cycle_in(import_graph("low", tmp_path)) is None
    assert set(cycle_in(import_graph(("low", "high"), tmp_path)) or ()) == {"low.mod", "high.mod"}


def test_the_pieces_reach_the_service_through_its_protocol() -> None:
    """Undo, the Undo button, pickers and previews name ``bot.service``, not ``bot.tables``."""
    graph = import_graph("bot")
    for piece in ("bot.undo", "bot.undo_button", "bot.picker", "bot.confirm"):
        assert "bot.tables" not in graph[piece], piece
        assert "bot.service" in graph[piece], piece
    assert "bot.tables" not in graph["bot.service"]


def test_the_check_sees_imports_in_functions_and_under_type_checking(tmp_path: Path) -> None:
    """The checker itself: a circle closed by an import inside a function or under
    ``TYPE_CHECKING`` is found and named module by module; relative imports count too."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from pkg import b\n")
    (package / "b.py").write_text("def late() -> None:\n    from .c import thing\n")
    guarded = "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.a import x\n"
    (package / "c.py").write_text(guarded)
    graph = import_graph("pkg", tmp_path)
    assert graph == {"pkg": set(), "pkg.a": {"pkg.b"}, "pkg.b": {"pkg.c"}, "pkg.c": {"pkg.a"}}
    cycle = cycle_in(graph)
    assert cycle is not None and cycle[0] == cycle[-1] and set(cycle) == {"pkg.a", "pkg.b", "pkg.c"}
    assert all(imports in graph[module] for module, imports in itertools.pairwise(cycle))
    (package / "c.py").write_text("import pkg.b\n")
    assert set(cycle_in(import_graph("pkg", tmp_path)) or ()) == {"pkg.b", "pkg.c"}
    (package / "c.py").write_text("import os\n")
    assert cycle_in(import_graph("pkg", tmp_path)) is None


def test_the_table_service_provides_its_protocol() -> None:
    """Every member the pieces may ask of ``TableServiceLike`` exists on the real service, each
    method taking the same parameters, so a renamed or reshaped method fails here, not in a click."""
    from bot.service import TableServiceLike
    from bot.tables import TableService

    service = TableService(None, None)  # type: ignore[arg-type]
    members = {n for n in vars(TableServiceLike) if not n.startswith("_")}
    members |= set(TableServiceLike.__annotations__)
    assert {"store", "adapters", "undo_offers", "play", "post_board", "running_table_here"} <= members
    for name in sorted(members):
        assert hasattr(service, name), name
        wanted = getattr(TableServiceLike, name, None)
        if callable(wanted):
            got = inspect.signature(getattr(service, name)).parameters
            expected = list(inspect.signature(wanted).parameters.values())[1:]  # without self
            assert [(p.name, p.kind) for p in got.values()] == [(p.name, p.kind) for p in expected], name
            assert inspect.iscoroutinefunction(getattr(service, name)) == inspect.iscoroutinefunction(wanted)
