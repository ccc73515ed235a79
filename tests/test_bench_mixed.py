"""The taps benches' mixed player (``bench.mixed``): mostly the advice, deterministic by seed."""

from __future__ import annotations

from bench.mixed import Mixed
from engine.core import Move


def test_the_mixed_player_takes_the_advice_about_two_thirds_of_the_time_and_repeats_by_seed() -> None:
    legal = [Move("place", (str(i),)) for i in range(30)] + [Move("done"), Move("work", ("F01",))]
    advice = Move("done")
    first = [Mixed(7).choose(advice, legal) for _ in range(1)]
    player, again = Mixed(7), Mixed(7)
    made = [player.choose(advice, legal) for _ in range(2000)]
    assert made == [again.choose(advice, legal) for _ in range(2000)]
    assert made[:1] == first
    assert 0.31 < player.own_share < 0.39
    kinds = {m.kind for m in made if m is not advice}
    assert kinds == {"place", "work", "done"}, "a kind first: a placement does not crowd out the rest"
    assert Mixed(1).choose(advice, []) is advice
