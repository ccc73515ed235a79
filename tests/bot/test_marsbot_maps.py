"""Hellas and Elysium through the bot: ``/marsbot new map:`` sets the game on that map, the set-up
names it, the claim picker and autocomplete offer that map's milestones and awards, and another
map's milestone is refused privately without changing anything."""

from __future__ import annotations

from simcord import Env

from tests.bot.harness import moved
from tests.bot.marsbot_table import MarsBotTable, components


def options_of(response: object) -> list[str]:
    return [o["label"] for o in components(response)[0]["options"]]


async def test_a_game_on_hellas_offers_hellas_milestones_and_awards(simcord_env: Env) -> None:
    table = await MarsBotTable.open(simcord_env, seed=3)
    await table.start(map="hellas")
    state = await table.state()
    assert state["options"]["map"] == "hellas"
    assert any("two players on Hellas" in post.content for post in table.posts())
    asked = await table.person.click(table.posts()[-1], label="Milestone / award")
    offered = options_of(asked.response)
    assert "Milestone: Diversifier" in offered and "Award: Space Baron" in offered
    assert not [o for o in offered if "Terraformer" in o or "Landlord" in o]
    assert moved(await table.person.select(asked.response, ["milestone polar_explorer"]))
    assert (await table.state())["milestones"] == {"polar_explorer": "person"}
    hints = await table.person.autocomplete("marsbot award", "which", "cult")
    assert [(h["name"], h["value"]) for h in hints] == [("Cultivator", "cultivator")]


async def test_another_maps_milestone_is_refused_privately(simcord_env: Env) -> None:
    table = await MarsBotTable.open(simcord_env, seed=3)
    await table.start(map="elysium")
    before = await table.row()
    answer = await table.person.slash("marsbot milestone", which="terraformer")
    assert answer.ephemeral and "is not a milestone of this game's map" in answer.response.content
    after = await table.row()
    assert after.version == before.version and after.state["milestones"] == {}
    assert moved(await table.person.slash("marsbot milestone", which="Legend"))
    assert (await table.state())["milestones"] == {"legend": "person"}


async def test_without_the_option_the_game_is_on_tharsis(simcord_env: Env) -> None:
    table = await MarsBotTable.open(simcord_env, seed=3)
    await table.start()
    assert (await table.state())["options"]["map"] == "tharsis"
    assert any("two players on Tharsis" in post.content for post in table.posts())


def test_hellas_heat_and_south_pole_ocean_bonuses_are_said_in_words() -> None:
    """Hellas prints heat and, at the south pole, an ocean for 6 M€: a post names them as the
    printed board shows them (they were missing from the catalogs: the post showed the key)."""
    from bot.i18n import Tr
    from cogs.marsbot.places import place_words, space_facts
    from engine.marsbot.game import GAME

    view = GAME.view(GAME.new(1, {"map": "hellas"}, 3), 0)
    en, cs = Tr("en"), Tr("cs")
    assert place_words(en, "H3", space_facts(view, "H3")) == "row H, 3rd space — 2 heat"
    south_pole = "row I, 3rd space — South Pole: 1 ocean for 6 M€"
    assert place_words(en, "I3", space_facts(view, "I3")) == south_pole
    assert place_words(cs, "E7", space_facts(view, "E7")) == "řada E, 7. pole — 3× teplo, pole pro oceán"
    assert place_words(cs, "I3", space_facts(view, "I3")).endswith("1 oceán za 6 €")


def test_on_hellas_no_post_calls_the_energy_track_jovian() -> None:
    """Hellas's board moves Jovian tags on the science track („Jovian/science track", Rim
    Settler); the energy track takes power tags alone, so no post names it "energy/Jovian"."""
    from bot.board_post import BoardPosts
    from bot.i18n import Tr
    from cogs.marsbot.events import event_words
    from tests.engine.marsbot_support import play_card, position

    _, events, _ = play_card(position({"map": "hellas"}), "power+jovian 12 noreq vp0 green")
    expected = (
        ("en", "Jovian → the science track.", "Jovian"),
        ("cs", "Jupiter → stupnice věda.", "Jupiter"),
    )
    for lang, jovian, tag in expected:
        said = [BoardPosts.event_text(Tr(lang), e, ["dana"], event_words) for e in events]
        assert jovian in said, said
        tracks = [line for line in said if not line.startswith("🃏")]  # the card's own tags: "Power, Jovian"
        assert [line for line in tracks if tag in line] == [jovian], said


def test_the_rules_say_which_track_counts_marsbots_jovian_tags_on_each_map() -> None:
    from bot.i18n import Tr

    assert "(Jovian: the energy track, on Hellas the science track;" in Tr("en")("marsbot.rules.cards")
    assert "(Jupiter: stupnice energie, na plánu Hellas stupnice věda;" in Tr("cs")("marsbot.rules.cards")
