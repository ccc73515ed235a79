"""The health line's arithmetic (``bot.health``): percentiles, windows, the line's pairs."""

from __future__ import annotations

import pytest

from bot.health import Reservoir, Snapshot, Window, line, parse, percentile

CALM = Snapshot(
    tables=57,
    rss_mb=188.4,
    render_workers=2,
    render_pending=0,
    errors=0,
    warnings=1,
    gateway_ms=45.2,
    shards="0,1",
)


def test_percentiles_are_nearest_rank_as_the_benchmark_computes_them() -> None:
    values = [float(v) for v in range(1, 101)]  # 1 .. 100
    assert percentile(values, 50) == 50
    assert percentile(values, 99) == 99
    assert percentile(values, 100) == 100
    assert percentile([7.0], 99) == 7
    assert percentile([1.0, 2.0, 3.0, 4.0], 50) == 2  # rank ceil(4 * 0.5) = 2
    assert percentile([1.0, 2.0, 3.0, 4.0], 99) == 4
    with pytest.raises(ValueError):
        percentile([], 50)


def test_a_window_reports_its_moves_per_second_reply_times_and_lag() -> None:
    window = Window(started=1000.0)
    for ms in range(1, 101):  # replies of 1 .. 100 ms, in any order
        window.moved((101 - ms) / 1000)
    for ms in (2, 3, 40):
        window.lagged(ms / 1000)
    window.lagged(-0.001)  # woke early (a coarse clock): no lag, not a negative one
    pairs = parse(line(window.figures(1250.0, CALM)))
    assert pairs == {
        "window_s": "250",
        "moves": "100",
        "moves_per_s": "0.40",
        "reply_p50_ms": "50",
        "reply_p99_ms": "99",
        "reply_max_ms": "100",
        "lag_p99_ms": "40",
        "lag_max_ms": "40",
        "tables": "57",
        "rss_mb": "188",
        "render_workers": "2",
        "render_pending": "0",
        "errors": "0",
        "warnings": "1",
        "gateway_ms": "45",
        "shards": "0,1",
    }


def test_a_new_window_starts_from_nothing_and_a_quiet_one_says_so() -> None:
    busy = Window(started=0.0)
    busy.moved(0.5)
    busy.lagged(0.2)
    quiet = Window(started=300.0)  # what the monitor opens when it closes ``busy``
    pairs = parse(line(quiet.figures(600.0, Snapshot(None, None, 0, 0, 0, 0, None, "all"))))
    assert pairs["moves"] == "0" and pairs["moves_per_s"] == "0.00"
    for key in ("reply_p50_ms", "reply_p99_ms", "reply_max_ms", "lag_p99_ms", "lag_max_ms"):
        assert pairs[key] == "-", key
    assert pairs["tables"] == "-" and pairs["rss_mb"] == "-" and pairs["gateway_ms"] == "-"
    assert pairs["shards"] == "all"


def test_the_line_is_one_line_of_key_value_pairs_after_the_word_health() -> None:
    text = line(Window(0.0).figures(300.0, CALM))
    assert "\n" not in text and text.startswith("health window_s=300 moves=0 ")
    assert all("=" in word for word in text.split()[1:])
    with pytest.raises(ValueError):
        parse("something else=1")


def test_a_long_window_keeps_a_bounded_uniform_sample_of_its_replies() -> None:
    reservoir = Reservoir(size=1000)
    for i in range(100_000):
        reservoir.add(float(i % 100))  # 0 .. 99 evenly
    assert len(reservoir.values) == 1000 and reservoir.seen == 100_000
    values = sorted(reservoir.values)
    assert 40 <= percentile(values, 50) <= 60
    assert percentile(values, 99) >= 95
