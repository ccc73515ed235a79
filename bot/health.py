"""The figures of one health window, and the one log line that reports them.

An operator watches a running bot by a line logged every ``HEALTH_SECONDS`` (``bot.monitor``):
how many moves it answered and how fast, how late the event loop ran, how many tables it serves,
its memory, its picture workers, the errors logged, its shards. This module only collects and
formats (no clocks, no tasks, no I/O), so its arithmetic is tested with known numbers. The
figures are those of ``python -m bench.concurrent`` and the README's Throughput table, so a
line compares directly with them (docs/deploy.md, "What to monitor").
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

SAMPLES = 50_000
"""Latencies kept exactly per window (at the benchmark's 126 moves/s, 6.6 minutes of them); beyond
that a uniform sample of this size stands for them (reservoir sampling), so memory stays bounded
however long the window."""


def percentile(sorted_values: Sequence[float], pct: float) -> float:
    """Nearest-rank percentile of already sorted values (p99 of 100 samples is the 99th), as
    ``bench.stats.percentile`` computes it, so the line and the benchmark agree."""
    if not sorted_values:
        raise ValueError("no values")
    rank = max(1, math.ceil(len(sorted_values) * pct / 100))
    return sorted_values[min(rank, len(sorted_values)) - 1]


@dataclass
class Reservoir:
    """Up to ``size`` values: all of them while they fit, then a uniform sample (algorithm R)."""

    size: int = SAMPLES
    values: list[float] = field(default_factory=list)
    seen: int = 0
    rng: random.Random = field(default_factory=lambda: random.Random(0))

    def add(self, value: float) -> None:
        self.seen += 1
        if len(self.values) < self.size:
            self.values.append(value)
            return
        slot = self.rng.randrange(self.seen)
        if slot < self.size:
            self.values[slot] = value


@dataclass(frozen=True)
class Snapshot:
    """The process as the monitor finds it at a window's end."""

    tables: int | None
    """Running tables of this process's shards (``None``: the store could not say)."""
    rss_mb: float | None
    render_workers: int
    """Picture worker processes alive (0 when pictures are drawn in the bot's own process)."""
    render_pending: int
    """Pictures asked for and not yet drawn."""
    errors: int
    """Log records at ERROR or above during the window (any logger of the process)."""
    warnings: int
    """Log records at WARNING during the window."""
    gateway_ms: float | None
    """Discord's heartbeat round trip (``None`` before the first one)."""
    shards: str
    """This process's shard ids (``all``: it runs the whole bot)."""


@dataclass(frozen=True)
class Figures:
    """What one window measured, and the process at its end."""

    seconds: float
    moves: int
    reply_ms: tuple[float, ...]
    """Sorted reply times of the window's moves (or a uniform sample of them)."""
    reply_max_ms: float
    lag_ms: tuple[float, ...]
    """Sorted oversleeps of the event-loop sampler."""
    lag_max_ms: float
    process: Snapshot

    @property
    def moves_per_s(self) -> float:
        return self.moves / self.seconds if self.seconds > 0 else 0.0


def _ms(value: float | None) -> str:
    return "-" if value is None or not math.isfinite(value) else f"{value:.0f}"


def _pct(values: Sequence[float], pct: float) -> str:
    return _ms(percentile(values, pct)) if values else "-"


def line(f: Figures) -> str:
    """The health line: ``key=value`` pairs after the word ``health``, ``-`` for a figure the
    window has none of (no move, no sample). Never a name, a message or a setting's value."""
    p = f.process
    pairs = {
        "window_s": f"{f.seconds:.0f}",
        "moves": str(f.moves),
        "moves_per_s": f"{f.moves_per_s:.2f}",
        "reply_p50_ms": _pct(f.reply_ms, 50),
        "reply_p99_ms": _pct(f.reply_ms, 99),
        "reply_max_ms": _ms(f.reply_max_ms) if f.reply_ms else "-",
        "lag_p99_ms": _pct(f.lag_ms, 99),
        "lag_max_ms": _ms(f.lag_max_ms) if f.lag_ms else "-",
        "tables": "-" if p.tables is None else str(p.tables),
        "rss_mb": _ms(p.rss_mb),
        "render_workers": str(p.render_workers),
        "render_pending": str(p.render_pending),
        "errors": str(p.errors),
        "warnings": str(p.warnings),
        "gateway_ms": _ms(p.gateway_ms),
        "shards": p.shards,
    }
    return "health " + " ".join(f"{key}={value}" for key, value in pairs.items())


def parse(text: str) -> dict[str, str]:
    """A health line's pairs by key (for tools and tests reading the log)."""
    words = text.split()
    if not words or words[0] != "health":
        raise ValueError("not a health line")
    return dict(word.split("=", 1) for word in words[1:])


class Window:
    """What happens between two health lines: moves and their reply times, the loop's lag."""

    def __init__(self, started: float) -> None:
        self.started = started
        self.moves = 0
        self.replies = Reservoir()
        self.reply_max = 0.0
        self.lags = Reservoir()
        self.lag_max = 0.0

    def moved(self, seconds: float) -> None:
        """A move was answered ``seconds`` after its interaction arrived."""
        ms = max(0.0, seconds * 1000)
        self.moves += 1
        self.replies.add(ms)
        self.reply_max = max(self.reply_max, ms)

    def lagged(self, seconds: float) -> None:
        """The loop sampler woke ``seconds`` later than it asked to (never below 0)."""
        ms = max(0.0, seconds * 1000)
        self.lags.add(ms)
        self.lag_max = max(self.lag_max, ms)

    def figures(self, now: float, process: Snapshot) -> Figures:
        """This window's figures at ``now``, with the process as found then."""
        return Figures(
            seconds=max(0.0, now - self.started),
            moves=self.moves,
            reply_ms=tuple(sorted(self.replies.values)),
            reply_max_ms=self.reply_max,
            lag_ms=tuple(sorted(self.lags.values)),
            lag_max_ms=self.lag_max,
            process=process,
        )
