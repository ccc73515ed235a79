"""``python -m bot`` when Discord refuses the slash commands (400 on the push): one line naming the
command, the option and the limit, and the "do not restart" status 2 (docs/deploy.md's unit).

The bot runs in a subprocess against a small local Discord (as in tests/test_startup.py) that logs
the bot in and checks the pushed commands as Discord does, answering an over-long description with
Discord's documented error body (code 50035 and an ``errors`` tree keyed by the path into the push).
The wrapper makes two texts one character too long: an English option description, and a Czech one.
"""

from __future__ import annotations

import http.server
import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bot.command_sync import describe, flatten

ROOT = Path(__file__).resolve().parent.parent
APP_ID = "1234567890123456789"
LONG_EN = "cmd.marsbot.new.prelude.description"
LONG_CS = "cmd.marsbot.new.venus.description"
WRAPPER = (
    "import sys, discord.http\n"
    "discord.http.Route.BASE = sys.argv[1]\n"
    "from bot import i18n\n"
    f"i18n.catalog('en')[{LONG_EN!r}] = 'e' * 101\n"
    f"i18n.catalog('cs')[{LONG_CS!r}] = 'č' * 101\n"
    "from bot.__main__ import main\n"
    "sys.exit(main())\n"
)
LIMIT = 100
TOO_LONG = {"code": "BASE_TYPE_MAX_LENGTH", "message": f"Must be {LIMIT} or fewer in length."}


def discord_errors(node: Any) -> dict[str, Any]:
    """Discord's error tree for the descriptions over the limit in ``node`` (a push or a part of it)."""
    errors: dict[str, Any] = {}
    if isinstance(node, list):
        for index, item in enumerate(node):
            if inner := discord_errors(item):
                errors[str(index)] = inner
        return errors
    if not isinstance(node, dict):
        return errors
    if len(node.get("description", "")) > LIMIT:
        errors["description"] = {"_errors": [TOO_LONG]}
    local = {
        lang: {"_errors": [TOO_LONG]}
        for lang, text in (node.get("description_localizations") or {}).items()
        if len(text) > LIMIT
    }
    if local:
        errors["description_localizations"] = local
    for key in ("options", "choices"):
        if inner := discord_errors(node.get(key, [])):
            errors[key] = inner
    return errors


@pytest.fixture
def strict_discord() -> Iterator[tuple[str, list[tuple[str, str]]]]:
    """A Discord that logs the bot in and refuses commands over its limits; the API base and the
    requests it saw (method, path)."""
    seen: list[tuple[str, str]] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def answer(self, status: int, body: Any) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:
            seen.append(("GET", self.path))
            user = {"id": APP_ID, "username": "bot", "discriminator": "0", "avatar": None, "bot": True}
            if self.path.endswith("/users/@me"):
                self.answer(200, user)
            elif self.path.endswith("/oauth2/applications/@me"):
                self.answer(200, {
                    "id": APP_ID, "name": "bot", "description": "", "icon": None, "bot_public": True,
                    "bot_require_code_grant": False, "owner": user, "verify_key": "0", "flags": 0,
                })  # fmt: skip
            else:
                self.answer(404, {"message": "Unknown", "code": 0})

        def do_PUT(self) -> None:
            seen.append(("PUT", self.path))
            push = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            errors = discord_errors(push)
            if errors:
                self.answer(400, {"code": 50035, "message": "Invalid Form Body", "errors": errors})
            else:
                self.answer(
                    200, [{**c, "id": str(1000 + i), "application_id": APP_ID} for i, c in enumerate(push)]
                )

        def log_message(self, format: str, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/api/v10", seen
    finally:
        server.shutdown()
        server.server_close()


def start(tmp_path: Path, base: str, **settings: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "DEV_GUILD_ID", "SHARD_COUNT"}}
    env.update(
        PYTHONPATH=str(ROOT), DISCORD_TOKEN="MTIz.fake.token", DATABASE_PATH=str(tmp_path / "bot.sqlite3"),
        **{"LOG_LEVEL": "WARNING", **settings},
    )  # fmt: skip
    return subprocess.run(
        [sys.executable, "-c", WRAPPER, base], cwd=tmp_path, env=env, capture_output=True, text=True,
        timeout=120, check=False,
    )  # fmt: skip


EN = "/marsbot new, option prelude, description (101 characters): Must be 100 or fewer in length"
CS = "/marsbot new, option venus, description (cs, 101 characters): Must be 100 or fewer in length"


def test_refused_commands_are_one_line_naming_command_option_and_limit_and_status_2(
    tmp_path: Path, strict_discord: tuple[str, list[tuple[str, str]]]
) -> None:
    base, seen = strict_discord
    done = start(tmp_path, base)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert lines[0].startswith("Discord refused the slash commands: "), lines[0]
    assert f"{EN}; {CS}. Fix these texts and start again." in lines[0], lines[0]
    assert lines[0].endswith("Fix these texts and start again."), lines[0]
    assert ("PUT", f"/api/v10/applications/{APP_ID}/commands") in seen


def test_refused_commands_of_the_development_server_name_it(
    tmp_path: Path, strict_discord: tuple[str, list[tuple[str, str]]]
) -> None:
    base, seen = strict_discord
    done = start(tmp_path, base, DEV_GUILD_ID="987654321098765432")
    assert done.returncode == 2, done.stderr
    (line,) = done.stderr.splitlines()
    assert line.startswith("Discord refused the slash commands of server 987654321098765432 (DEV_GUILD_ID): ")
    assert EN in line and CS in line, line
    assert ("PUT", f"/api/v10/applications/{APP_ID}/guilds/987654321098765432/commands") in seen


PUSH = [
    {"name": "help", "description": "Help."},
    {
        "name": "table",
        "description": "Tables.",
        "options": [
            {"type": 1, "name": "leave", "description": "Leave."},
            {
                "type": 2,
                "name": "clock",
                "description": "Clocks.",
                "options": [
                    {
                        "type": 1,
                        "name": "set",
                        "description": "Set.",
                        "options": [
                            {
                                "type": 3,
                                "name": "limit",
                                "description": "The limit.",
                                "choices": [
                                    {"name": "a day", "value": "1d"},
                                    {"name": "x" * 101, "value": "2d"},
                                ],
                            }
                        ],
                    }
                ],
            },
        ],
    },
]


def test_the_error_paths_map_to_subcommand_groups_choices_and_whole_commands() -> None:
    errors = {
        "1": {
            "options": {
                "1": {
                    "options": {
                        "0": {"options": {"0": {"choices": {"1": {"name": {"_errors": [TOO_LONG]}}}}}}
                    }
                }
            },
        },
        "0": {
            "_errors": [
                {"code": "APPLICATION_COMMAND_TOO_LARGE", "message": "Command exceeds maximum size (8000)"}
            ]
        },
    }
    found = [describe(path, messages, PUSH) for path, messages in flatten(errors)]
    assert found == [
        "/table clock set, option limit, choice "
        + "x" * 101
        + ", name (101 characters): Must be 100 or fewer in length",
        "/help: Command exceeds maximum size (8000)",
    ]
