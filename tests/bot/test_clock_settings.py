"""Reading and writing durations the way players type and read them, in both languages."""

from __future__ import annotations

import pytest

from bot.clock_settings import (
    DAY,
    HOUR,
    ClockSettings,
    describe,
    duration_choices,
    duration_text,
    merged,
    parse_duration,
)
from bot.errors import UserError
from bot.i18n import Tr


@pytest.mark.parametrize(
    ("text", "bare", "seconds"),
    [
        ("12h", HOUR, 12 * HOUR),
        ("3d", HOUR, 3 * DAY),
        ("1d12h", HOUR, 36 * HOUR),
        ("1d 12h", HOUR, 36 * HOUR),
        ("90m", HOUR, 90 * 60),
        ("1,5d", HOUR, 36 * HOUR),
        ("12", HOUR, 12 * HOUR),
        ("2", DAY, 2 * DAY),
    ],
)
def test_durations_parse(text: str, bare: float, seconds: float) -> None:
    assert parse_duration(text, bare) == seconds


@pytest.mark.parametrize("text", ["", "-5h", "soon", "3x", "h", "1d-2h", "12h3"])
def test_garbage_is_refused_with_the_text_quoted(text: str) -> None:
    with pytest.raises(UserError) as refused:
        parse_duration(text, HOUR)
    assert refused.value.key == "clock.bad_duration" and refused.value.params["text"] == text


def test_czech_days_take_their_three_forms() -> None:
    cs, en = Tr("cs"), Tr("en")
    assert [duration_text(cs, d * DAY) for d in (1, 3, 5)] == ["1 den", "3 dny", "5 dní"]
    assert [duration_text(en, d * DAY) for d in (1, 3)] == ["1 day", "3 days"]
    assert duration_text(en, 36 * HOUR) == "1 day 12 h" and duration_text(en, 45 * 60) == "45 min"


def test_defaults_read_as_the_issue_states_them() -> None:
    line = describe(Tr("en"), ClockSettings())
    assert "reminder after 12 h" in line and "3 days per move" in line and "3 in a row" in line
    assert "3 dny na tah" in describe(Tr("cs"), ClockSettings())


def test_merge_checks_the_whole_setting() -> None:
    base = ClockSettings()
    assert merged(base, reminder="off").remind_after is None
    assert merged(base, limit="1d", reminder="6h") == ClockSettings(6 * HOUR, DAY, "auto")
    for kwargs, key in (
        ({"reminder": "3d"}, "clock.reminder_after_limit"),
        ({"limit": "31d"}, "clock.limit_range"),
        ({"limit": "30m"}, "clock.limit_range"),
        ({"reminder": "8d"}, "clock.reminder_range"),
        ({"at_limit": "explode"}, "clock.bad_outcome"),
    ):
        with pytest.raises(UserError) as refused:
            merged(base, **kwargs)
        assert refused.value.key == key
    with pytest.raises(UserError) as refused:
        merged(base, at_limit="auto", has_timeout_move=False)
    assert refused.value.key == "clock.no_timeout_move"


@pytest.mark.parametrize("text", ["9" * 400, "9" * 400 + "d", "1d" + "9" * 400 + "h"])
def test_a_number_too_long_to_be_a_time_is_a_bad_duration(text: str) -> None:
    with pytest.raises(UserError) as refused:
        parse_duration(text, DAY)
    assert refused.value.key == "clock.bad_duration"
    assert len(refused.value.params["text"]) <= 40
    assert duration_choices(Tr("en"), text, "limit") == []


def test_autocomplete_offers_only_a_typed_value_the_command_accepts() -> None:
    assert [c.value for c in duration_choices(Tr("en"), "36h", "limit")] == ["36h"]
    assert duration_choices(Tr("en"), "90d", "limit") == []  # beyond 30 days
    assert duration_choices(Tr("en"), "10m", "reminder") == []  # under an hour
