"""The benchmark commands run and report every figure docs/benchmarks.md quotes (timings are
not judged here; the clock benchmark's query plans and the agreement of its three checks are)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bench.runarch import main
from tests.pg_support import Databases

FIGURE = r"p50=\s*[\d.]+ ms\s+p99=\s*[\d.]+ ms"


def run_quick(module: str, *more: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run a benchmark as the README says, quickly; a slow CI machine may miss a timing target
    (exit 1), which is not judged here, but the run must complete."""
    done = subprocess.run(
        [sys.executable, "-m", module, "--quick", *more],
        cwd=Path(__file__).resolve().parents[1],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=env,
    )
    assert done.returncode in (0, 1), done.stdout + done.stderr
    return done


def test_quick_benchmark_prints_every_section_with_its_baseline(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--quick"]) == 0
    out = capsys.readouterr().out
    for section in (
        "engine apply",
        "render board",
        "baseline: blank PNG encode",
        "store commit",
        "baseline: bare insert+commit",
        "whole move via SimCord",
        "solo round trip via SimCord",
        "automa turn",
        "render complex/solo board",
    ):
        assert re.search(rf"{re.escape(section)}\s+n=\d+\s+{FIGURE}", out), section
    assert re.search(r"render board .* [\d.]+x blank .*(PASS|FAIL)", out)
    assert re.search(r"store commit .* [\d.]+x bare", out)
    assert re.search(r"\d+ random complete games: [\d.]+ s \(\d+ moves", out)
    assert re.search(r"\d+ random complete complex games: [\d.]+ s \(\d+ moves, [\d.]+x simple", out)
    assert re.search(r"solo round trip .* [\d.]+x a 2-player move", out)
    assert re.search(r"automa turn .* [\d.]+x apply", out)
    assert re.search(r"render complex/solo board .* [\d.]+x simple board  largest \d+ KB", out)


def test_quick_clock_benchmark_times_the_claim_uses_the_indexes_and_prints_its_baselines() -> None:
    """Run as the README says (``python -m bench.clocks``); a slow CI machine may miss the
    timing target (exit 1), but the plans must use the indexes and all three claims agree."""
    done = run_quick("bench.clocks")
    assert "plan CLAIM deadline: uses seats_deadline  PASS" in done.stdout
    assert "plan CLAIM remind: uses seats_remind_at  PASS" in done.stdout
    assert (
        "plan NEXT: uses seats_deadline, seats_remind_at, seats_deadline_claimed, seats_remind_claimed  PASS"
        in done.stdout
    )
    assert "take the same items and see the same next instant: PASS" in done.stdout
    assert re.search(rf"periodic claim \(indexed\)\s+n=\d+\s+{FIGURE}", done.stdout)
    assert re.search(rf"baseline: seats NOT INDEXED\s+n=\d+\s+{FIGURE}.* [\d.]+x indexed", done.stdout)
    assert re.search(rf"baseline: naive Python claim\s+n=\d+\s+{FIGURE}.* [\d.]+x indexed", done.stdout)
    assert re.search(
        rf"reference: find only, no claim\s+n=\d+\s+{FIGURE}.* [\d.]+x finding alone", done.stdout
    )


def test_quick_clock_benchmark_on_postgresql_claims_by_the_indexes_and_prints_its_baselines(
    pg_databases: Databases,
) -> None:
    """``python -m bench.clocks --postgres`` on the tests' server: its own database, dropped after."""
    done = run_quick(
        "bench.clocks", "--postgres", env={**os.environ, "TEST_DATABASE_URL": pg_databases.server_url}
    )
    assert "PostgreSQL" in done.stdout.splitlines()[0]
    assert "plan CLAIM deadline: uses seats_deadline  PASS" in done.stdout
    assert "plan CLAIM remind: uses seats_remind_at  PASS" in done.stdout
    assert "take the same items and see the same next instant: PASS" in done.stdout
    assert re.search(rf"periodic claim \(indexed\)\s+n=\d+\s+{FIGURE}", done.stdout)
    assert re.search(rf"baseline: index scans off\s+n=\d+\s+{FIGURE}.* [\d.]+x indexed", done.stdout)
    assert re.search(rf"baseline: naive Python claim\s+n=\d+\s+{FIGURE}.* [\d.]+x indexed", done.stdout)


def test_quick_replay_gif_benchmark_makes_valid_gifs_and_prints_its_baseline(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from bench.replay_gif import main as replay_main

    assert replay_main(["--quick"]) == 0
    out = capsys.readouterr().out
    for variant in ("simple", "complex"):
        assert re.search(
            rf"record_gif {variant}\s+n=\d+\s+{FIGURE}\s+mean=.* [\d.]+x baseline  GIF \d+ KB", out
        )
    assert len(re.findall(rf"baseline: render_board per frame\s+n=\d+\s+{FIGURE}", out)) == 2
    valid = (
        r"GIF valid: yes \(\d+ frames for 13 positions, "
        r"loops forever: True, last frame is the final board: True\)"
    )
    assert len(re.findall(valid, out)) == 2


def test_quick_leaderboard_benchmark_prints_pages_baselines_and_agrees() -> None:
    """Run as the README says; the timing target is not judged here, the agreement is."""
    done = run_quick("bench.leaderboard")
    assert "all variants give the same page: PASS" in done.stdout
    assert re.search(r"stored \d+ finished tables, 4000 results", done.stdout)
    assert re.search(r"rebuild of all standings .*: \d+ tables in [\d.]+ s", done.stdout)
    for page in ("global page 1", "global page 100", "server page 1", "solo page 1"):
        assert re.search(rf"{page}\s+n=\d+\s+{FIGURE}.*target p99 <= 50 ms", done.stdout), page
        assert re.search(rf"baseline: {page} NOT INDEXED\s+n=\d+\s+{FIGURE}.* [\d.]+x indexed", done.stdout)
    assert re.search(rf"server page \+ picture\s+n=\d+\s+{FIGURE}", done.stdout)
    assert re.search(
        rf"baseline: replay all results per request\s+n=\d+\s+{FIGURE}.* \d+x the stored", done.stdout
    )


def test_quick_load_benchmark_plays_through_the_bot_over_many_tables_without_scans(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Run as the README says (``python -m bench.load --quick``); the latency target is not judged
    here (a busy CI machine), but every move must go through the bot and no statement may scan."""
    from bench.load import main as load_main

    assert load_main(["--quick"]) in (0, 1)
    out = capsys.readouterr().out
    assert re.search(rf"one table alone\s+n=40\s+{FIGURE}\s+mean=\s*[\d.]+ ms\s+[\d.]+ moves/s", out)
    assert re.search(rf"12 running tables\s+n=40\s+{FIGURE}\s+mean=\s*[\d.]+ ms\s+[\d.]+ moves/s", out)
    assert re.search(
        r"ratio 12 tables / one table: p50 [\d.]+x  p99 [\d.]+x  target p99 <= 3x  (PASS|FAIL)", out
    )
    assert re.search(r"set-up: 12 tables in [\d.]+ s through the store \(\d+ moves in the log", out)
    assert re.search(r"SQL while handling moves: [\d.]+ statements per move, \d+ distinct; ", out)
    assert "whole-table scans: none  PASS" in out


def test_the_sql_audit_flags_a_statement_that_reads_a_whole_table(tmp_path: Path) -> None:
    import sqlite3

    from bench.sql_audit import SqlTrace, full_scans, shape

    path = tmp_path / "audit.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE moves (id INTEGER PRIMARY KEY, table_id INTEGER, notation TEXT)")
        conn.execute("CREATE INDEX moves_table ON moves (table_id)")
    trace = SqlTrace(on=True)
    for sql in (
        "SELECT notation FROM moves WHERE table_id = 7",
        "SELECT notation FROM moves WHERE table_id = 8",
        "SELECT id FROM moves WHERE notation = 'end'",
        "COMMIT",
    ):
        trace(sql)
    assert shape("SELECT a FROM t WHERE b = 12 AND c = 'x''y' AND d = 1.5") == (
        "SELECT a FROM t WHERE b = ? AND c = ? AND d = ?"
    )
    assert len(trace.shapes()) == 3
    assert full_scans(str(path), trace) == {"SELECT id FROM moves WHERE notation = ?": ["moves"]}


def test_quick_moonriser_benchmark_prints_every_figure_with_its_baseline(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Run as the README says (``python -m bench.moonriser --quick``); timings are not judged here."""
    from bench.moonriser import main as moonriser_main

    assert moonriser_main(["--quick"]) == 0
    out = capsys.readouterr().out
    assert re.search(
        rf"all placements, full hand\s+n=\d+\s+{FIGURE}.* [\d.]+x apply  up to \d+ placements  target p99",
        out,
    )
    assert re.search(rf"baseline: one apply \(place\)\s+n=\d+\s+{FIGURE}", out)
    assert re.search(
        rf"bot decision \(normal\)\s+n=\d+\s+{FIGURE}.* [\d.]+x apply  target p99 <= 200 ms", out
    )
    assert re.search(r"bot vs 2 random legal players: won \d+ of 3 seeded 3-player games \(\d+%\)", out)
    assert re.search(
        rf"whole move via SimCord\s+n=10\s+{FIGURE}.* \d+x apply  [\d.]+x other games  "
        r"target p50 <= 20 ms, <= 2x",
        out,
    )
    assert re.search(rf"baseline: Manhattan Project move\s+n=10\s+{FIGURE}", out)
    assert re.search(rf"baseline: RunArch move\s+n=10\s+{FIGURE}", out)
    assert re.search(r"\d+ random complete 4-player games: [\d.]+ s \(\d+ moves per game", out)


def test_quick_manhattan_benchmark_prints_every_figure_with_its_baseline(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Run as the README says (``python -m bench.manhattan --quick``); timings are not judged here."""
    from bench.manhattan import main as manhattan_main

    assert manhattan_main(["--quick"]) == 0
    out = capsys.readouterr().out
    assert re.search(
        rf"legal moves of a turn\s+n=\d+\s+{FIGURE}.* [\d.]+x apply  up to \d+ moves  target p99 <= 20 ms",
        out,
    )
    assert re.search(rf"baseline: one apply\s+n=\d+\s+{FIGURE}", out)
    assert re.search(r"\d+ random complete 5-player games: [\d.]+ s \(\d+ moves per game, \d+ us/move\)", out)
    assert re.search(
        r"bot vs 2 random legal players: placed first in \d+ of 2 seeded 3-player games \(\d+%\)", out
    )
    assert re.search(r"3 normal bots: the winning score reached in \d+ of 1 seeded games \(\d+%\)", out)
    assert re.search(
        rf"bot decision \(normal\)\s+n=\d+\s+{FIGURE}.* [\d.]+x apply  target p99 <= 200 ms", out
    )
    assert re.search(rf"whole move via SimCord\s+n=10\s+{FIGURE}.* \d+x apply  target p50 <= 50 ms", out)


def test_quick_marsbot_benchmark_prints_every_figure_with_its_baseline(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Run as the README says (``python -m bench.marsbot --quick``); timings are not judged here,
    but every move through the bot must be taken and every random game must end."""
    from bench.marsbot import main as marsbot_main

    assert marsbot_main(["--quick"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"tile decision: \d+ positions of 2 random complete games .*\(0–61 tiles; \d+ with", out)
    for kind in ("ocean", "B06 ocean", "greenery", "city", "B05 city", "CMM"):
        assert re.search(rf"\n  {kind}\s+n=\d+\s+{FIGURE}.* max=[\d.]+ ms", out), kind
    assert re.search(
        rf"tile decision, every kind\s+n=\d+\s+{FIGURE}.* [\d.]+x empty list  [\d.]+x view  "
        r"target p99 <= 5 ms",
        out,
    )
    assert re.search(rf"baseline: list the empty spaces\s+n=\d+\s+{FIGURE}", out)
    assert re.search(rf"baseline: one GAME.view\s+n=\d+\s+{FIGURE}", out)
    assert re.search(
        rf"MarsBot turn \(/marsbot card\)\s+n=6\s+{FIGURE}.* [\d.]+x board  [\d.]+x refused  "
        r"target p50 <= 80 ms",
        out,
    )
    assert re.search(rf"engine: apply a card answer\s+n=\d+\s+{FIGURE}", out)
    assert re.search(rf"every move via SimCord\s+n=\d+\s+{FIGURE}.* [\d.]+x board", out)
    assert re.search(rf"baseline: /marsbot board\s+n=\d+\s+{FIGURE}", out)
    assert re.search(rf"baseline: a refused move\s+n=\d+\s+{FIGURE}", out)
    assert re.search(r"p50 by move \(ms\): .*card [\d.]+ \(n=6\)", out)
    ended = re.findall(
        r"3 random complete games, every option mixed: [\d.]+ s \([\d.]+ games/s, \d+ moves .* us/move\)  "
        r"ended: .*unfinished 0  target all end  PASS",
        out,
    )
    assert re.findall(r"^== (\w+)$", out, re.MULTILINE) == ["tharsis", "hellas", "elysium"]
    assert len(ended) == 3  # every map's random games end


def test_quick_concurrent_benchmark_overlaps_moves_and_checks_every_table(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Run as the README says (``python -m bench.concurrent --quick``); the targets are not judged
    here (a busy CI machine), but moves must be in the bot at once and every table match its script."""
    from bench.concurrent.run import main as concurrent_main

    assert concurrent_main(["--quick"]) in (0, 1)
    out = capsys.readouterr().out
    assert re.search(r"^sustained: \d+ moves/s$", out, re.MULTILINE)
    assert re.search(r"^p99 at 80%: \d+ ms$", out, re.MULTILINE)
    assert re.search(r"set-up: 8 tables opened through the bot in [\d.]+ s, \d+ moves scripted", out)
    for phase in ("one at a time", r"closed loop, 4 in flight", r"open loop, Poisson [\d.]+/s"):
        assert re.search(rf"{phase}\s+n=\d+\s+{FIGURE}\s+mean=\s*[\d.]+ ms\s+[\d.]+ moves/s", out), phase
    for phase in ("closed loop", "open loop"):
        assert re.search(rf"event-loop lag, {phase} .*: p50 [\d.]+  p99 [\d.]+  max [\d.]+ ms", out)
    for phase in ("one at a time", "closed loop", "open loop"):
        assert re.search(rf"CPU, {phase}: main thread [\d.]+ of the time, the process [\d.]+ cores", out)
    assert re.search(
        r"moves per CPU second of the main thread .*: one at a time \d+, closed loop \d+, open loop \d+", out
    )
    busy = re.search(r"moves in the bot at once, closed loop .*: mean [\d.]+  max (\d+)", out)
    assert busy is not None and int(busy.group(1)) > 1
    for target in ("sustained >= 135 moves/s", "p99 at 80% <= 1000 ms", "p99 at saturation <= 3000 ms"):
        assert re.search(rf"target {re.escape(target)}: [\d.]+  (PASS|FAIL)", out), target
    assert re.search(r"target event-loop lag p99 <= 20 ms: [\d.]+  (PASS|FAIL)", out)
    assert re.search(r"^moves played: \d+, each table's stored state and log compared", out, re.MULTILINE)
    assert re.search(r"^state check: 8/8 tables match$", out, re.MULTILINE)


def test_quick_png_settings_benchmark_compares_every_setting_on_every_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``python -m bench.png_settings`` encodes each game's pictures with every candidate setting
    and prints bytes and time against the settings in use (marked *) and the previous ones."""
    from bench.png_settings import SETTINGS
    from bench.png_settings import main as png_main

    assert png_main(["--quick"]) == 0
    out = capsys.readouterr().out
    ratios = r"[\d.]+x \(\s*[\d.]+x before\)"
    figure = rf"[\d.]+ KB\s+{ratios}\s+encode p50\s+[\d.]+ ms\s+{ratios}"
    for game in ("runarch", "moonriser", "manhattan", "marsbot"):
        assert re.search(rf"^{game}: \d+ pictures", out, re.M), game
    for name in SETTINGS:
        assert len(re.findall(rf"^ [ *] {re.escape(name)}\s+{figure}", out, re.M)) == 4, name
    assert len(re.findall(rf"^ \* .*{figure}", out, re.M)) == 4  # the settings in use, once per game
    assert re.search(r"^ \* .*bytes\s+[\d.]+x\s+encode\s+[\d.]+x", out, re.M)


def test_quick_store_operations_benchmark_prints_hand_offs_hold_times_and_keeps_every_move() -> None:
    """Run as the README says (``python -m bench.store_ops --quick``): the figures are printed for
    one move at a time and 64 in flight (idle and busy loop), and every move is stored once."""
    done = run_quick("bench.store_ops")
    out = done.stdout
    trips = r"round trips to the DB thread per call: commit_moves \d+  set_board_message \d+  table \d+"
    assert re.search(trips, out)
    for label in ("1 at a time", "64 in flight", "64 in flight, busy loop"):
        assert re.search(
            rf"commit, {re.escape(label)}\s+n=\d+\s+{FIGURE}\s+mean=\s*[\d.]+ ms\s+[\d.]+x work\s+"
            r"[\d.]+ hand-offs/move\s+[\d.]+ moves/s",
            out,
        ), label
    holds = rf"  (store lock|DB thread) held.*n=\d+\s+{FIGURE}.*DB-thread work [\d.]+ ms/move"
    assert len(re.findall(holds, out)) == 3
    assert re.search(r"ratio 64 in flight / one at a time: throughput [\d.]+x  commit p99 [\d.]+x", out)
    assert re.search(r"moves stored: (\d+) of \1  PASS", out)
    assert done.returncode == 0


def test_quick_startup_check_benchmark_times_the_bounded_check_against_the_whole_file() -> None:
    """Run as the README says (``python -m bench.startup_check --quick``): a file just over the
    size read whole at start-up; the start-up, before and full-check figures are printed."""
    done = run_quick("bench.startup_check")
    out = done.stdout
    assert re.search(r"6000 finished games: \d+ MB \([\d.]+ KB/game\), built in \d+ s", out)
    assert re.search(r"start-up check \(db\.preflight\.check\): \d+ ms  target < 1000 ms  (PASS|FAIL)", out)
    assert re.search(r"baseline: quick_check of all pages \(before\): \d+ ms \(\d+x\)", out)
    full = r"full check \(python -m db\.check\): \d+ ms \(\d+x\)  .*: ok \(every page and index"
    assert re.search(full, out)


def test_quick_memory_benchmark_prints_memory_collections_and_storage_per_game() -> None:
    """Run as the README says (``python -m bench.memory --quick``): each table count in its own
    process, the bot's and the picture workers' memory, a full collection with and without
    ``gc.freeze``, and storage per finished game of every game; every table keeps its moves."""
    done = run_quick("bench.memory")
    out = done.stdout
    mb = r"\d+ MB"
    for tables in (4, 8):
        assert re.search(
            rf"^{tables} tables \(\d+ moves played in \d+ s\): bot process RSS {mb}, without SimCord's "
            rf"history {mb} \(SimCord's messages, pictures and logs {mb}\); at start {mb}; "
            rf"picture cache {mb}$",
            out,
            re.M,
        ), tables
        assert re.search(rf"^{tables} tables: picture workers (\(\d+\) RSS {mb} \(|none)", out, re.M)
        assert re.search(
            rf"^{tables} tables: full gc.collect\(\) [\d.]+ ms \(\d+ objects; \d+ frozen at start-up\), "
            r"baseline without gc.freeze [\d.]+ ms \([\d.]+x\); with SimCord's history [\d.]+ ms",
            out,
            re.M,
        ), tables
    assert re.search(r"^per table from 4 to 8: bot process -?\d+ KB without SimCord's history", out, re.M)
    for game in ("RunArch", "Moonriser", "Manhattan Project", "MarsBot"):
        assert re.search(rf"^storage, {game}: [\d.]+ KB per finished game \(1 games, \d+ moves", out, re.M)
    per_game = r"^storage per finished game: [\d.]+-[\d.]+ KB \(mean [\d.]+ KB\); 10,000 games: \d+ MB$"
    assert re.search(per_game, out, re.M)
    assert "FAIL" not in out
    assert done.returncode == 0, out + done.stderr
