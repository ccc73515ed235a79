"""``python -m bench.marsbot_taps``: taps per MarsBot turn when the person answers by buttons.

A scripted game through the real bot under SimCord (a DM, the scripted person of
``tests.bot.marsbot_table``): the person ends each turn with **End turn** / **Pass** under the
board post, and answers MarsBot's questions the way a phone user does: a revealed project card
by the tag list on the board post and the card's form (``card_by_taps``), a tie-break's cost by
**Enter the cost** and its form. The person's own reports (tiles, parameters) are typed and not
counted: they belong to the person's turn. The revealed cards cycle through ``REVEALED``, shaped
like the project cards of the base game, Corporate Era and Venus Next.

Counted as a tap, as in ``bench.moonriser_taps``: a button click, each option chosen in a
select (in the card's form too: a preset option left as it is costs nothing) and a form's
Submit; typing the cost is not a tap. Where the game asks the requirement (C05) the board has a tag
list for cards without one and one for cards with one; the card's requirement picks the list.
A MarsBot *turn* is counted from the tap that handed it
the turn (**End turn**; none for its turns after the person passed) to its last answer. Target
from issue 26: a project-card turn's median <= 3, a bonus-card turn 1.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cogs.marsbot.tag_select import tag_choices
from engine.marsbot.setup import PROJECT

Card = tuple[tuple[str, ...], int, bool, str]
REVEALED: tuple[Card, ...] = (
    (("building",), 12, False, "vp0"),
    (("space", "event"), 14, False, "vp0"),
    (("science",), 10, True, "vp+"),
    (("power", "building"), 11, False, "vp0"),
    (("plant",), 8, True, "vp0"),
    (("city", "building"), 18, False, "vp-"),
    (("earth",), 6, False, "vp+"),
    (("science", "space"), 22, True, "vp+"),
    ((), 3, False, "vp0"),
    (("jovian", "space"), 26, False, "vp+"),
    (("microbe",), 9, True, "vp+"),
    (("earth", "space", "event"), 17, False, "vp0"),
    (("event",), 4, True, "vp0"),
    (("science", "building"), 15, True, "vp+"),
    (("animal",), 13, True, "vp+"),
    (("power", "space"), 24, False, "vp0"),
    (("building",), 7, False, "vp0"),
    (("space", "city"), 28, False, "vp+"),
    (("plant",), 10, False, "vp0"),
    (("jovian", "space", "power"), 20, False, "vp0"),
)
"""20 revealed cards, tags in printed order, shaped like the 258 project cards of the base game,
Corporate Era and Venus Next in the open-source terraforming-mars project's card list: 5 % no tag,
47 % one, 41 % two, 7 % three; 45 % without requirement or VP (here 9), 15 % requirement only
(3), 17 % VP only (4), 23 % both (4). Two print their tags in an unusual order."""


def components_of(payload: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Every component of a message or modal payload, nested ones included."""
    for item in payload.get("components") or []:
        yield item
        yield from components_of(item)
        if isinstance(item.get("component"), dict):
            yield item["component"]
            yield from components_of(item["component"])


def control(payload: dict[str, Any], custom_id: str) -> dict[str, Any] | None:
    return next((c for c in components_of(payload) if c.get("custom_id") == custom_id), None)


def preset(select: dict[str, Any]) -> str:
    return next(o["value"] for o in select["options"] if o.get("default"))


def tag_parts(tags: tuple[str, ...], options: dict[str, Any]) -> list[tuple[str, ...]] | None:
    """The list's options that make up ``tags``, longest combination first (``None``: a tag
    printed twice, which the list cannot say)."""
    if len(set(tags)) < len(tags):
        return None
    if not tags:
        return [()]
    offered = sorted((c for c in tag_choices(options) if c), key=len, reverse=True)
    parts: list[tuple[str, ...]] = []
    left = tags
    while left:
        part = next(c for c in offered if left[: len(c)] == c)
        parts.append(part)
        left = left[len(part) :]
    return parts


def _extras(card: Card, modal: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """The form's requirement-and-VP answer for ``card`` (only what the form asks) and its taps."""
    select = control(modal, "mbf:extras")
    if select is None:
        return {}, 0
    values = [o["value"] for o in select["options"]]
    req = ("req" if card[2] else "noreq") if any(v.startswith("noreq") for v in values) else "-"
    asks_vp = any(v.endswith("vp-") for v in values)  # negative or not: all the hard level asks
    vp = ("vp-" if card[3] == "vp-" else "vp0+") if asks_vp else "-"
    chosen = f"{req}:{vp}"
    return {"mbf:extras": [chosen]}, int(chosen != preset(select))


def rows_of(message: Any) -> list[dict[str, Any]]:
    """A posted message's component rows as payloads."""
    found = getattr(message, "message", message)
    return [row if isinstance(row, dict) else row.to_dict() for row in found.components]


def tag_list_id(board: Any, card: Card) -> str | None:
    """The board's tag list for ``card``: where the game asks the requirement the post has two
    (``mbt:…:noreq`` and ``mbt:…:req``) and the card's requirement picks one; else the only one."""
    ids = [str(c["custom_id"]) for c in components_of({"components": rows_of(board)}) if c.get("type") == 3]
    wanted = ":req" if card[2] else ":noreq"
    return next((i for i in ids if i.endswith(wanted)), None)


async def card_by_taps(
    person: Any, board: Any, card: Card, options: dict[str, Any], where: Counter[str] | None = None
) -> int:
    """Answer the card question on ``board`` by the tag list and the card's form; the taps
    (``where``: adds up what each tap was for)."""
    where = Counter() if where is None else where
    tags, cost, _req, _vp = card
    parts = tag_parts(tags, options)
    if parts is None:
        spent = await _one_by_one(person, board, card)
        where["tag by tag (a tag printed twice)"] += spent
        return spent
    chosen = [".".join(p) or "none" for p in parts]
    shown = await person.select(board, chosen, custom_id=tag_list_id(board, card))
    modal = shown.modal
    assert modal is not None, shown.response and shown.response.content
    taps = len(parts)
    values, extra = _extras(card, modal)
    values["mbf:cost"] = str(cost)
    order = control(modal, "mbf:order")
    changed = 0
    if order is not None:
        values["mbf:order"] = [".".join(tags)]
        changed = int(values["mbf:order"][0] != preset(order))
    done = await person.submit_modal(shown, values)
    assert not done.ephemeral, done.response and done.response.content
    where.update(
        {"tags in the list": taps, "order changed": changed, "requirement/VP changed": extra, "Submit": 1}
    )
    return taps + changed + extra + 1


async def _one_by_one(person: Any, board: Any, card: Card) -> int:
    """A card with a tag printed twice: **Card revealed…**, each tag, **Details…**, the form."""
    tags, cost, _req, _vp = card
    form = (await person.click(board, label="Card revealed…")).response
    for tag in tags:
        form = (await person.click(form, label=tag.capitalize())).response
    details = await person.click(form, label="Details…")
    values, extra = _extras(card, details.modal)
    await person.submit_modal(details, {"mbf:cost": str(cost), **values})
    return 3 + len(tags) + extra


def taps_before(card: Card) -> int:
    """The same answer by the flow before issue 26: Card revealed…, each tag, Details…, the
    requirement and the VP each its own select, Submit."""
    tags, _cost, req, vp = card
    return 3 + len(tags) + req + (vp != "vp0")


@dataclass
class Taps:
    """Taps per MarsBot turn, keyed by (generation, turn), and what each turn drew."""

    turns: dict[tuple[int, int], int] = field(default_factory=lambda: defaultdict(int))
    drew: dict[tuple[int, int], str] = field(default_factory=dict)
    before: dict[tuple[int, int], int] = field(default_factory=lambda: defaultdict(int))
    answers: list[int] = field(default_factory=list)
    """The taps of each card answer alone."""
    where: Counter[str] = field(default_factory=Counter)
    """What the card answers' taps were for."""

    def of(self, kind: str) -> list[int]:
        keys = [k for k, drawn in self.drew.items() if (drawn == PROJECT) == (kind == "project")]
        return [self.turns[k] for k in keys]

    def before_of_projects(self) -> list[int]:
        return [self.before[k] for k, drawn in self.drew.items() if drawn == PROJECT]


async def play_by_buttons(table: Any, first: int = 0, moves_max: int = 400) -> Taps:
    """Play ``table`` (a started ``tests.bot.marsbot_table.MarsBotTable``) to its end by buttons,
    revealing ``REVEALED`` from its card number ``first`` on."""
    taps = Taps()
    revealed = first
    for _ in range(moves_max):
        row = await table.row()
        if row.status != "active":
            break
        state = row.state
        before = (state["generation"], state["turns"], list(state["action_deck"]))
        key = (state["generation"], state["turns"])
        question = state["question"]
        board = table.posts()[-1]
        notation = table.next_move(state)
        if question is not None and question["kind"] == "card":
            card = REVEALED[revealed % len(REVEALED)]
            revealed += 1
            spent = await card_by_taps(table.person, board, card, dict(row.options or {}), taps.where)
            taps.answers.append(spent)
            taps.turns[key] += spent
            taps.before[key] += taps_before(card)
            continue
        if question is not None and question["kind"] == "cost":
            shown = await table.person.click(board, label="Enter the cost")
            await table.person.submit_modal(shown, {"mba:cost": notation.split()[1]})
            taps.turns[key] += 2
            taps.before[key] += 2
            continue
        if notation in ("done", "pass") and state["phase"] == "person":
            table.moves.append(notation)
            await table.person.click(board, label="End turn" if notation == "done" else "Pass")
            after = await table.state()
            if after["generation"] == before[0] and after["turns"] > before[1]:
                for k, drawn in enumerate(before[2][: after["turns"] - before[1]]):
                    taps.drew[(before[0], before[1] + k + 1)] = drawn
                taps.turns[(before[0], before[1] + 1)] += 1
                taps.before[(before[0], before[1] + 1)] += 1
            continue
        await table.play(notation)  # the person's own reports, the final questions: typed
        after = await table.state()
        if after["generation"] == before[0] and after["turns"] > before[1]:
            for k, drawn in enumerate(before[2][: after["turns"] - before[1]]):
                taps.drew[(before[0], before[1] + k + 1)] = drawn
    for key in taps.drew:
        taps.turns.setdefault(key, 0)
        taps.before.setdefault(key, 0)
    return taps


async def _measure(seed: int, folder: Path, options: dict[str, Any]) -> Taps:
    from bench.simcord_moves import simcord_bot
    from tests.bot.marsbot_table import MarsBotTable

    async with simcord_bot(folder) as (env, _bot):
        table = await MarsBotTable.open(env, seed=seed)
        await table.start(**options)
        return await play_by_buttons(table, first=seed * 10)  # a game reveals about 10 cards


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.marsbot_taps", description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--games", type=int, default=5, help="games, seeds from --seed on")
    parser.add_argument("--difficulty", default="medium", help="hard or brutal: the form asks the VP too")
    parser.add_argument(
        "--corporation", default=None, help="C05 (C03 before content 3): the requirement is asked too"
    )
    args = parser.parse_args(argv)
    options: dict[str, Any] = {"difficulty": args.difficulty}
    if args.corporation:
        options["corporation"] = args.corporation
    taps = Taps()
    for seed in range(args.seed, args.seed + args.games):
        with tempfile.TemporaryDirectory() as folder:
            game = asyncio.run(_measure(seed, Path(folder), options))
        for (generation, turn), drawn in game.drew.items():
            key = (seed * 1000 + generation, turn)  # one game's turns apart from another's
            taps.drew[key] = drawn
            taps.turns[key] = game.turns[(generation, turn)]
            taps.before[key] = game.before[(generation, turn)]
        taps.answers.extend(game.answers)
        taps.where.update(game.where)
    projects, bonuses = sorted(taps.of("project")), sorted(taps.of("bonus"))
    median = statistics.median(projects)
    verdict = "ok" if median <= 3 else "FAIL"
    words = ", ".join(f"{k} {v}" for k, v in options.items())
    seeds = f"seeds {args.seed}–{args.seed + args.games - 1}"
    print(f"MarsBot taps by buttons — {args.games} scripted games ({seeds}), {words}")
    print(
        f"project-card turns: {len(projects)}, taps median {median:g}  target <= 3  {verdict}; "
        f"max {projects[-1]}"
    )
    print(f"  histogram (taps: turns): {dict(sorted(Counter(projects).items()))}")
    before = statistics.median(taps.before_of_projects())
    print(f"  the same cards by the flow before issue 26: median {before:g}")
    print(f"  a card answer alone: median {statistics.median(taps.answers):g} (the End turn tap excluded)")
    spent = ", ".join(f"{why} {n}" for why, n in taps.where.most_common() if n)
    print(f"  what the card answers' taps were for: {spent}; End turn: one per turn the person ended")
    print(f"bonus-card turns: {len(bonuses)}, taps {dict(sorted(Counter(bonuses).items()))}  target 1")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
