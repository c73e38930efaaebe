"""The table as people see it: their hand in order, the controls the moment calls for, and no one else's cards.

Every page here is rendered from a real table: created, joined and started through games.actions, its
deal made by the engine from a chosen seed, its moves applied by the engine through do_move.
"""

from __future__ import annotations

import json
import re
import uuid
from dataclasses import replace
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games import actions, engine
from games.engine.ddmau.cards import CARDS, COLOURS, NUMBER
from games.models import Game
from games.rendering import render_table_fragment
from games.table_state import table_state
from tests.support.table_play import (
    Position,
    advance,
    forgetful,
    hand_multipliers,
    pending_hit_table,
    position_of,
    seed_where,
    seeded_table,
    to_act,
)
from tests.support.tables import hidden_cards, leaked, player_at

# --- pages ---------------------------------------------------------------------------------------


def fragment(game: Game, user: Any) -> str:
    game.refresh_from_db()
    return render_table_fragment(table_state(game, user))


def page(game: Game, user: Any) -> str:
    client = Client()
    client.force_login(user)
    response = client.get(reverse("games:table", args=[game.pk]))
    assert response.status_code == 200
    return response.content.decode()


def shown_hand(html: str) -> list[str]:
    return re.findall(r'<button type="button" class="hand-card[^"]*" data-code="(\w+)"', html)


def buttons(html: str) -> list[str]:
    """The visible text of every button, without the keyboard hints."""
    found = re.findall(r"<button\b[^>]*>(.*?)</button>", html, re.S)
    return [" ".join(re.sub(r"<kbd>.*?</kbd>|<[^>]+>", " ", text).split()) for text in found]


# --- the hand ------------------------------------------------------------------------------------


def test_it_shows_the_players_hand_sorted_by_colour_then_number_with_power_cards_grouped(alice: Any, bob: Any) -> None:
    def mixed(position: Position) -> bool:
        hand = position["hands"][0]
        colours = {CARDS[code].colour for code in hand if CARDS[code].kind == NUMBER}
        return len(colours) >= 3 and sum(CARDS[code].kind != NUMBER for code in hand) >= 2

    game = seeded_table(seed_where(mixed), alice, bob)
    hand = shown_hand(page(game, alice))

    assert sorted(hand) == sorted(position_of(game)["hands"][0])
    kinds = [CARDS[code].kind for code in hand]
    numbers = [code for code in hand if CARDS[code].kind == NUMBER]
    assert kinds.index(next(kind for kind in kinds if kind != NUMBER)) == len(numbers), "numbers come first"
    order = [(COLOURS.index(CARDS[code].colour or ""), CARDS[code].number) for code in numbers]
    assert order == sorted(order), "by colour (red, yellow, blue, green), then by number"
    powers = [kind for kind in kinds if kind != NUMBER]
    assert all(kind not in powers[i + 1 :] or powers[i + 1] == kind for i, kind in enumerate(powers[:-1])), (
        "power cards of one kind sit together"
    )


def test_it_labels_each_card_for_screen_readers_and_colour_blind_players(alice: Any, bob: Any) -> None:
    game = seeded_table(seed_where(lambda p: "TR" in p["hands"][0] or "SB" in p["hands"][0]), alice, bob)
    html = page(game, alice)
    power = "TR" if "TR" in position_of(game)["hands"][0] else "SB"
    name = {"TR": "Penal T, red, 20 points", "SB": "Skip, blue, 15 points"}[power]
    assert f'data-code="{power}" data-index' in html
    assert f'aria-label="{name}"' in html
    letter, shape = power[1], {"R": "pip-R", "B": "pip-B"}[power[1]]
    assert re.search(
        rf'<span class="cd cd-{letter} cd-pow cd-k-{power[0]}".*?<b>{letter}</b><span class="pip {shape}"', html
    )


# --- hidden information --------------------------------------------------------------------------


def test_it_shows_a_spectator_no_hand_and_no_card_of_any_hand_or_the_draw_pile(
    alice: Any, bob: Any, carol: Any
) -> None:
    game = seeded_table(seed_where(lambda p: True), alice, bob)
    for moment in ("the deal", "a few plays in"):
        if moment != "the deal":
            advance(game, lambda p: len(p["pile"]) >= 3)
        hidden = hidden_cards(game, None)
        for html in (page(game, carol), fragment(game, carol)):
            assert shown_hand(html) == [], moment
            assert "Your hand" not in html, moment
            assert leaked(html, hidden) == set(), moment


def test_it_never_puts_the_opponents_cards_into_a_players_page(alice: Any, bob: Any) -> None:
    game = seeded_table(seed_where(lambda p: True), alice, bob)
    advance(game, lambda p: len(p["pile"]) >= 3)
    for seat, player in enumerate((alice, bob)):
        hidden = hidden_cards(game, seat)
        assert hidden, "the test needs cards to hide"
        for html in (page(game, player), fragment(game, player)):
            assert sorted(shown_hand(html)) == sorted(position_of(game)["hands"][seat])
            assert leaked(html, hidden) == set()


# --- the controls the moment calls for -----------------------------------------------------------


def test_it_asks_what_a_master_mau_is_played_as_only_of_a_player_holding_one(alice: Any, bob: Any) -> None:
    game = seeded_table(seed_where(lambda p: "MM" in p["hands"][0] and "MM" not in p["hands"][1]), alice, bob)
    advance(game, lambda p: to_act(p) == 0)
    holder, other = fragment(game, alice), fragment(game, bob)

    select = re.search(r'<select name="mm"[^>]*>(.*?)</select>', holder, re.S)
    assert select is not None
    kinds = re.findall(r'<option value="(\w+)">([^<]+)</option>', select.group(1))
    assert kinds == [
        ("T", "Penal T"),
        ("S", "Skip"),
        ("O", "Other Way Mae"),
        ("JT", "Just Take Two"),
        ("SM", "Shadow Master"),
        ("LM", "Link Master"),
    ]
    assert 'name="mm"' not in other


def test_it_offers_a_colour_picker_only_to_a_player_who_can_name_a_colour(alice: Any, bob: Any) -> None:
    def shadow_only_for_alice(position: Position) -> bool:
        mine, theirs = position["hands"]
        return "SM" in mine and not {"SM", "MM"} & set(theirs)

    game = seeded_table(seed_where(shadow_only_for_alice), alice, bob)
    advance(game, lambda p: to_act(p) == 0 and "SM" in p["hands"][0] and not {"SM", "MM"} & set(p["hands"][1]))
    holder, other = fragment(game, alice), fragment(game, bob)

    picker = re.search(r"<fieldset[^>]*data-colour-picker.*?</fieldset>", holder, re.S)
    assert picker is not None
    assert re.findall(r'name="color" value="(\w)"', picker.group(0)) == ["R", "Y", "B", "G"]
    assert all(word in picker.group(0) for word in ("red", "yellow", "blue", "green"))
    assert 'name="color"' not in other


def test_it_shows_how_many_draws_are_left(alice: Any, bob: Any) -> None:
    game = seeded_table(seed_where(lambda p: True), alice, bob)
    seat = to_act(position_of(game))
    player = player_at(game, seat)
    assert "Draw (3 left)" in buttons(fragment(game, player))

    result = actions.do_move(game.pk, player, {"act": "draw"}, game.seq, uuid.uuid4().hex)
    assert result.ok, result.message

    assert "Draw (2 left)" in buttons(fragment(game, player))
    assert not any(text.startswith("Draw") for text in buttons(fragment(game, player_at(game, 1 - seat))))


def test_it_offers_the_target_of_a_hit_to_take_it_or_block_it_and_nothing_else(alice: Any, bob: Any) -> None:
    # R25: a hit waits for its target only when the target holds a Master Mau to block with.
    game, position = pending_hit_table(alice, bob)
    pending = position["pending"]
    target, hitter = player_at(game, pending["target"]), player_at(game, 1 - pending["target"])
    html = fragment(game, target)

    labels = buttons(html)
    assert f"Take {pending['cards']}" in labels
    assert "Block with Master Mau" in labels
    assert not any(text.startswith(("Draw", "Play", "Pass")) for text in labels)
    assert f"must take {pending['cards']} cards (Just Take Two), or block it" in html
    watching = fragment(game, hitter)
    assert f"{target.profile.name} must take {pending['cards']} cards" in watching
    assert not any(text.startswith(("Take", "Block")) for text in buttons(watching))


def test_it_shows_a_catch_button_to_the_others_while_a_missed_call_can_be_caught(
    alice: Any, bob: Any, carol: Any
) -> None:
    game = seeded_table(seed_where(lambda p: True), alice, bob)
    position = advance(game, lambda p: p["must_call"] is not None, forgetful, limit=1500)
    missed = position["must_call"]
    careless, watcher = player_at(game, missed), player_at(game, 1 - missed)
    careless_name = careless.profile.name

    assert f"Catch {careless_name}" in buttons(fragment(game, watcher))
    assert not any(text.startswith("Catch") for text in buttons(fragment(game, careless)))
    spectator = fragment(game, carol)
    assert not any(text.startswith("Catch") for text in buttons(spectator))
    assert "no DD MAU!" in spectator

    catch = {"act": "catch", "target": missed}
    assert actions.do_move(game.pk, watcher, catch, game.seq, uuid.uuid4().hex).ok
    assert not any(text.startswith("Catch") for text in buttons(fragment(game, watcher)))


def test_it_answers_an_illegal_play_inline_with_the_ruling_and_keeps_the_hand(alice: Any, bob: Any) -> None:
    def two_unrelated_numbers(position: Position) -> bool:
        hand = position["hands"][position["turn"]]
        numbers = [CARDS[code] for code in hand if CARDS[code].kind == NUMBER]
        return any(a.colour != b.colour and a.number != b.number for a in numbers for b in numbers)

    game = seeded_table(seed_where(two_unrelated_numbers), alice, bob)
    seat = position_of(game)["turn"]
    numbers = [CARDS[code] for code in position_of(game)["hands"][seat] if CARDS[code].kind == NUMBER]
    first, second = next((a, b) for a in numbers for b in numbers if a.colour != b.colour and a.number != b.number)
    client = Client()
    client.force_login(player_at(game, seat))
    action = {"act": "play", "cards": [first.code, second.code], "mm": [], "ddmau": False}

    response = client.post(
        reverse("games:move", args=[game.pk]),
        {"action": json.dumps(action), "expected_seq": game.seq, "client_move_id": uuid.uuid4().hex},
        headers={"HX-Request": "true"},
    )

    html = response.content.decode()
    assert response.status_code == 422
    ruling = re.search(r'<p class="ruling" role="alert">(.*?)</p>', html)
    assert ruling is not None
    assert re.match(r"R1\d: ", ruling.group(1))
    assert sorted(shown_hand(html)) == sorted(position_of(game)["hands"][seat])
    assert f'data-seq="{game.seq}"' in html


# --- the end of a hand and of the game ------------------------------------------------------------


def test_it_sums_up_a_finished_hand_with_who_went_out_and_everyones_points(alice: Any, bob: Any) -> None:
    game = seeded_table(seed_where(lambda p: True), alice, bob)
    position = advance(game, lambda p: p.get("last_hand") is not None, limit=1500)
    last = position["last_hand"]
    html = fragment(game, alice)

    out_name = player_at(game, last["out"]).profile.name
    summary = re.search(r'<details class="card summary".*?</details>', html, re.S)
    assert summary is not None
    assert f"{out_name} went out</summary>" in summary.group(0)  # no Shadow Master: the hand counts once
    assert last.get("multiplier", 1) == 1
    for seat, points in enumerate(last["points"]):
        name = player_at(game, seat).profile.name
        shown = f"+{points}" if points > 0 else str(points)
        assert re.search(rf"<td>{name}</td><td class=\"num\">{re.escape(shown)}</td>", summary.group(0))


def test_it_names_the_shadow_masters_a_hand_was_won_on_in_its_summary_and_between_hands(alice: Any, bob: Any) -> None:
    """DD MAU's presenter says the multiplier in DD MAU's words; the generic templates print them."""
    game = seeded_table(seed_where(lambda p: hand_multipliers(p, hands=1)[0] > 1), alice, bob)
    last = advance(game, lambda p: p.get("last_hand") is not None, limit=1500)["last_hand"]
    multiplier = last["multiplier"]
    assert multiplier > 1
    out_name = player_at(game, last["out"]).profile.name
    heading = f"Hand 1: {out_name} went out · Shadow Master \N{MULTIPLICATION SIGN}{multiplier}"

    html = fragment(game, alice)
    state = replace(table_state(game, alice), break_until=timezone.now() + timedelta(seconds=30))
    between = render_table_fragment(state)

    assert f"<summary>{heading}</summary>" in html
    assert f'<h2 id="break-title">{heading}</h2>' in between


@pytest.mark.slow
def test_it_shows_the_final_standings_with_the_winner_and_the_revealed_seed(alice: Any, bob: Any) -> None:
    rules = {"target": 40, "net_low": 35, "net_reset": 20}
    game = seeded_table(seed_where(lambda p: True), alice, bob, rules=rules)
    advance(game, lambda p: bool(p.get("over")), limit=3000)
    game.refresh_from_db()
    html = page(game, bob)

    [winner] = position_of(game)["winners"]
    winner_name = player_at(game, winner).profile.name
    assert f"Game over: {winner_name} wins!" in html
    rows = re.findall(r"<tr class=\"(winner)?\"><td>(\d)</td><td>(\w+)", html)
    assert rows[0] == ("winner", "1", winner_name)
    assert game.seed in html
    assert game.seed_hash in html
    assert reverse("games:replay", args=[game.pk]) in html
    assert reverse("games:record", args=[game.pk]) in html
    assert shown_hand(html) == []


def test_it_marks_the_safety_net_of_a_player_who_landed_in_it(alice: Any, bob: Any) -> None:
    rules = {"target": 999, "net_low": 2, "net_reset": 1}  # any positive hand score lands in the net
    game = seeded_table(seed_where(lambda p: True), alice, bob, rules=rules)
    last = advance(game, lambda p: p.get("last_hand") is not None, limit=1500)["last_hand"]
    caught = [seat for seat, points in enumerate(last["points"]) if 2 <= points <= 999]
    assert caught, "the player left holding cards scores between 2 and 999"
    state = replace(table_state(game, alice), extra={"totals_before": [0, 0]})

    html = render_table_fragment(state)

    for seat in (0, 1):
        name = player_at(game, seat).profile.name
        row = re.search(rf"<tr[^>]*><td>{name}</td>.*?</tr>", html, re.S)
        assert row is not None
        assert ("safety net" in row.group(0)) == (seat in caught)


def test_it_tells_the_table_script_which_plays_name_a_colour_from_the_legal_actions_alone() -> None:
    from games.presenters.ddmau import play_shapes

    legal: list[dict[str, Any]] = [
        {"act": "draw"},
        {"act": "play", "cards": ["G9"], "mm": []},
        *({"act": "play", "cards": ["SM"], "mm": [], "color": colour} for colour in "RYBG"),
        {"act": "play", "cards": ["MM"], "mm": ["T"], "color": None},
        {"act": "play", "cards": ["MM"], "mm": ["T"], "color": "R"},
    ]
    assert play_shapes(legal) == [[["G9"], [], 0], [["MM"], ["T"], 2], [["SM"], [], 1]]

    # From the engine: a Shadow Master always names a colour (R8), a number card never does.
    seed = next(f"sm{n}" for n in range(500) if "SM" in (p := engine.new_game(2, seed=f"sm{n}"))["hands"][p["turn"]])
    position = engine.new_game(2, seed=seed)
    shapes = play_shapes(engine.legal_actions(position, position["turn"]))
    assert [["SM"], [], 1] in shapes
    assert all(colour == 0 for cards, mm, colour in shapes if len(cards) == 1 and cards[0][1:].isdigit())


@pytest.mark.parametrize("variant", ["ddmau", "maumau"])
def test_it_says_the_turn_s_deadline_in_the_viewer_s_own_time_zone(alice: Any, bob: Any, variant: str) -> None:
    from zoneinfo import ZoneInfo

    from tests.support.variant_play import two_player_table

    game = two_player_table(alice, bob, variant, move_seconds=86400)
    assert game.deadline is not None
    for zone in ("America/New_York", "Asia/Kolkata", "UTC"):
        with timezone.override(ZoneInfo(zone)):
            html = render_table_fragment(table_state(game, alice))
        local = game.deadline.astimezone(ZoneInfo(zone))
        assert f"{local:%H:%M}" in re.search(r"until ([^<]+)</b>", html).group(1)  # type: ignore[union-attr]
        assert f'data-deadline="{local.isoformat()}"' in html


def test_it_writes_a_move_s_log_line_with_the_player_s_name_escaped_and_the_cards_as_chips(alice: Any) -> None:
    from tests.support.personas import make_player

    mallory = make_player("mallory", display_name="<i>O'Mal</i>")
    game = actions.do_create_game(alice, seat_count=2, move_seconds=60)
    actions.do_join(game.pk, mallory)
    game = actions.do_start(game.pk, alice)
    position = position_of(game)
    while to_act(position) != 1:  # Alice's turn first: she draws, then passes, until it is Mallory's
        legal = engine.legal_actions(position, 0)
        act = next(action for action in legal if action["act"] in ("pass", "draw", "take"))
        assert actions.do_move(game.pk, alice, act, game.seq).ok
        game.refresh_from_db()
        position = position_of(game)
    plays = [action for action in engine.legal_actions(position, 1) if action["act"] == "play"]
    action = plays[0] if plays else {"act": "draw"}
    assert actions.do_move(game.pk, mallory, action, game.seq).ok

    html = fragment(game, alice)
    log = re.search(r'<ol class="log"[^>]*>(.*?)</ol>', html, re.S)
    assert log is not None
    line = log.group(1).split("</li>")[-2]
    assert "&lt;i&gt;O&#39;Mal&lt;/i&gt;" in line
    assert "<i>O'Mal</i>" not in line
    if plays:
        assert f'title="{CARDS[action["cards"][0]].name}' in line or 'class="cd' in line  # a card face, not text
