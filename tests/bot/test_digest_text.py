"""The digest's words: one line per other seat, its things in order, points gained or lost."""

from __future__ import annotations

from bot.adapter import GameAdapter
from bot.digest import digest_text
from bot.i18n import Tr
from cogs.manhattan.events import event_words
from engine.core import Event
from engine.manhattan.game import GAME

NAMES = ["alice", "bob", "carol"]


def adapter() -> GameAdapter:
    return GameAdapter(GAME, "manhattan.title", lambda *a: b"", lambda *a: None, event_words=event_words)


def test_one_line_per_other_seat_with_what_it_built_and_struck_and_its_points() -> None:
    happened = [
        (1, Event("manhattan.built", {"seat": 1, "card": "M01"})),
        (1, Event("manhattan.placed", {"seat": 1, "space": "mine1", "workers": ["L"]})),  # not news
        (1, Event("manhattan.built", {"seat": 1, "card": "U02"})),
        (2, Event("manhattan.attacked", {"seat": 2, "target": 0, "kind": "fighter"})),
        (0, Event("manhattan.built", {"seat": 0, "card": "M02"})),  # the reader's own: left out
    ]
    lines = digest_text(adapter(), Tr("en"), NAMES, 0, happened, {0: 3, 1: 4, 2: -1})
    assert lines[0] == "🕑 Since your last turn, alice:"
    assert lines[1].startswith("• **bob**: built ") and lines[1].endswith("; +4 points")
    assert "M01" in lines[1] and "U02" in lines[1] and lines[1].index("M01") < lines[1].index("U02")
    assert lines[2] == "• **carol**: struck alice; −1 point"
    assert len(lines) == 3


def test_nothing_that_matters_gives_no_digest_and_czech_counts_points() -> None:
    placed = [(1, Event("manhattan.placed", {"seat": 1, "space": "mine1", "workers": ["L"]}))]
    assert digest_text(adapter(), Tr("en"), NAMES, 0, placed, {0: 0, 1: 0, 2: 0}) == []
    lines = digest_text(adapter(), Tr("cs"), NAMES, 2, placed, {0: 2, 1: 5, 2: 0})
    assert lines == ["🕑 carol, od tvého minulého tahu:", "• **alice**: +2 body", "• **bob**: +5 bodů"]


def test_repeated_names_are_counted_not_repeated() -> None:
    """ "útok na: jana, jana, jana, jana" listed one strike per line: now each thing once, in the
    order first met, a repeated one with its count, in both languages."""
    struck = [(1, Event("manhattan.attacked", {"seat": 1, "target": 0, "kind": "fighter"})) for _ in range(4)]
    struck.append((1, Event("manhattan.attacked", {"seat": 1, "target": 2, "kind": "bomber"})))
    english = digest_text(adapter(), Tr("en"), NAMES, 2, struck, {0: 0, 1: 0, 2: 0})
    assert english[1] == "• **bob**: struck alice ×4, carol"
    czech = digest_text(adapter(), Tr("cs"), ["jana", "petr", "eva"], 2, struck, {0: 0, 1: 0, 2: 0})
    assert czech[1].endswith(": jana ×4, eva"), czech
    assert czech[1].count("jana") == 1
