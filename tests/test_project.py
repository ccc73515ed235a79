"""Promises of the project itself: pure engine, a clean start-up without a token."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {"discord", "PIL", "aiosqlite", "asyncio", "bot", "db", "render", "cogs"}


def test_engine_imports_no_io_framework() -> None:
    offenders = []
    for path in (ROOT / "engine").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0] in FORBIDDEN]
    assert not offenders


def test_render_imports_only_engine_of_ours() -> None:
    offenders = []
    for path in (ROOT / "render").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                if node.module.split(".")[0] in {"bot", "db", "cogs", "discord", "aiosqlite"}:
                    offenders.append(f"{path.name}: {node.module}")
    assert not offenders


def test_start_without_token_exits_2_with_one_line(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert "DISCORD_TOKEN" in done.stderr
    assert "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_token_is_never_in_the_config_repr() -> None:
    from bot.config import Config

    assert "s3cret" not in repr(Config(token="s3cret"))


def test_no_privileged_intents() -> None:
    from bot import create_bot
    from bot.config import Config

    intents = create_bot(Config(token=None, database_path=":memory:")).intents
    assert not (intents.members or intents.presences or intents.message_content)


def test_readme_and_docs_link_only_to_files_in_the_repository() -> None:
    """Users have the repository, not the project's working folders: every relative link and
    path in the README and docs/ resolves to a file inside it."""
    root = Path(__file__).resolve().parent.parent
    pages = [root / "README.md", *sorted((root / "docs").rglob("*.md"))]
    assert len(pages) >= 6
    broken = []
    for page in pages:
        text = page.read_text(encoding="utf-8")
        if "../shared" in text:
            broken.append(f"{page.name}: ../shared")
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue
            resolved = (page.parent / target.split("#")[0]).resolve()
            if not resolved.is_relative_to(root) or not resolved.exists():
                broken.append(f"{page.name}: {target}")
    assert not broken


def test_readme_states_the_python_version_and_links_the_bot_setup_from_the_first_command() -> None:
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    top = readme.split("```")[0]
    assert "Python 3.11 or newer" in top and "docs/setup.md" in top
