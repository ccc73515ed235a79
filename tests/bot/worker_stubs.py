"""Renderers for the picture-pool tests: top-level, so a worker process can unpickle them."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Mapping, Sequence
from typing import Any

from bot.i18n import Tr
from render.inputs import drawn_from
from render.runarch.pictures import render_board


def dies_in_a_worker(view: Mapping[str, Any], names: Sequence[str], tr: Tr) -> bytes:
    """The RunArch board, except that a worker process drawing it dies (killed, out of memory)."""
    if multiprocessing.parent_process() is not None:
        os._exit(3)
    return render_board(view, names, tr)


def where_drawn(_: object = None) -> int:
    """The id of the process that runs it."""
    return os.getpid()


DRAWN: list[int] = []
"""Pictures ``counted`` drew in this process (a worker keeps its own count)."""


def counted(label: str) -> bytes:
    """A 'picture' that differs each time it is really drawn: which process drew it, and how many
    it had drawn before."""
    DRAWN.append(1)
    return f"{label} {os.getpid()} {len(DRAWN)}".encode()


def _label_only(label: str, noise: object) -> str:
    return label


@drawn_from(_label_only)
def counted_label(label: str, noise: object) -> bytes:
    """``counted``, declaring that its picture shows ``label`` alone (``render.inputs``)."""
    return counted(label)


def niceness(_: object = None) -> int:
    """The CPU niceness of the process that runs it."""
    return os.nice(0)
