"""``python -m bench.moonriser_taps``: taps per human turn of Moonriser played by buttons only.

A scripted 4-seat game through the real bot under SimCord, played by a *mixed* player
(``bench.mixed``): at each decision the bot's advice with probability 0.65, else a random legal
move (a random kind, then a random move of it), so 35 % of moves are not the advice (issue 34).
Each move is made the way a phone user makes it: the buttons under the board post, the private
pickers and the placement preview (a sale of 4 tiles by the board's sell select and its private
picker). Counted as a tap: a button click and each option chosen in a select. A *turn* is one
seat's turn of the main game, from planning to **End turn**; the setup (bases, the first keep)
and the others' last trades are counted apart.

Where the player's next moves are the ones a shortcut adds, the player takes it, and the moves
stored are those of the long way (asserted after every tap): the board's plan select ("Pay n
blue: draw 3n Basic": ``plan n``, then ``draw basic`` once per tile), its draw select and
**Draw N Basic** (one ``draw`` per tile), the keep select the last draw shows with the hand
picture, the picker a keep (or an upgrade, or Don't plan) opens when placing is next, "Place a
tile, no planning" (``plan 0`` and the picker), the board's upgrade selects (alone, "… and
produce", "… produce and end your turn", each also without planning in Phase I) and trade
selects (alone, "… and end your turn"), the sell picker's ways to sell (alone, "… and end your
turn"), the Place picker's whole placements (previewed, or
placed at once and produced, or also ending the turn, by its second and third selects), **Confirm and
produce** / **Confirm, produce and end turn**, and **Convert all and end turn**. The bot trades
one at a time; a run of its identical trades is made as one trade of several when the picker
lists the amount.

Printed: ``median taps per turn: N`` (target from issue 34: <= 5) and where the taps go, by
kind of tap. ``--advised 1`` measures the advice route alone.
"""

from __future__ import annotations

import argparse
import asyncio
import copy
import statistics
import sys
import tempfile
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.mixed import ADVISED, Mixed
from bench.moonriser_tapping import (
    NO_PLANNING,
    TURN_PHASES,
    Tapper,
    _on_board,
    listed_sell,
    make,
    private_picker,
)
from bot.picker import paths
from cogs.moonriser.board_selects import SUGGESTED, suggested_trades
from cogs.moonriser.pickers import PICKERS
from cogs.moonriser.placing import ends_quietly
from cogs.moonriser.planner import plan_choices
from cogs.moonriser.sell import sell_ends
from engine.moonriser.game import GAME
from engine.moonriser.trading import convert_allowed, excess

TARGET = 5


# ----------------------------------------------------------------------------- the player
@dataclass
class Taps:
    """Taps per turn of the main game, and the setup and last trades apart."""

    turns: dict[tuple[int, int], int] = field(default_factory=lambda: defaultdict(int))
    setup: int = 0
    final: int = 0
    ended: int = 0
    moves: int = 0
    by_tap: Counter[str] = field(default_factory=Counter)
    """The turns' taps by kind of tap (a button's label, a select's placeholder)."""
    detail: dict[tuple[int, int], list[str]] = field(default_factory=lambda: defaultdict(list))
    """Each turn's moves (joined when one tap made several) and their taps."""
    by_move: Counter[str] = field(default_factory=Counter)
    """The turns' taps by the kind of the move they made."""
    shortcuts: Counter[str] = field(default_factory=Counter)
    """How often one tap made several moves, by the moves (``plan+draw``, ``place+done``, …)."""

    def median(self) -> float:
        return statistics.median(self.turns.values())


def trade_run(
    state: dict[str, Any], seat: int, notation: str, grouped: bool = True
) -> tuple[list[str], dict[str, Any]]:
    """The moves a person makes for the bot's ``notation`` and, if it is a trade, the bot's
    trades that follow it (same seat, same phase, nothing else between), with the state after
    them all. The bot trades one at a time; a person makes each give → get pair's trades as one
    ``trade <give> <get> <times>`` in the Trade picker, in the order the pairs first come
    (``grouped``; only consecutive identical trades if not)."""
    after, _ = GAME.apply(copy.deepcopy(state), seat, notation)
    if notation.split()[0] != "trade":
        return [notation], after
    run = [notation]
    while after["phase"] == state["phase"] and GAME.to_act(after)[:1] == [seat]:
        following = GAME.bot_move(after, seat, "normal").notation
        if following.split()[0] != "trade":
            break
        after, _ = GAME.apply(after, seat, following)
        run.append(following)
    from itertools import groupby

    counts = list(Counter(run).items()) if grouped else [(n, len(list(same))) for n, same in groupby(run)]
    return [f"{n} {times}" if times > 1 else n for n, times in counts], after


def listed_trade(state: dict[str, Any], seat: int, notation: str) -> str:
    """``notation`` as the Trade picker offers it: a trade of more times than it lists is made
    as its largest listed amount (the rest is chosen again)."""
    kind, *args = notation.split()
    if kind != "trade" or len(args) < 3:
        return notation
    listed = set(paths(PICKERS, PICKERS.specs["trade"], state, seat).values())
    single = f"trade {args[0]} {args[1]}"
    times = max(n for n in range(1, int(args[2]) + 1) if n == 1 or f"{single} {n}" in listed)
    return f"{single} {times}" if times > 1 else single


def discard_run(state: dict[str, Any], seat: int, over: int) -> str:
    """The bot's discards down to the hand limit as the one discard the board's select makes."""
    tiles: list[str] = []
    after = copy.deepcopy(state)
    while len(tiles) < over:
        move = GAME.bot_move(after, seat, "normal")
        assert move.kind == "discard", move.notation
        tiles.extend(move.args)
        after, _ = GAME.apply(after, seat, move.notation)
    return " ".join(["discard", *sorted(tiles[:over])])


class Player:
    """The mixed player's decisions, one engine move at a time, with its trades of one pair made
    together when they are the advice."""

    def __init__(self, mixed: Mixed[str]) -> None:
        self.mixed = mixed

    def choose(self, state: dict[str, Any], seat: int) -> str:
        advice = GAME.bot_move(state, seat, "normal").notation
        over = excess(state, seat) if state["phase"] == "trade" else 0
        if state["phase"] in ("keep", "setup_keep"):  # a big plan has thousands of keeps: one at random
            row = state["seats"][seat]
            count = min(int(row["keep"]), len(row["drawn"]))
            picked = self.mixed.rng.sample(list(row["drawn"]), count)
            return self.mixed.choose(advice, [" ".join(["keep", *sorted(picked)])])
        legal = [
            m.notation
            for m in GAME.legal_moves(state, seat)
            if m.kind != "discard" or not over or len(m.args) == over  # the select takes the excess
        ]
        chosen = self.mixed.choose(advice, legal)
        if chosen.split()[0] == "discard" and over and len(chosen.split()) - 1 != over:
            chosen = discard_run(state, seat, over)
        if chosen == advice and chosen.split()[0] == "trade" and state["phase"] == "trade":
            if len(suggested_trades(state, seat)) > 1:  # the trade select's "Suggested: …"
                return SUGGESTED
        if chosen == advice and chosen.split()[0] == "trade":
            chosen = listed_trade(state, seat, trade_run(state, seat, chosen, grouped=False)[0][0])
        return chosen

    def next_of(self, state: dict[str, Any], seat: int, notation: str) -> tuple[dict[str, Any], str | None]:
        """The state after ``notation`` and the seat's following choice, if it is still to act."""
        after, _ = GAME.apply(copy.deepcopy(state), seat, notation)
        if GAME.outcome(after) is not None or GAME.to_act(after)[:1] != [seat]:
            return after, None
        return after, self.choose(after, seat)


def _then_after(
    player: Player, state: dict[str, Any], seat: int, notation: str
) -> tuple[tuple[str, ...], str | None]:
    """The moves a shortcut adds after ``notation`` (placement, upgrade, trade, convert) when
    they are the player's own next choices; and the choice that follows them (made next)."""
    kind = notation.split()[0]
    after, following = player.next_of(state, seat, notation)
    if following is None:
        return (), None
    if kind == "upgrade" and following == "done":
        _, nxt = player.next_of(after, seat, "done")
        if nxt == "end" and ends_quietly(state, seat, notation):
            return ("done", "end"), None
        return ("done",), nxt
    if kind == "place" and following == "done":
        _, nxt = player.next_of(after, seat, "done")
        if nxt == "end" and ends_quietly(state, seat, notation):
            return ("done", "end"), None
        return ("done",), nxt
    if kind == "convert" and following == "end":
        return ("end",), None
    if (
        kind == "sell"
        and following == "end"
        and sell_ends(state, seat)
        and listed_sell(state, seat, notation)
    ):
        return ("end",), None
    trading = kind == "trade" and state["phase"] == "trade"
    if trading and following == "end" and not convert_allowed(state, seat) and not excess(state, seat):
        return ("end",), None
    return (), following


async def play_mixed(
    table: Any, player: Player, turns_max: int | None = None, progress: bool = False
) -> Taps:
    """Play ``table`` (a ``tests.bot.moonriser_table.MoonTable`` of people only) by buttons to
    its end, or until ``turns_max`` turns of the main game have ended; after every tap the
    moves stored are those of the long way (one engine move per decision, in order)."""
    taps = Taps()
    queued: dict[int, str] = {}
    opened: dict[int, tuple[str, Any]] = {}
    while True:
        row = await table.row()
        if row.status != "active" or (turns_max is not None and taps.ended >= turns_max):
            break
        state = row.state
        seat = GAME.to_act(state)[0]
        notation = queued.pop(seat, None) or player.choose(state, seat)
        if progress:
            print(f"round {state['round']} seat {seat} {state['phase']}: {notation}", file=sys.stderr)
        phase, kind = state["phase"], notation.split()[0]
        made = [notation]
        if notation == SUGGESTED:  # the bot's trades in one choice (and End when the player ends)
            run = suggested_trades(state, seat)
            after = copy.deepcopy(state)
            for trade in run:
                after, _ = GAME.apply(after, seat, trade)
            following = player.choose(after, seat) if GAME.to_act(after)[:1] == [seat] else None
            ends = not convert_allowed(state, seat) and not excess(state, seat)
            made = [*run, "end"] if following == "end" and ends else run
            if following is not None and made[-1] != "end":
                queued[seat] = following
            custom_id = _on_board(
                table.boards()[-1], "tradethen" if made[-1] == "end" else "trade", SUGGESTED
            )
            assert custom_id is not None, "the board offers the bot's trades"
        then: tuple[str, ...] = ()
        no_planning = False
        if notation == "plan 0":
            after, following = player.next_of(state, seat, notation)
            if following is not None and following.split()[0] in NO_PLANNING:
                no_planning, state, notation, made = True, after, following, ["plan 0", following]
                kind = following.split()[0]
            elif following is not None:
                queued[seat] = following
        if kind == "plan" and notation != "plan 0":
            after, following = player.next_of(state, seat, notation)
            left = int(after["seats"][seat].get("draws_left", 0))
            drawn = following.split() if following is not None else []
            offered = [c[:2] for c in plan_choices(state, seat)]
            whole = drawn[:1] == ["draw"] and (int(notation.split()[1]), drawn[1]) in offered
            if whole and (int(drawn[2]) if len(drawn) > 2 else 1) == left:
                then = (f"draw {drawn[1]}",) * left
                made = [notation, *then]
            elif following is not None:
                queued[seat] = following
        if kind in ("place", "upgrade", "convert", "trade", "sell"):
            then, following = _then_after(player, state, seat, notation)
            made = [*made, *then]
            if following is not None:
                queued[seat] = following
        shown = opened.pop(seat, None)
        use = shown[1] if shown is not None and shown[0] == {"keep": "keep"}.get(kind, kind) else None
        logged = len(await table.bot.store.moves(table.table_id))
        tally: Counter[str] = Counter()
        person = Tapper(await table.person_at(seat), tally)
        board = lambda: table.boards()[-1]  # noqa: E731
        if notation == SUGGESTED:
            result = await person.select(table.boards()[-1], [SUGGESTED], custom_id=custom_id)
        else:
            result = await make(person, table.thread, board, state, seat, notation, then, no_planning, use)
        found = private_picker(result)
        if found is not None:
            opened[seat] = found
        stored = [m.notation for m in (await table.bot.store.moves(table.table_id))[logged:]]
        if kind == "draw" and stored and stored != made:  # a draw of k tiles is k draws of one
            pile = notation.split()[1]
            made = [f"draw {pile}"] * len(stored)
        assert stored == made, (made, stored, phase)
        spent = sum(tally.values())
        taps.moves += len(made)
        if len(made) > 1:
            taps.shortcuts["+".join(m.split()[0] for m in made)] += 1
        if "end" in made and phase in TURN_PHASES:
            taps.ended += 1
        if phase in TURN_PHASES:
            taps.turns[(state["round"], seat)] += spent
            taps.detail[(state["round"], seat)].append(f"{'+'.join(m.split()[0] for m in made)}:{spent}")
            taps.by_tap.update(tally)
            taps.by_move[made[0].split()[0] if made[0] != "plan 0" else "plan 0"] += spent
        elif phase == "final":
            taps.final += spent
        else:
            taps.setup += spent
    return taps


async def _measure(
    seed: int, folder: Path, players: int, turns_max: int | None, advised: float, progress: bool = False
) -> Taps:
    from bench.simcord_moves import simcord_bot
    from tests.bot.moonriser_table import MoonTable

    async with simcord_bot(folder) as (env, _bot):
        table = await MoonTable.open(env, players=players, seed=seed)
        return await play_mixed(table, Player(Mixed(seed, advised=advised)), turns_max, progress)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.moonriser_taps", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--quick", action="store_true", help="2 seats, 6 turns: checks the command works")
    parser.add_argument(
        "--advised", type=float, default=ADVISED, help="the share of moves that are the bot's advice"
    )
    parser.add_argument("--progress", action="store_true", help="each move on standard error")
    args = parser.parse_args(argv)
    players, turns_max = (2, 6) if args.quick else (4, None)
    with tempfile.TemporaryDirectory() as folder:
        taps = asyncio.run(_measure(args.seed, Path(folder), players, turns_max, args.advised, args.progress))
    counts = sorted(taps.turns.values())
    median = taps.median()
    verdict = "ok" if median <= TARGET else "FAIL"
    print(
        f"Moonriser taps by buttons — a {players}-seat game, seed {args.seed}, "
        f"{args.advised:.0%} of moves the bot's advice: {len(counts)} turns, {taps.moves} moves"
    )
    print(f"median taps per turn: {median:g}")
    print(f"target <= {TARGET}: {verdict}; mean {statistics.mean(counts):.1f}, max {counts[-1]}")
    print(f"histogram (taps: turns): {dict(sorted(Counter(counts).items()))}")
    total = sum(taps.by_tap.values())
    print(f"the turns' {total} taps by kind of tap:")
    for what, n in taps.by_tap.most_common():
        print(f"  {n:5d}  {n / len(counts):5.2f}/turn  {what}")
    print(f"by move: {dict(taps.by_move.most_common())}")
    print(f"shortcuts taken (the moves made in one tap: times): {dict(taps.shortcuts)}")
    print(f"setup {taps.setup} taps, last trades {taps.final} taps")
    if args.progress:
        for turn, n in sorted(taps.turns.items(), key=lambda t: t[1]):
            print(f"turn {turn}: {n} taps: {' '.join(taps.detail[turn])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
