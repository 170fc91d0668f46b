"""The encounter simulator (engine/simulate): the generic policy plays every ruleset through the
platform's queries without a refused command, every fight ends, a lopsided fight goes to the strong
side, swapping the sides mirrors the odds, and the same seed gives the same numbers whatever the
number of processes."""

from __future__ import annotations

import json
import multiprocessing
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vantage.engine.dice import SeededDice
from vantage.engine.fileformat import encounter_from_dict, encounter_to_dict, load_encounter
from vantage.engine.model import Encounter, GameMap, Side, Size, Token
from vantage.engine.movement import reachable_tiles
from vantage.engine.rules.asking import ask_templates
from vantage.engine.simulate import policy
from vantage.engine.simulate.fight import fight_seed, play_fight
from vantage.engine.simulate.policy import FightPlayer
from vantage.engine.simulate.report import quartiles, wilson_interval
from vantage.engine.simulate.runner import MAX_BATCH, SimulationCancelled, batches, simulate

MAPS = Path(__file__).resolve().parents[3] / "maps"
#: One bundled sample per ruleset.
SAMPLES = {
    "avorkarth": "01-ruined-courtyard.json",
    "power-tiers": "04-power-tiers-ambush.json",
    "shattered-world": "05-shattered-world-ford.json",
    "baton": "06-baton-crossroads.json",
}
#: Five strong creatures and one weak one from each ruleset's bestiary: "five ogres against one
#: goblin", or the nearest templates it has.
LOPSIDED = {
    "avorkarth": ("cave-bear", "bandit"),
    "power-tiers": ("master-swordmaster", "neophyte"),
    "shattered-world": ("ogre", "human-warrior"),
    "baton": ("ogre", "cultist"),
}


def sample(ruleset: str) -> Encounter:
    return load_encounter(MAPS / SAMPLES[ruleset])


def template_token(ruleset: str, template_id: str, token_id: str, position: tuple[int, int],
                   side: Side) -> Token:
    template = next(t for t in ask_templates(ruleset) if t.id == template_id)
    return Token(token_id, f"{template.name} {token_id}", position, side, size=Size(template.size),
                 stats=dict(template.stats))


def lopsided(ruleset: str, strong_side: Side = Side.ENEMY) -> Encounter:
    strong, weak = LOPSIDED[ruleset]
    weak_side = Side.PARTY if strong_side is Side.ENEMY else Side.ENEMY
    tokens = [template_token(ruleset, strong, f"strong-{i}", (1 + 3 * i, 1), strong_side) for i in range(5)]
    tokens.append(template_token(ruleset, weak, "weak", (8, 7), weak_side))
    return Encounter(GameMap(18, 10), tuple(tokens), ruleset=ruleset, name=f"Lopsided {ruleset}")


@pytest.mark.parametrize("ruleset", sorted(SAMPLES))
@settings(max_examples=3, deadline=None, derandomize=True)
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_every_policy_command_is_accepted_and_every_fight_ends(ruleset, seed):
    # a refused command raises PolicyError inside play: "a refusal is a bug in the policy or the engine";
    # strict: legality is asked before every command, so a refusal after a yes is caught too
    player = FightPlayer(sample(ruleset), SeededDice(seed), strict=True)
    player.play(max_rounds=4)
    party, enemy = player.up_sides()
    assert not (party and enemy) or player.round() > 4  # one side is down, or the round limit passed
    assert player.log.commands, "the policy sent no command"


@pytest.mark.parametrize("ruleset", sorted(SAMPLES))
def test_trying_commands_plays_the_same_fight_as_asking_legality_first(ruleset):
    # the fast player tries a command instead of asking its legality first: the same fight
    for seed in (fight_seed(2, 0), fight_seed(2, 1)):
        assert play_fight(sample(ruleset), seed, 6) == play_fight(sample(ruleset), seed, 6, strict=True)


@pytest.mark.parametrize("ruleset", sorted(SAMPLES))
def test_a_fight_played_to_the_end_names_a_winner_or_reaches_the_round_limit(ruleset):
    record = play_fight(sample(ruleset), fight_seed(7, 0), max_rounds=20)
    if record.winner is None:
        assert record.rounds == 20
    else:
        losers = "enemy" if record.winner == "party" else "party"
        fallen = {tid for tid, standing in record.standing if standing != "up"}
        enc = sample(ruleset)
        assert all(t.id in fallen for t in enc.tokens if t.side.value == losers and t.stats)


@pytest.mark.parametrize("ruleset", sorted(LOPSIDED))
def test_five_strong_creatures_beat_one_weak_one_at_least_99_percent(ruleset):
    report = simulate(lopsided(ruleset), 100, seed=3, max_rounds=20)
    assert report.side("enemy").chance >= 0.99, report.text()
    assert report.top_dropper is not None and report.top_dropper[0].startswith("strong-")


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", ["power-tiers", "baton"])
def test_swapping_the_sides_mirrors_the_odds_within_the_interval(ruleset):
    enc = sample(ruleset)
    swapped = Encounter(enc.map, tuple(
        t if t.side is Side.NEUTRAL else
        Token(**{**t.__dict__, "side": Side.ENEMY if t.side is Side.PARTY else Side.PARTY})
        for t in enc.tokens), ruleset=enc.ruleset, name=enc.name, combat=enc.combat)
    one = simulate(enc, 60, seed=11, max_rounds=12)
    other = simulate(swapped, 60, seed=12, max_rounds=12)
    party, mirrored = one.side("party"), other.side("enemy")
    assert party.low <= mirrored.high and mirrored.low <= party.high, (one.text(), other.text())


@pytest.mark.parametrize("start", ["fork", "spawn"])
def test_the_same_seed_gives_identical_json_whatever_the_number_of_processes(start):
    # forked workers share the caches of the fight played first in this process; spawned ones
    # start from the encounter's JSON: the numbers are the same either way
    enc = lopsided("power-tiers")
    alone = simulate(enc, 6, seed=5, jobs=1, max_rounds=6)
    pooled = simulate(enc, 6, seed=5, jobs=2, max_rounds=6, context=multiprocessing.get_context(start))
    assert json.dumps(alone.to_dict()) == json.dumps(pooled.to_dict())
    assert json.dumps(simulate(enc, 6, seed=6, jobs=1, max_rounds=6).to_dict()) != json.dumps(alone.to_dict())


def test_fight_seeds_differ_by_index_and_by_run():
    seeds = {fight_seed(s, i) for s in range(3) for i in range(100)}
    assert len(seeds) == 300


def test_batches_cover_every_fight_once_in_order():
    for spans, first in ((batches(401, 2), 0), (batches(401, 2, 1), 1)):
        assert spans[0][0] == first and spans[-1][1] == 401
        assert all(a[1] == b[0] for a, b in zip(spans, spans[1:], strict=False))


def test_batches_shrink_toward_the_end():
    sizes = [stop - first for first, stop in batches(400, 2)]
    assert max(sizes) <= MAX_BATCH and sizes == sorted(sizes, reverse=True)
    assert sizes[-1] == 1 and sizes[0] == MAX_BATCH


def test_wilson_interval_matches_the_textbook_values():
    # Wilson (1927): 8 of 10 → 0.490 … 0.943 at 95 %
    low, high = wilson_interval(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4) and high == pytest.approx(0.9433, abs=1e-4)
    assert wilson_interval(0, 20)[0] == 0.0 and wilson_interval(20, 20)[1] == 1.0


def test_quartiles_of_rounds():
    assert quartiles([3, 5, 7, 9, 11]) == (5.0, 7.0, 9.0)
    assert quartiles([4]) == (4.0, 4.0, 4.0)


def test_fewer_than_one_fight_is_refused_with_the_reason():
    with pytest.raises(ValueError, match="at least 1"):
        simulate(sample("baton"), 0)


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_cancelled_run_stops_and_says_how_far_it_got(jobs):
    with pytest.raises(SimulationCancelled, match=r"cancelled after \d+ of 500 fights"):
        simulate(lopsided("power-tiers"), 500, seed=1, jobs=jobs, cancelled=lambda: True)


def test_an_encounter_without_enemies_is_refused_with_the_reason():
    enc = sample("power-tiers")
    party_only = Encounter(enc.map, tuple(t for t in enc.tokens if t.side is Side.PARTY), ruleset=enc.ruleset)
    with pytest.raises(ValueError, match="no enemy creature with a stat block"):
        simulate(party_only, 3)


def test_a_try_the_budget_cannot_cover_is_skipped_only_after_the_engine_refused_it_so():
    # "a refusal is the engine saying 'not now'": the player remembers what a thing cost and which
    # tries were refused with how much left, and skips a try that can only be refused again
    player = FightPlayer(sample("avorkarth"), SeededDice(1))
    player.begin()
    actor = player.turn().actor
    left = player.slots_left(actor)
    assert left and all(v > 0 for v in left.values())
    name = next(iter(left))
    player.costs[(actor, "Attack")] = {name: left[name] + 1}  # more than is left
    assert player.affordable(actor, "Attack")  # never refused with this much left: tried
    player.note_refused(actor, "Attack", left)
    assert not player.affordable(actor, "Attack")
    player.costs[(actor, "Attack")] = {name: left[name]}  # now covered: tried again
    assert player.affordable(actor, "Attack")
    assert player.affordable(actor, "Charge")  # a cost never seen: tried


def test_a_try_refused_for_want_of_budget_is_refused_anyway_with_less_left_and_tried_with_more():
    # "a refusal is the engine saying 'not now'": less of a budget never allows what more did not,
    # so a try refused with at least as much of every slot left (and that not enough) is refused
    # anyway; more of any slot (a minor action that may stand in for a major) and it is tried
    player = FightPlayer(sample("avorkarth"), SeededDice(1))
    player.begin()
    actor = player.turn().actor
    left = player.slots_left(actor)
    assert left and len(left) >= 2
    first, second = list(left)[:2]
    player.learned_costs[(actor, "Attack")] = {first: left[first] + 2}  # more than is left
    assert not player.refused_anyway(actor, "Attack")  # never refused: tried
    player.note_refused(actor, "Attack", {**left, second: left[second] - 1})  # refused with less
    assert not player.refused_anyway(actor, "Attack")  # more of a slot now than then: tried
    more = {**left, first: left[first] + 1}
    player.note_refused(actor, "Attack", more)  # refused with more, still short of the cost
    assert player.refused_anyway(actor, "Attack")
    assert not player.affordable(actor, "Attack")  # not tried: the engine would only refuse it
    # a move the budget refused is still tried as this fight's memory says (the way round opens
    # a door only when the player would try a move), but not sent (move_to)
    player.learned_costs[(actor, "move")] = {first: left[first] + 2}
    player.note_refused(actor, "move", more)
    assert player.refused_anyway(actor, "move") and player.affordable(actor, "move")
    # only the most left is kept, and a refusal with enough left says nothing of the budget
    assert player.learned_refusals[(actor, "Attack")] == [more]
    player.note_refused(actor, "Attack", {**left, first: left[first] + 5})
    assert player.learned_refusals[(actor, "Attack")] == [more]
    assert not player.refused_anyway(actor, "Move")  # another try: nothing known


@pytest.mark.parametrize(("sample_file", "fewer"), [("02-marsh-crossing.json", True),
                                                    ("03-two-level-hall.json", False)])
def test_costs_and_refusals_learned_from_one_encounter_serve_its_next_fights_alike(sample_file, fewer):
    # what a thing costs and that a budget refused it hold in every fight from one encounter: the
    # second fight skips what the first learned can only be refused (the marsh: moves refused for
    # "move action used", each after a search), and plays as it would have with nothing known (a
    # map with a door the way round may open searches as before: the search decides the door)
    encounter = load_encounter(MAPS / sample_file)
    fresh = {}
    for i in (1, 2):
        policy._SHARED[0] = None  # nothing known
        player = FightPlayer(encounter, SeededDice(fight_seed(6, i)))
        refusals = []
        player.take = counting_refusals(player, refusals)  # type: ignore[method-assign]
        player.play(5)
        fresh[i] = (player.log.commands, len(refusals))
    first = FightPlayer(encounter, SeededDice(fight_seed(6, 1)))
    first.play(5)
    assert first.log.commands == fresh[1][0] and first.learned_costs and first.learned_refusals
    second = FightPlayer(encounter, SeededDice(fight_seed(6, 2)))
    assert second.learned_costs is first.learned_costs and second.learned_refusals is first.learned_refusals
    refusals = []
    second.take = counting_refusals(second, refusals)  # type: ignore[method-assign]
    second.play(5)
    assert second.log.commands == fresh[2][0]
    assert len(refusals) < fresh[2][1] if fewer else len(refusals) <= fresh[2][1]
    # another encounter (an equal copy is another object) knows nothing yet
    other = FightPlayer(load_encounter(MAPS / sample_file), SeededDice(1))
    assert other.learned_costs is not first.learned_costs and not other.learned_costs


def counting_refusals(player, refusals):
    """``player.take`` that notes each command the engine refused in ``refusals``."""
    take = player.take

    def counting(command, known_legal=False):
        taken = take(command, known_legal)
        if not taken:
            refusals.append(command)
        return taken
    return counting


def test_remembering_costs_spares_refused_tries_and_plays_the_same_fight():
    # the fights are those of a player that remembers nothing (same records), with fewer refusals;
    # Baton declares no needs (``SimulationHints.needs``), so what a try costs is only learned
    # (Avorkarth's declared needs spare its budget's refusals before any is remembered)
    refusals = {}
    for remember in (True, False):
        player = FightPlayer(sample("baton"), SeededDice(fight_seed(3, 0)))
        if not remember:
            player.affordable = lambda actor, did: True  # type: ignore[method-assign]
        tried: list[bool] = []

        def counting(command, known_legal=False, take=player.take, tried=tried):
            tried.append(take(command, known_legal))
            return tried[-1]
        player.take = counting  # type: ignore[method-assign]
        player.play(6)
        refusals[remember] = (tried.count(False), player.log.commands)
    assert refusals[True][1] == refusals[False][1]
    assert refusals[True][0] < refusals[False][0]


def test_an_attack_without_a_line_of_sight_is_not_tried_and_the_fight_is_the_same(monkeypatch):
    # Avorkarth: "no attack, ranged or melee, without a line of sight" (assumed, docs/rules): the
    # hall's walls stand between many pairs; the player that knows an attack needs sight
    # (``OptionNeeds.sight``) sends the same commands as one that lets the engine refuse them (a
    # charge's sight is the engine's to find: it is measured from where the charge ends)
    hall = load_encounter(MAPS / "03-two-level-hall.json")
    played = {}
    for knows in (True, False):
        if not knows:
            monkeypatch.setattr(FightPlayer, "sees", lambda self, viewer, target: True)
        player = FightPlayer(hall, SeededDice(fight_seed(2, 0)))
        refused: list[str] = []

        def counting(command, known_legal=False, take=player.take, refused=refused, player=player):
            if take(command, known_legal):
                return True
            if not getattr(command, "options", {}).get("charge"):
                refused.append(player._refusal)
            return False
        player.take = counting  # type: ignore[method-assign]
        player.play(20)
        played[knows] = ([r for r in refused if r.startswith("no line of sight")], player.log.commands)
    assert played[True][1] == played[False][1]
    assert not played[True][0] and played[False][0]  # the engine refused some for want of sight


def test_a_creature_behind_a_closed_door_is_reached_through_it_and_the_fight_ends():
    # the two-level hall: the assassin waits in a room whose ways out are closed doors (and a
    # secret one, never opened); next to it through a wall, a fighter measures "nearest" along
    # the way, opens the door on it and goes round — the fight no longer stalls to the round limit
    hall = load_encounter(MAPS / "03-two-level-hall.json")
    player = FightPlayer(hall, SeededDice(fight_seed(1, 1)), strict=True)
    player.play(max_rounds=20)
    doors = [c for c in player.log.commands if c.kind == "set_door"]
    assert doors and all(c.open for c in doors)
    opened = {(tuple(c.a), tuple(c.b)) for c in doors}
    secret = {(tuple(w.a), tuple(w.b)) for w in hall.map.walls if w.gm_only}
    assert not opened & secret
    party, enemy = player.up_sides()
    assert party != enemy and player.round() < 20
    # and the fight a trying player plays is the same
    assert play_fight(hall, fight_seed(1, 1)) == play_fight(hall, fight_seed(1, 1), strict=True)


def _hall_with(places: dict[str, tuple[int, int]]) -> FightPlayer:
    """The two-level hall's fight begun, with the tokens of ``places`` moved there."""
    hall = load_encounter(MAPS / "03-two-level-hall.json")
    hall = replace(hall, tokens=tuple(replace(t, position=places.get(t.id, t.position)) for t in hall.tokens))
    player = FightPlayer(hall, SeededDice(7))
    player.begin()
    return player


def test_a_creature_beside_an_enemy_behind_a_closed_door_opens_the_door():
    # the hall's door (8, 15)–(8, 16) stands between Bram at (8, 15) and the assassin at (7, 15):
    # "nearest" along the paths is one step, through the door — the policy opens it (the GM's
    # set_door, the way round's one door) rather than standing there round after round
    player = _hall_with({"bram": (8, 15), "assassin": (7, 15)})
    door = next(w for w in player.enc.map.walls if (tuple(w.a), tuple(w.b)) == ((8, 15), (8, 16)))
    assert door.kind.value == "door-closed"
    sent = len(player.log.commands)
    assert player.move_closer("bram")
    opened = [c for c in player.log.commands[sent:] if c.kind == "set_door"]
    assert [(tuple(c.a), tuple(c.b), c.open) for c in opened] == [((8, 15), (8, 16), True)]
    assert player.sees("bram", "assassin")


def test_a_tile_beside_an_enemy_only_across_a_wall_is_no_place_to_strike_from():
    # Avorkarth: "no attack, ranged or melee, without a line of sight" (assumed): a fighter that
    # walks up to the wall the assassin stands behind could not strike it from there, so the
    # move toward it goes the way round instead (it used to step to the wall and back each round)
    player = _hall_with({"bram": (12, 15), "assassin": (7, 13)})
    assert not player.strikes_from("bram", (8, 13))  # the wall (8, 13)–(8, 14) between them
    assert player.strikes_from("bram", (6, 13))  # in the assassin's room, beside it
    assert not player.strikes_from("bram", (12, 15))  # no enemy beside it at all


def test_no_fighter_of_the_hall_steps_to_a_wall_and_back_every_round():
    moved: dict[str, int] = {}
    hall = load_encounter(MAPS / "03-two-level-hall.json")
    for index in range(6):
        player = FightPlayer(hall, SeededDice(fight_seed(3, index)))
        player.play(max_rounds=20)
        for command in player.log.commands:
            if command.kind == "move":
                moved[command.token] = moved.get(command.token, 0) + 1
    # before, the assassin alone moved ~7 times a fight, between the wall and the way round
    assert moved.get("assassin", 0) <= 2 * 6


def test_the_steps_onto_the_enemies_are_kept_for_every_fight_of_one_encounter_and_read_alike():
    # the way round measures "nearest" along the movement paths; the steps are a function of the
    # map, the footprint and the places alone, so a fight from the same encounter reads the kept
    # answers (the same dict) and a fight from a copy, with nothing kept, finds equal ones
    hall = load_encounter(MAPS / "03-two-level-hall.json")
    first = FightPlayer(hall, SeededDice(fight_seed(1, 1)))
    first.play(max_rounds=20)
    kept = {id(game_map): dict(answers) for game_map, answers in first.steps_kept.values()}
    assert any(kept.values()), "the hall's fighters walk round its walls: steps were asked"
    again = FightPlayer(hall, SeededDice(fight_seed(1, 1)))
    again.play(max_rounds=20)
    assert again.log.commands == first.log.commands
    copy = encounter_from_dict(encounter_to_dict(hall))
    fresh = FightPlayer(copy, SeededDice(fight_seed(1, 1)))
    assert not fresh.steps_kept
    fresh.play(max_rounds=20)
    assert fresh.log.commands == first.log.commands
    found = {asked: steps for _, answers in fresh.steps_kept.values() for asked, steps in answers.items()}
    for answers in kept.values():
        for asked, steps in answers.items():
            assert found[asked] == steps


def test_end_turn_known_from_the_turn_options_serves_every_fight_of_one_encounter_alike(monkeypatch):
    # "'end turn' is taken directly once turn_options has offered it": a fight played after
    # another from the same encounter knows it already (the options are not asked for it), and
    # plays the very fight a player that knows nothing plays
    encounter = sample("avorkarth")
    ruleset = FightPlayer(encounter, SeededDice(1)).ruleset
    options = ruleset.turn_options
    asked: list[object] = []

    def counting(enc):
        asked.append(enc)
        return options(enc)
    monkeypatch.setattr(ruleset, "turn_options", counting)
    fresh = {}
    for i in (1, 2):
        policy._SHARED[0] = None  # nothing known: each actor's first end asks the options
        player = FightPlayer(encounter, SeededDice(fight_seed(5, i)))
        player.play(4)
        fresh[i] = (player.log.commands, len(asked))
        asked.clear()
    assert fresh[2][1] >= 2  # every actor's first end asked the options
    first = FightPlayer(encounter, SeededDice(fight_seed(5, 1)))
    first.play(4)
    assert first.log.commands == fresh[1][0] and first.ends_by_end_turn
    asked.clear()
    second = FightPlayer(encounter, SeededDice(fight_seed(5, 2)))
    assert second.ends_by_end_turn is first.ends_by_end_turn
    second.play(4)
    assert second.log.commands == fresh[2][0]
    assert len(asked) < fresh[2][1]
    # another encounter (an equal copy is another object) knows nothing yet
    other = FightPlayer(load_encounter(MAPS / SAMPLES["avorkarth"]), SeededDice(1))
    assert other.ends_by_end_turn is not first.ends_by_end_turn and not other.ends_by_end_turn


@pytest.mark.parametrize(("sample_file", "seed"),
                         [("01-ruined-courtyard.json", 3), ("03-two-level-hall.json", 1)])
def test_the_searches_stopped_early_move_as_the_whole_reachable_set_would(monkeypatch, sample_file, seed):
    # moving closer searches only until a tile beside an enemy, and the way round until a tile
    # one step from one (and every tile as cheap): the fights are those of a player whose every
    # search covers all the tiles it can reach — the same moves, the same commands
    encounter = load_encounter(MAPS / sample_file)
    kinds: list[str] = []
    bounded = policy.reachable_until

    def counted(*args, key, **kwargs):
        kinds.append(key[0])
        return bounded(*args, key=key, **kwargs)

    def whole(encounter, token_id, allowance, rules, *, rank, floor, below, key, graph=None):
        return reachable_tiles(encounter, token_id, allowance, rules, graph=graph)

    played = {}
    for search in (counted, whole):
        policy._SHARED[0] = None  # nothing learned from another fight
        monkeypatch.setattr(policy, "reachable_until", search)
        player = FightPlayer(encounter, SeededDice(fight_seed(seed, 0)))
        player.play(20)
        played[search] = player.log.commands
    assert {"gap", "steps"} <= set(kinds)  # both searches were stopped early, and moved by
    assert played[counted] == played[whole]
