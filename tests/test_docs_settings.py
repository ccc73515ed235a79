"""What an admin copies from the docs works: every setting of ``.env.example`` is in the settings
table of ``docs/setup.md``, and the backup check of ``docs/deploy.md`` checks the file the backup
commands beside it write."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_setting_of_the_example_is_in_the_setup_table() -> None:
    example = (ROOT / ".env.example").read_text(encoding="utf-8")
    settings = re.findall(r"^([A-Z][A-Z0-9_]+)=", example, re.MULTILINE)
    assert {"SHARD_COUNT", "SHARD_IDS", "DATABASE_POOL_SIZE", "DATABASE_URL"} <= set(settings)
    setup = (ROOT / "docs" / "setup.md").read_text(encoding="utf-8")
    table = re.findall(r"^\| `([A-Z][A-Z0-9_]+)` \|", setup, re.MULTILINE)
    assert [name for name in settings if name not in table] == []


def test_the_backup_check_names_the_file_the_backups_write() -> None:
    deploy = (ROOT / "docs" / "deploy.md").read_text(encoding="utf-8")
    written = re.findall(r"(?:VACUUM INTO '|\.backup\(sqlite3\.connect\(')([^']+)'", deploy)
    checked = re.findall(r"-m db\.check (?:\"([^\"]+)\"|(\S+))", deploy)
    checked = [quoted or bare for quoted, bare in checked]
    checked = [c for c in checked if "DATABASE_URL" not in c]  # PostgreSQL: a server, not a file
    assert len(written) == 2 and checked, (written, checked)
    assert set(written) == set(checked), (written, checked)
