"""A PostgreSQL URL's password kept out of every line the bot or its tools print."""

from __future__ import annotations

import urllib.parse


def without_password(text: str, url: str | None) -> str:
    """``text`` with ``url``'s password (as written, and decoded) blotted out wherever it appears: a
    server's or a driver's message may quote what it was given. The URL itself is shown with
    :func:`db.pg_backend.redacted`."""
    if not url:
        return text
    try:
        password = urllib.parse.urlsplit(url).password
    except ValueError:
        return text
    for secret in sorted(
        {password or "", urllib.parse.unquote(password or "")} - {""}, key=len, reverse=True
    ):
        text = text.replace(secret, "***")
    return text
