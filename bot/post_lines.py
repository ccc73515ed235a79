"""What a turn's post says happened, kept short enough to read on a phone.

A turn's steps each add a line to its post. Many steps repeat (four trades of the same kind, a
draft going round the table), and a long turn of a 4-player game reached 29 lines, so the
post folds identical consecutive lines into one with a count ("trades 4 green → 1 VP ×3")
and keeps only the newest lines; the older ones give way to one line that says how many were
left out and where the whole game is (``/record``). The post keeps the full list in memory
(``bot.turn_posts``), so folding and trimming happen each time the post is drawn.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby

from bot.i18n import Tr

MAX_LINES = 12
"""At most this many lines of what happened (the ellipsis line included) in one post."""


def folded(lines: Sequence[str]) -> list[tuple[str, int]]:
    """Identical consecutive lines as one, with how many times it came."""
    return [(line, len(list(group))) for line, group in groupby(lines)]


def shortened(
    tr: Tr, earlier: Sequence[str], new: Sequence[str] = (), limit: int | None = MAX_LINES
) -> list[str]:
    """The lines of a post: ``earlier`` steps' and the ``new`` step's, folded (``×N``); beyond
    ``limit`` (``None``: no limit) the oldest give way to a line pointing at ``/record``. The
    newest step always shows whole: it is what the reader came for."""
    runs = folded([*earlier, *new])
    shown = [line if count == 1 else tr("posts.repeated", line=line, count=count) for line, count in runs]
    newest = 0  # the runs that hold a line of the newest step
    covered = 0
    while covered < len(new) and newest < len(runs):
        newest += 1
        covered += runs[-newest][1]
    if limit is None or len(shown) <= limit:
        return shown
    keep = max(limit - 1, newest)
    if keep >= len(shown):
        return shown
    left_out = sum(count for _, count in runs[: len(runs) - keep])
    return [tr("posts.earlier", count=left_out), *shown[len(shown) - keep :]]
