"""The table service: load -> engine -> commit -> render -> reply, shared by every game.

Cogs translate clicks and commands into calls here; this module owns the order of
operations that keeps moves safe: the move is committed (with the interaction id and the
state version) before anything is posted, so a failed post never loses a move and a
second click never applies twice.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import discord

from bot import clock_settings, standin
from bot.adapter import GameAdapter, command_params
from bot.board_post import discord_time
from bot.bot_players import seat_name
from bot.clock_settings import ClockSettings
from bot.digest import digest_seat
from bot.errors import UserError, engine_params, saving
from bot.finished import nothing_here
from bot.i18n import Commands, Tr, lang_of
from bot.outcome import commit_resolved, shown_after_saving
from bot.private_events import PrivateEvents
from bot.refusals import over_refusal
from bot.rejoin import came_back
from bot.retry import MadeFrom, retries
from bot.turn_posts import TurnPosts
from bot.undo import offer_after_move
from db.errors import ChannelBusy, DuplicateInteraction, LobbyChanged, StaleVersion
from db.models import MoveRow, NewMove, NewResult, TableRow
from db.store import Store
from engine.core import Event, Game, IllegalMove, Move, Rng
from engine.core.turns import steps, turn_started

if TYPE_CHECKING:
    from discord.ext import commands

__all__ = ["GameAdapter", "Played", "TableService", "discord_time", "over_refusal"]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Played:
    """A committed move, for whoever wants to follow up."""

    table: TableRow
    events: list[Event]


class TableService(TurnPosts, PrivateEvents):
    """Loads tables, runs moves through the engine, commits them and shows the board."""

    def __init__(self, bot: commands.Bot, store: Store) -> None:
        self.bot = bot
        self.store = store
        self.adapters: dict[str, GameAdapter] = {}
        self.new_seed: Callable[[], int] = lambda: secrets.randbits(63)
        """Where a new table's seed comes from; tests and tools replace it to replay a game."""
        self.clocks_changed: Callable[[], None] = lambda: None
        """Called after every commit that may move a reminder or deadline (the scheduler's poke)."""
        self.move_shown: Callable[[discord.Interaction], None] = lambda interaction: None
        """Called once a player's move is committed and shown (the health line's moves and reply times)."""
        self.undo_offers: dict[int, int] = {}
        """Table id -> the version whose board offers Undo: its last step can be taken back."""
        self.init_turn_posts()

    def register(self, adapter: GameAdapter) -> None:
        self.adapters[adapter.game.info.name] = adapter

    def title(self, game: str, tr: Tr) -> str:
        """A game's name in the reader's language (its id if the game is no longer registered)."""
        adapter = self.adapters.get(game)
        return tr(adapter.title_key) if adapter is not None else game

    def commands(self, game: str | None) -> dict[str, Commands]:
        """``{new_cmd}``, ``{board_cmd}``, ``{resign_cmd}`` for a shared sentence: the commands of
        the table's game, or of every game where no table is known."""
        return command_params(self.adapters, game)

    def stale(self, game: str | None, *, typed: bool = False) -> UserError:
        """The refusal of a move made on a board that has changed since; a typed command's
        (``typed``) speaks of the others' moves, not of a button."""
        return UserError("table.stale_typed" if typed else "table.stale", **self.commands(game))

    def automa_name(self, game: str, tr: Tr) -> str:
        """The name of a game's own opponent ("Automa", "MarsBot"), as the game declares it."""
        adapter = self.adapters.get(game)
        return tr(adapter.game.info.automa_name_key if adapter is not None else "table.automa_name")

    # ------------------------------------------------------------------ lookups
    async def table_here(
        self, interaction: discord.Interaction, game: str | None = None, *, read: TableRow | None = None
    ) -> TableRow:
        """The open table of ``game`` in this thread/DM, or a friendly refusal.

        Without ``game`` (a command for every game): the one open table here; a DM with one
        table per game asks which game is meant (``tables_here`` lists them). ``read``: the row
        this interaction already read (a board button's own table): when it is open here and of
        ``game`` it is that table (a channel holds one open table, a DM one per game), so it is
        not read again."""
        if game is not None:
            here = interaction.channel_id or 0
            if read is not None and read.is_open and read.channel_id == here and read.game == game:
                return await self._here(interaction, read)
            table = await self.store.open_table_in(here, game)
            if table is None:
                raise await nothing_here(self, interaction, game)
            return await self._here(interaction, table)
        tables = await self.tables_here(interaction)
        if not tables:
            raise await nothing_here(self, interaction, game)
        if len(tables) > 1:
            tr = Tr(lang_of(interaction.locale))
            raise UserError("table.which", games=", ".join(self.title(t.game, tr) for t in tables))
        return await self._here(interaction, tables[0])

    async def _here(self, interaction: discord.Interaction, table: TableRow) -> TableRow:
        """A player acting at ``table`` is present: back on the server if they had left
        (``bot.rejoin``), their seat theirs again if the stand-in held it (``bot.standin``)."""
        table = await came_back(self, table, interaction.user.id, acting=True)
        return await standin.back(self, interaction, table)

    async def tables_here(self, interaction: discord.Interaction) -> list[TableRow]:
        """Every open table of this thread (one) or DM (one per game), newest first."""
        return await self.store.open_tables_in(interaction.channel_id or 0)

    async def running_table_here(
        self, interaction: discord.Interaction, game: str | None = None, *, read: TableRow | None = None
    ) -> TableRow:
        table = await self.table_here(interaction, game, read=read)
        if table.status != "active" or table.state is None:
            raise UserError("table.not_started")
        return table

    @staticmethod
    def seat_of(table: TableRow, user_id: int) -> int:
        seat = table.seat_of(user_id)
        if seat is None:
            raise UserError("table.not_seated")
        return seat

    def names(self, table: TableRow, tr: Tr | None = None) -> list[str]:
        """Display names by seat, as text that never pings (``<@id>`` stays text); a bot
        player's in the reader's language, and seats the engine plays itself (an automa) get
        its name."""
        tr = tr or Tr(table.locale)
        names = [seat_name(tr, table.game, s) for s in sorted(table.seats, key=lambda s: s.seat)]
        adapter = self.adapters.get(table.game)
        if adapter is not None and table.state is not None:
            automated = adapter.game.automated_seats(table.state)
            automa = self.automa_name(table.game, tr or Tr(table.locale))
            for seat in sorted(automated):
                names.insert(seat, automa)
        return names

    # --------------------------------------------------------------- lifecycle
    async def open_table(
        self,
        interaction: discord.Interaction,
        game_name: str,
        options: Mapping[str, Any],
        *,
        channel_id: int,
        parent_id: int | None,
        max_seats: int,
        clock: ClockSettings | None = None,
        invited: Sequence[tuple[int, str]] = (),
    ) -> TableRow:
        """A lobby with validated options; ``clock`` ``None`` means no reminders and no limit;
        ``invited`` (user id, name) hold a seat each until they join."""
        adapter = self.adapters[game_name]
        try:
            merged = adapter.game.options(options)
        except IllegalMove as error:
            raise UserError.worded(error.code, engine_params(error.params)) from error
        clock = clock or ClockSettings(None, None, "remove")
        try:
            return await self.store.create_table(
                game=game_name,
                guild_id=interaction.guild_id,
                channel_id=channel_id,
                parent_id=parent_id,
                host_id=interaction.user.id,
                host_name=interaction.user.display_name,
                options=merged,
                locale=lang_of(interaction.locale),
                seed=self.new_seed(),
                max_seats=max_seats,
                remind_after=clock.remind_after,
                time_limit=clock.time_limit,
                on_timeout=clock.on_timeout,
                invited=invited,
                standin_level=clock.standin_level,
            )
        except ChannelBusy as error:
            raise UserError("table.busy") from error

    async def open_solo(
        self, interaction: discord.Interaction, game_name: str, options: Mapping[str, Any]
    ) -> TableRow:
        """A solo table against the game's automa in this DM, started at once."""
        table = await self.open_table(
            interaction,
            game_name,
            options,
            channel_id=interaction.channel_id or 0,
            parent_id=None,
            max_seats=1,
        )
        return await self.start(table)

    async def start(self, table: TableRow) -> TableRow:
        """Lobby -> game (see :meth:`begin`)."""
        return (await self.begin(table)).table

    async def begin(self, table: TableRow) -> Played:
        """Lobby -> game: seat order drawn from the table's seed (bot players included), the
        engine's setup, then whatever the bot players owe at once (their moves are logged).

        People and bot players count alike toward the game's minimum; a one-seat table is a
        solo game against the automa, and any other needs two seats at least."""
        game = self.adapters[table.game].game
        needed = 1 if table.max_seats == 1 else max(2, game.info.min_players)
        if len(table.seats) < needed:
            raise UserError("lobby.too_few", minimum=needed)
        # Shuffling the seat numbers draws the same order of people as shuffling their ids did.
        order = [s.seat for s in sorted(table.seats, key=lambda s: s.seat)]
        Rng(table.seed ^ 0x5EA7).shuffle(order)
        lobby_bots = table.bots
        bots = {new: lobby_bots[old] for new, old in enumerate(order) if old in lobby_bots}
        state = game.new(len(order), table.options, table.seed)
        moves: list[NewMove] = []
        state, events = self.run_automated(game, state, moves, bots)
        try:
            with saving("start"):
                started = await self.store.start(
                    table.id,
                    state,
                    from_seats=order,
                    awaited=self.awaited(game, state, bots),
                    moves=moves,
                    expected_seats=table.seats,
                )
        except LobbyChanged as error:
            raise UserError("lobby.changed") from error
        self.clocks_changed()
        return Played(table=started, events=events)

    def default_clock(self, game_name: str) -> ClockSettings:
        return clock_settings.defaults(self.adapters[game_name].game.info.timeout_move)

    def typed_clock(
        self,
        game_name: str,
        *,
        reminder: str | None = None,
        limit: str | None = None,
        at_limit: str | None = None,
    ) -> ClockSettings:
        """The clock a ``new`` command asked for: the game's defaults with what the host typed,
        validated (a refusal the host reads if it does not fit)."""
        return clock_settings.merged(
            self.default_clock(game_name),
            reminder=reminder,
            limit=limit,
            at_limit=at_limit,
            has_timeout_move=self.adapters[game_name].game.info.timeout_move,
            bot_levels=self.adapters[game_name].game.info.bot_levels,
        )

    @staticmethod
    def awaited(engine: Game, state: dict[str, Any], bots: Collection[int] = ()) -> list[int]:
        """Seats waiting for a person (an automa's or a bot player's seat never waits: it moves
        at once)."""
        automated = set(engine.automated_seats(state)) | set(bots)
        return [s for s in engine.to_act(state) if s not in automated]

    @staticmethod
    def results(table: TableRow, engine: Game, state: dict[str, Any]) -> list[NewResult] | None:
        """The standings to store if ``state`` is over."""
        outcome = engine.outcome(state)
        if outcome is None:
            return None
        info, options = engine.info, engine.options(table.options)
        variant = str(options[info.variant_option]) if info.variant_option else ""
        solo = bool(engine.automated_seats(state))
        level = str(options[info.level_option]) if solo and info.level_option else None
        bots = table.bots
        figures = dict(outcome.figures)
        return [
            NewResult(
                s,
                table.user_at(s),
                outcome.places[s],
                outcome.scores[s],
                variant,
                level,
                bots.get(s),
                figures,
            )
            for s in range(len(outcome.scores))
        ]

    # -------------------------------------------------------------------- moves
    async def play(
        self,
        interaction: discord.Interaction,
        notation: str,
        *,
        game: str | None = None,
        expected_version: int | None = None,
        from_picker: bool = False,
        made_from: MadeFrom | None = None,
        then: Sequence[str] = (),
        table: TableRow | None = None,
    ) -> Played | None:
        """Apply one player's move and everything automated after it; then post the board.

        ``then`` are the same seat's moves that follow at once (a shortcut such as "Confirm and
        produce"): each is judged by the engine on the state the previous one left, and all are
        committed together or, when one is refused, none (the refusal is the engine's reason).

        ``expected_version`` is the board the player acted on (a button or picker of one
        board); a newer table refuses the move as stale. ``made_from`` replaces that check for
        a private choice that depends on nothing the other seats do (Moonriser's keep, RunArch's
        setup): it says whether the choice still stands on the current state (the seat's own
        drawn tiles or hand are what they were), whatever the others did meanwhile. Without
        either (a slash command) the player chose independently of the other moves.

        When another move is committed between our load and our commit, an independent move
        (a slash command, or one whose ``made_from`` still holds) is applied again to the new
        position, where the engine judges it again, as often as the others can commit
        meanwhile (``retries``); a board-bound one is refused as stale. The interaction id
        makes sure it is never applied twice.

        ``table``: the running table here as this interaction just read it (``running_table_here``
        or ``my_turn``), so it is not read again: the commit checks its version all the same.
        """
        try:
            saved = await self._saved_move(
                interaction, notation, game, expected_version, made_from, then, table
            )
        except UserError:
            if await self.store.interaction_seen(interaction.id):
                # Discord delivered it again after it took effect (the move it made may be
                # illegal now, the game over): the first delivery was answered, and Discord
                # refuses a second answer (40060).
                log.info("interaction %s was delivered again after it took effect", interaction.id)
                return None
            raise
        if saved is None:
            return None
        before, table, seat, moves, events, new_turn, log_after = saved
        self.clocks_changed()
        offer_after_move(self, before, table, seat, moves)
        awaited_before = self.awaited(self.adapters[table.game].game, before.state or {}, before.automated)

        async def show() -> None:
            await self.show_move(
                interaction,
                table,
                events,
                mover=seat,
                new_turn=new_turn,
                from_picker=from_picker,
                awaited_before=awaited_before,
                moves=log_after or None,
            )
            self.move_shown(interaction)
            await self.tell_private(table, events, interaction)

        await shown_after_saving(interaction, show(), lambda: self.board_shows(table))
        return Played(table=table, events=events)

    async def _saved_move(
        self,
        interaction: discord.Interaction,
        notation: str,
        game: str | None,
        expected_version: int | None,
        made_from: MadeFrom | None,
        then: Sequence[str],
        read: TableRow | None = None,
    ) -> tuple[TableRow, TableRow, int, list[NewMove], list[Event], bool, list[MoveRow]] | None:
        """The move of :meth:`play` judged and committed: the table before and after, the seat,
        the moves stored, their events, whether they began a turn and the log after them (read
        with the commit when that turn's post opens with a digest; else empty); ``None`` if this
        interaction had taken effect already. A refusal is a ``UserError``."""
        if read is not None and read.status == "active" and read.state is not None:
            table = read
        else:
            table = await self.running_table_here(interaction, game)
        typed = interaction.type == discord.InteractionType.application_command
        bound = expected_version is not None and made_from is None
        if not self._still_stands(table, expected_version, made_from):
            raise self.stale(table.game, typed=typed)
        attempts = retries(table)
        for attempt in range(attempts):
            seat = self.seat_of(table, interaction.user.id)
            before = table
            moves, state, events = self._apply(interaction, table, seat, (notation, *then))
            new_turn = self.starts_turn(table, moves, state)
            digested = new_turn and digest_seat(self, replace(table, state=state)) is not None
            logged: list[MoveRow] | None = [] if digested else None  # read with the commit
            try:
                table = await commit_resolved(
                    self.store,
                    interaction,
                    table.id,
                    expected_version=table.version,
                    moves=moves,
                    state=state,
                    results=self.results(table, self.adapters[table.game].game, state),
                    awaited=self.awaited(self.adapters[table.game].game, state, table.automated),
                    standins=table.standins,
                    log=logged,
                )
            except StaleVersion as error:
                if attempt == attempts - 1:
                    raise self.stale(table.game, typed=typed) from error
                log.info(
                    "table %s moved on under interaction %s; applying it again", table.id, interaction.id
                )
                read = table
                table = await self._reloaded(table.id)
                if bound and table.version != read.version:
                    raise self.stale(table.game, typed=typed) from error
                # Same version: only a held seat went back to its player; the board stands.
                if not self._still_stands(table, None, made_from):
                    raise self.stale(table.game, typed=typed) from error
                continue
            except DuplicateInteraction:
                log.info("interaction %s was already applied", interaction.id)
                return None
            return before, table, seat, moves, events, new_turn, logged or []
        raise AssertionError("unreachable: the last attempt returns or raises")

    def board_shows(self, table: TableRow) -> bool:
        """Whether the table's board post shows ``table``'s version (it was posted or edited)."""
        post = self.turn_posts.get(table.id)
        return post is not None and post.version >= table.version

    @staticmethod
    def _still_stands(table: TableRow, expected_version: int | None, made_from: MadeFrom | None) -> bool:
        """Whether a move chosen on an earlier read may be applied to ``table`` (see :meth:`play`)."""
        if made_from is not None:
            return table.state is not None and made_from(table.state)
        return expected_version is None or expected_version == table.version

    def _apply(
        self, interaction: discord.Interaction, table: TableRow, seat: int, notations: Sequence[str]
    ) -> tuple[list[NewMove], dict[str, Any], list[Event]]:
        """The engine's verdict on one seat's moves in order at ``table``, each with the automated
        replies after it: the moves to store, the new state, events (a refusal of any refuses all)."""
        engine = self.adapters[table.game].game
        assert table.state is not None
        state: dict[str, Any] = table.state
        moves: list[NewMove] = []
        events: list[Event] = []
        try:
            for notation in notations:
                move = engine.parse_move(notation)
                state, happened = engine.apply(state, seat, move)
                events.extend(happened)
                made = [NewMove(seat=seat, notation=move.notation, user_id=interaction.user.id)]
                state, more = self.run_automated(
                    engine, state, made, *standin.automated(engine, table, state)
                )
                events.extend(more)
                moves.extend(made)
        except IllegalMove as error:
            raise self._refusal(table, engine, error, Tr(lang_of(interaction.locale))) from error
        events.extend(standin.played_events(table, moves))
        events.extend(standin.pause_events(engine, table, state))  # the last person left the game
        return moves, state, events

    def starts_turn(self, table: TableRow, moves: list[NewMove], state: dict[str, Any]) -> bool:
        """Whether committing ``moves`` (a move and the automated replies) at ``table`` begins a
        turn, so the board is posted anew instead of editing the turn's post."""
        engine = self.adapters[table.game].game
        assert table.state is not None
        if len(moves) == 1:
            states = [table.state, state]
        else:  # the steps in between count too: an automa's reply hands the turn back
            states = steps(engine, table.state, [(m.seat, m.notation) for m in moves])
        return turn_started(engine, states, lambda s: self.awaited(engine, s, table.automated))

    async def _reloaded(self, table_id: int) -> TableRow:
        """The table again after a lost race; a game that ended meanwhile refuses the move."""
        table = await self.store.table(table_id)
        if table is None or table.status != "active" or table.state is None:
            raise over_refusal(table)
        return table

    @staticmethod
    def run_automated(
        engine: Game,
        state: dict,
        moves: list[NewMove],
        bots: Mapping[int, str] | None = None,
        standins: Collection[int] = (),
    ) -> tuple[dict, list[Event]]:
        """Automated seats move right after the move that hands them the decision: the engine's
        automa (``choose_automated``) and bot players (``bots``: seat -> level, ``bot_move``),
        through the same ``apply`` as a person, logged without a user. ``standins`` are the
        people's seats among ``bots`` a stand-in bot holds (``bot.standin``): logged as such."""
        bots = bots or {}
        events: list[Event] = []
        for _ in range(10_000):
            if engine.outcome(state) is not None:
                break
            automated = set(engine.automated_seats(state))
            seat = next((s for s in engine.to_act(state) if s in automated or s in bots), None)
            if seat is None:
                break
            if seat in automated:
                move: Move = engine.choose_automated(state, seat)
                source = "automa"
            else:
                move = engine.bot_move(state, seat, bots[seat])
                source = "standin" if seat in standins else "bot"
            state, more = engine.apply(state, seat, move)
            moves.append(NewMove(seat=seat, notation=move.notation, user_id=None, source=source))
            events.extend(more)
        return state, events

    async def my_turn(
        self,
        interaction: discord.Interaction,
        game: str,
        version: int | None = None,
        waiting_key: Callable[[TableRow, int], str | None] | None = None,
        *,
        read: TableRow | None = None,
    ) -> tuple[TableRow, int]:
        """The running table here and the caller's seat, refusing politely when the board is
        older than ``version`` or the game is not waiting for them (``waiting_key`` may name a
        game's own sentence for that: "you have already made your choice"). ``read``: as for
        :meth:`table_here`."""
        table = await self.running_table_here(interaction, game, read=read)
        seat = self.seat_of(table, interaction.user.id)
        if version is not None and version != table.version:
            raise self.stale(game)
        assert table.state is not None
        waiting = self.adapters[game].game.to_act(table.state)
        if seat not in waiting:
            own = waiting_key(table, seat) if waiting_key is not None else None
            if own is not None:
                raise UserError(own)
            names = self.names(table)
            raise UserError("table.not_your_turn", name=", ".join(names[s] for s in waiting))
        return table, seat

    def refusal(self, table: TableRow, error: IllegalMove, tr: Tr) -> UserError:
        """The engine's refusal of a move checked before it is played (a preview), in words."""
        return self._refusal(table, self.adapters[table.game].game, error, tr)

    def _refusal(self, table: TableRow, engine: Game, error: IllegalMove, tr: Tr) -> UserError:
        """The engine's refusal as the player's sentence, its codes in words like the turn log's."""
        if error.code == "core.not_your_turn":
            assert table.state is not None
            waiting = engine.to_act(table.state)
            names = self.names(table, tr)
            return UserError("table.not_your_turn", name=", ".join(names[s] for s in waiting))
        code, params = self.adapters[table.game].event_words(tr, error.code, engine_params(error.params))
        names = self.names(table, tr)
        for key in engine.info.seat_params:  # the seats the refusal names, as their players' names
            if isinstance(params.get(key), int) and 0 <= params[key] < len(names):
                params[key] = names[params[key]]
        return UserError.worded(code, params)

    async def resign(
        self,
        interaction: discord.Interaction,
        *,
        game: str | None = None,
        from_picker: bool = False,
        table: TableRow | None = None,
    ) -> Played | None:
        """The caller leaves the game here by the game's own resignation move (``table``: as the
        caller just read it, see :meth:`play`)."""
        if table is None:
            table = await self.running_table_here(interaction, game)
        move = self.adapters[table.game].game.info.resign_move
        if move is None:
            raise UserError("errors.not_allowed")
        return await self.play(interaction, move, game=table.game, from_picker=from_picker, table=table)
