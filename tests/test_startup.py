"""``python -m bot`` at start: every storage or network fault is one line and an exit status.

Each start runs in a subprocess through a wrapper that points discord.py's API at a local
address (a closed port or a tiny HTTP server), so no test needs a network or reaches Discord.

Read-only files and folders: root ignores permission bits (CAP_DAC_OVERRIDE), and tests run
as root here and in CI. So when the tests are root, the bot's process drops
CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH and CAP_FOWNER from its capability bounding set before
it starts (``prctl(PR_CAPBSET_DROP)``): it is still root and owns the files, but the kernel
now applies their permission bits to it, as it does to any user. As another user, ``chmod``
alone does it. The store's write probe, which catches what ``os.access`` cannot see, is
tested in tests/db/test_db_preflight.py with SQLite's own read-only mode.
"""

from __future__ import annotations

import asyncio
import ctypes
import hashlib
import http.server
import json
import logging
import os
import random
import socket
import sqlite3
import stat
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import discord
import pytest
from discord.voice_client import VoiceClient

from bot.__main__ import quiet_voice_warnings
from db import Store

ROOT = Path(__file__).resolve().parent.parent
WRAPPER = (
    "import sys, discord.http\n"
    "discord.http.Route.BASE = sys.argv[1]\n"
    "from bot.__main__ import main\n"
    "sys.exit(main())\n"
)
PR_CAPBSET_DROP = 24
CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER = 1, 2, 3


def _without_root_file_rights() -> None:
    """In the child before exec: root's exemption from permission bits ends here."""
    libc = ctypes.CDLL(None, use_errno=True)
    for cap in (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER):
        if libc.prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP)")


@pytest.fixture
def closed_port() -> str:
    """An API base on 127.0.0.1 where nothing listens: "no network" without DNS."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    return f"http://127.0.0.1:{port}/api/v10"


def start(
    database: str | Path,
    cwd: Path,
    base: str,
    *,
    bound_by_permissions: bool = False,
    log_level: str = "WARNING",
    database_url: str | None = None,
) -> subprocess.CompletedProcess[str]:
    settings = {"DISCORD_TOKEN", "DATABASE_PATH", "DATABASE_URL", "LOG_LEVEL"}
    env = {k: v for k, v in os.environ.items() if k not in settings}
    env.update(
        PYTHONPATH=str(ROOT),
        DISCORD_TOKEN="MTIz.fake.token",
        DATABASE_PATH=str(database),
        LOG_LEVEL=log_level,
    )
    if database_url is not None:
        env["DATABASE_URL"] = database_url
    drop = bound_by_permissions and os.geteuid() == 0
    return subprocess.run(
        [sys.executable, "-c", WRAPPER, base],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        preexec_fn=_without_root_file_rights if drop else None,
    )


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "not a file"


def listing(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` with its hash: a probe must add, change or remove nothing."""
    return {str(p.relative_to(folder)): digest(p) for p in sorted(folder.rglob("*"))}


def good_database(path: Path) -> Path:
    async def make() -> None:
        async with Store(str(path)) as store:
            await store.create_table(
                game="runarch", guild_id=1, channel_id=2, parent_id=None, host_id=3, host_name="H",
                options={}, locale="en", seed=4, max_seats=2,
            )  # fmt: skip

    asyncio.run(make())
    return path


# -- storage faults ------------------------------------------------------------------------


@dataclass(frozen=True)
class Fault:
    """A broken DATABASE_PATH: how to make it under a folder, and what the line must say."""

    name: str
    make: Callable[[Path], Path]
    says: str
    bound_by_permissions: bool = False


def _directory(tmp: Path) -> Path:
    (tmp / "db.sqlite3").mkdir()
    return tmp / "db.sqlite3"


def _under_a_file(tmp: Path) -> Path:
    (tmp / "notes.txt").write_text("not a folder\n")
    return tmp / "notes.txt" / "db.sqlite3"


def _random_bytes(tmp: Path) -> Path:
    path = tmp / "db.sqlite3"
    path.write_bytes(random.Random(7).randbytes(8192))
    return path


def _truncated(tmp: Path) -> Path:
    path = good_database(tmp / "db.sqlite3")
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])
    return path


def _truncated_header(tmp: Path) -> Path:
    path = good_database(tmp / "db.sqlite3")
    path.write_bytes(path.read_bytes()[:60])
    return path


def _newer_schema(tmp: Path) -> Path:
    path = good_database(tmp / "db.sqlite3")
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA user_version = 99")
    conn.close()
    return path


def _another_program(tmp: Path) -> Path:
    path = tmp / "db.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE contacts (name TEXT)")
    conn.close()
    return path


def _read_only_file(tmp: Path) -> Path:
    path = good_database(tmp / "db.sqlite3")
    path.chmod(0o444)
    return path


def _read_only_folder_new(tmp: Path) -> Path:
    folder = tmp / "data"
    folder.mkdir()
    folder.chmod(0o555)
    return folder / "db.sqlite3"


def _read_only_folder_journal(tmp: Path) -> Path:
    folder = tmp / "data"
    folder.mkdir()
    path = good_database(folder / "db.sqlite3")
    folder.chmod(0o555)  # the file may be written, but the -wal and -shm files not created
    return path


READ_ONLY = {"bound_by_permissions": True}
FAULTS = [
    Fault("directory", _directory, "is a directory"),
    Fault("under a file", _under_a_file, "notes.txt is a file, not a folder"),
    Fault("random bytes", _random_bytes, "is not an SQLite database"),
    Fault("truncated", _truncated, "is truncated"),
    Fault("truncated header", _truncated_header, "is truncated: 60 bytes"),
    Fault("newer schema", _newer_schema, "newer version of the bot (schema 99"),
    Fault("another program", _another_program, "database of another program"),
    Fault("read-only file", _read_only_file, "is read-only", **READ_ONLY),
    Fault("read-only folder, new file", _read_only_folder_new, "cannot be created: the folder", **READ_ONLY),
    Fault("read-only folder, journal", _read_only_folder_journal, "is in a read-only folder", **READ_ONLY),
]


@pytest.fixture
def workdir(tmp_path: Path) -> Iterator[Path]:
    """A folder for the faulty files; its permissions are restored so pytest can clean it."""
    folder = tmp_path / "work"
    folder.mkdir()
    yield folder
    for p in [folder, *folder.rglob("*")]:
        if p.is_dir() and not p.is_symlink():
            p.chmod(p.stat().st_mode | stat.S_IWUSR | stat.S_IXUSR)


@pytest.mark.parametrize("fault", FAULTS, ids=[f.name for f in FAULTS])
def test_a_bad_database_path_is_one_line_and_status_2_and_nothing_changes(
    fault: Fault, workdir: Path, tmp_path: Path, closed_port: str
) -> None:
    path = fault.make(workdir)
    before = listing(workdir)
    done = start(path, tmp_path, closed_port, bound_by_permissions=fault.bound_by_permissions)
    lines = done.stderr.splitlines()
    assert done.returncode == 2, done.stderr
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith(f"DATABASE_PATH={path}: ") and fault.says in lines[0], lines[0]
    assert "Traceback" not in done.stderr and "Could not reach Discord" not in done.stderr
    assert listing(workdir) == before  # the file byte for byte, and no journal next to it


def test_a_database_locked_by_another_process_is_one_line_and_status_2(
    workdir: Path, tmp_path: Path, closed_port: str
) -> None:
    """Another process (a second copy of the bot, a tool) holds the write lock for the whole
    start: the bot waits its busy timeout, then stops with one line instead of a traceback."""
    path = good_database(workdir / "db.sqlite3")
    other = sqlite3.connect(path, isolation_level=None)
    try:
        other.execute("BEGIN EXCLUSIVE")
        done = start(path, tmp_path, closed_port)
    finally:
        other.rollback()
        other.close()
    lines = done.stderr.splitlines()
    assert done.returncode == 2, done.stderr
    says = "is locked by another process (another copy of the bot, or a tool writing to it)"
    assert lines == [f"DATABASE_PATH={path}: {says}"], done.stderr
    assert "Traceback" not in done.stderr


def test_a_read_only_file_starts_when_writable(workdir: Path, tmp_path: Path, closed_port: str) -> None:
    """The control for the read-only cases: the same process rights, a writable file, no refusal."""
    path = good_database(workdir / "db.sqlite3")
    done = start(path, tmp_path, closed_port, bound_by_permissions=True)
    assert done.returncode == 1 and done.stderr.startswith("Could not reach Discord:"), done.stderr


def test_a_good_database_is_left_byte_identical(workdir: Path, tmp_path: Path, closed_port: str) -> None:
    path = good_database(workdir / "db.sqlite3")
    before = listing(workdir)
    done = start(path, tmp_path, closed_port)
    assert done.returncode == 1, done.stderr  # checked, opened, then no Discord
    assert listing(workdir) == before


def test_missing_folders_are_created(tmp_path: Path, closed_port: str) -> None:
    path = tmp_path / "new" / "data" / "bot.sqlite3"
    done = start(path.relative_to(tmp_path), tmp_path, closed_port)
    assert done.returncode == 1, done.stderr
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] >= 3
    conn.close()


# -- Discord unreachable or refusing -------------------------------------------------------


@pytest.fixture
def fake_discord() -> Iterator[Callable[[int, str], str]]:
    """A local HTTP server answering every request with one status; returns its API base."""
    servers: list[http.server.ThreadingHTTPServer] = []

    def serve(status: int, message: str) -> str:
        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                body = json.dumps({"message": message, "code": 0}).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, format: str, *args: object) -> None:
                pass

        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}/api/v10"

    yield serve
    for server in servers:
        server.shutdown()
        server.server_close()


def test_no_network_is_one_line_and_status_1(tmp_path: Path, closed_port: str) -> None:
    done = start(tmp_path / "bot.sqlite3", tmp_path, closed_port)
    assert done.returncode == 1
    assert done.stderr.splitlines() == [done.stderr.strip()]  # one line: no voice warning either
    assert done.stderr.startswith("Could not reach Discord: Cannot connect to host 127.0.0.1")


def test_no_network_at_info_level_has_no_traceback_and_no_voice_warning(
    tmp_path: Path, closed_port: str
) -> None:
    done = start(tmp_path / "bot.sqlite3", tmp_path, closed_port, log_level="INFO")
    assert done.returncode == 1
    assert "Traceback" not in done.stderr and "voice" not in done.stderr
    assert done.stderr.splitlines()[-1].startswith("Could not reach Discord:")


def test_discord_down_is_one_line_and_status_1(
    tmp_path: Path, fake_discord: Callable[[int, str], str]
) -> None:
    done = start(tmp_path / "bot.sqlite3", tmp_path, fake_discord(503, "upstream connect error"))
    assert done.returncode == 1
    assert done.stderr.splitlines() == ["Could not reach Discord: it answered 503 Service Unavailable"]


def test_a_refused_token_is_one_line_and_status_2(
    tmp_path: Path, fake_discord: Callable[[int, str], str]
) -> None:
    done = start(tmp_path / "bot.sqlite3", tmp_path, fake_discord(401, "401: Unauthorized"))
    assert done.returncode == 2
    assert done.stderr.splitlines() == ["Discord refused DISCORD_TOKEN: check the token in .env."]


# -- voice warnings ------------------------------------------------------------------------


def test_voice_warnings_are_silenced_and_other_warnings_are_not(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    logger = logging.getLogger("discord.client")
    monkeypatch.setattr(logger, "filters", [])  # restored after the test

    def warnings_of_a_new_client() -> list[str]:
        monkeypatch.setattr(VoiceClient, "warn_nacl", True)  # as without PyNaCl and davey
        monkeypatch.setattr(VoiceClient, "warn_dave", True)
        caplog.clear()
        with caplog.at_level(logging.WARNING):
            discord.Client(intents=discord.Intents.default())
            logger.warning("an unrelated warning")
        return [r.getMessage() for r in caplog.records]

    assert any("voice will NOT be supported" in m for m in warnings_of_a_new_client())  # the control
    quiet_voice_warnings()
    assert warnings_of_a_new_client() == ["an unrelated warning"]


# -- .env ----------------------------------------------------------------------------------

SETTINGS = ("DISCORD_TOKEN", "DATABASE_PATH", "DATABASE_URL", "DEV_GUILD_ID", "LOG_LEVEL", "MEMBERS_INTENT")


@pytest.fixture
def clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """No setting in the environment; whatever a test's .env adds is removed afterwards."""
    for name in SETTINGS:
        monkeypatch.setenv(name, "")  # records the original value (or its absence) for the undo
        monkeypatch.delenv(name)


@pytest.mark.usefixtures("clean_environment")
def test_env_file_in_the_working_directory_is_read_with_dotenv_syntax(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / ".env").write_text(
        "# settings\n"
        "export DISCORD_TOKEN='abc.def'\n"
        "DEV_GUILD_ID=123  # the test server\n"
        'LOG_LEVEL="debug" # quoted, then a comment\n'
        "DATABASE_PATH=${HOME_DB}/bot.sqlite3\n"
    )
    monkeypatch.setenv("HOME_DB", "/srv/bot")
    monkeypatch.setenv("MEMBERS_INTENT", "true")  # the environment wins over the file
    (tmp_path / ".env").write_text((tmp_path / ".env").read_text() + "MEMBERS_INTENT=false\n")
    monkeypatch.chdir(tmp_path)
    from bot.config import Config

    config = Config.from_env()
    assert (config.token, config.dev_guild_id, config.log_level) == ("abc.def", 123, "DEBUG")
    assert config.database_path == "/srv/bot/bot.sqlite3"
    assert config.members_intent is True


@pytest.mark.usefixtures("clean_environment")
def test_env_file_of_a_parent_folder_is_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=from-the-parent\n")
    (tmp_path / "run").mkdir()
    monkeypatch.chdir(tmp_path / "run")
    from bot.config import Config

    assert Config.from_env().token is None


def test_local_env_files_are_ignored_by_git_and_the_example_is_not() -> None:
    names = [".env", ".env.local", ".env.production", ".env.example"]
    done = subprocess.run(
        ["git", "check-ignore", "--no-index", *names], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.stdout.split() == names[:3]
