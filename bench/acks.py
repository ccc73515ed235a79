"""Private acknowledgements: what a tap that made a move left for its player alone.

Issue 34: no game answers a move with a private "you did X" message; the board post says what
happened and the private pictures show what is hidden. The taps benches and their tests count
them with ``private_left`` on SimCord's interaction results.
"""

from __future__ import annotations

from typing import Any


def private_left(result: Any) -> list[str]:
    """The texts of the private reply and follow-ups a SimCord interaction result still shows (a
    typed command's private deferral, deleted once the board is posted, shows nothing)."""
    shown = [result.response] if result.response is not None and result.ephemeral else []
    return [
        m.content or "(a picture)"
        for m in [*shown, *result.followups]
        if getattr(m, "flags", None) and m.flags.ephemeral and (m.content or getattr(m, "attachments", None))
    ]
