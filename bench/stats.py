"""Timing summaries and the printed report, shared by every game's benchmark."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Summary:
    """Percentiles of a list of durations, in milliseconds."""

    n: int
    mean: float
    p50: float
    p99: float

    @classmethod
    def of(cls, seconds: Sequence[float]) -> Summary:
        if not seconds:
            raise ValueError("no samples")
        ms = sorted(s * 1000 for s in seconds)
        return cls(n=len(ms), mean=statistics.fmean(ms), p50=percentile(ms, 50), p99=percentile(ms, 99))


def percentile(sorted_values: Sequence[float], pct: float) -> float:
    """Nearest-rank percentile of already sorted values (p99 of 100 samples is the 99th)."""
    rank = max(1, -(-len(sorted_values) * pct // 100))
    return sorted_values[int(rank) - 1]


def sample(fn: Callable[[], object], repeats: int) -> list[float]:
    """Durations of ``repeats`` calls of ``fn`` (seconds)."""
    out = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        out.append(time.perf_counter() - start)
    return out


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def row(name: str, s: Summary, note: str = "") -> str:
    """One report line: name, n, p50, p99, mean, then a free note (baseline ratio, target)."""
    return f"{name:<34} n={s.n:<6} p50={s.p50:8.3f} ms  p99={s.p99:8.3f} ms  mean={s.mean:8.3f} ms  {note}"
