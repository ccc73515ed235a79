"""The one exception a game raises for a refused move."""

from __future__ import annotations

from typing import Any


class IllegalMove(Exception):
    """A move the rules refuse.

    ``code`` is stable (tests and translations key on it, e.g. ``"runarch.not_adjacent"``);
    ``params`` fill the placeholders of the translated sentence. The state passed to
    ``apply`` is never modified when this is raised.
    """

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code, params)
        self.code = code
        self.params = params

    def __str__(self) -> str:
        if not self.params:
            return self.code
        inner = ", ".join(f"{k}={v!r}" for k, v in sorted(self.params.items()))
        return f"{self.code}({inner})"
