"""What a play will do, said before it is sent (issue 12): the words agree with what the engine then
does, and say nothing the player may not see: no card of another hand or of the draw pile, no points
of a hand that ends, for every legal play of many positions reached by random play."""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from games import engine
from games.engine.ddmau.cards import CARDS
from games.engine.ddmau.preview import PlayPreview, play_effect
from games.engine.events import p
from games.engine.view import view_of
from tests.engine.ddmau.positions import pile_play, play, position

Position = dict[str, Any]
CARD_NAMES = {info.name.replace('"', "").lower() for info in CARDS.values()}


def positions(games: int = 40, moves: int = 80) -> Iterator[Position]:
    """Positions where the seat to act may play, from random games of 2 to 6 players (a player
    plays when it can three times in four, half of those its longest play, so that hands stay of a
    usual size, some grow, and many hands end)."""
    for n in range(games):
        rng = random.Random(n)
        pos = engine.new_game(2 + n % 5, seed=f"preview-{n}")
        for _ in range(moves):
            if pos.get("over"):
                break
            seat = pos["pending"]["target"] if pos.get("pending") else pos["turn"]
            legal = engine.legal_actions(pos, seat)
            plays = [action for action in legal if action["act"] == "play"]
            if plays:
                yield pos
            others = [action for action in legal if action["act"] != "play"] or plays
            if plays and rng.random() < 0.375:
                chosen = max(plays, key=lambda action: len(action["cards"]))
            else:
                chosen = rng.choice(plays if plays and rng.random() < 0.6 else others)
            pos = engine.apply(pos, chosen)


def words_of(pos: Position) -> Iterator[tuple[dict[str, Any], str]]:
    seat = pos["turn"]
    preview = PlayPreview(view_of(pos, seat), seat)
    for action in engine.legal_actions(pos, seat):
        if action["act"] == "play":
            yield action, preview.words(action["cards"], action.get("mm") or (), action.get("color"))


def hidden_codes(pos: Position, seat: int) -> set[str]:
    """Cards the seat may not see: the other hands and the draw pile, less any copy it sees itself."""
    unseen = {code for other, hand in enumerate(pos["hands"]) if other != seat for code in hand}
    unseen |= set(pos["draw"])
    return unseen


def numbers_in(text: str) -> list[int]:
    """The numbers a text says, less the seats of its players' placeholders ("{p2}")."""
    return [int(n) for n in re.findall(r"(?<![p\d])\d+", text)]


def test_it_never_names_a_hidden_card_nor_the_points_of_a_hand_that_ends() -> None:
    checked = going_out = 0
    for pos in positions():
        seat = pos["turn"]
        hidden = hidden_codes(pos, seat)
        for action, words in words_of(pos):
            tokens = set(re.findall(r"[A-Za-z0-9]+", words))
            assert not tokens & hidden, f"{words!r} names a hidden card"
            assert not any(name in words.lower() for name in CARD_NAMES), f"{words!r} names a card"
            _, events = engine.step_position(pos, action)
            # Only the counts of a hit and a Shadow Master's multiplier: never a hand's points or a total.
            allowed = {n for event in events if event.kind in ("take", "hit") for n in numbers_in(event.text)}
            allowed |= {event.get("multiplier") for event in events if event.kind == "hand_over"}
            numbers = set(numbers_in(words))
            assert numbers <= allowed, f"{words!r}: {numbers - allowed} is not a count the play shows"
            going_out += any(event.kind == "hand_over" for event in events)
            checked += 1
    assert checked > 2000
    assert going_out > 20


def named(player: int, seat: int | None) -> str:
    """A seat as the words of `player`'s play name it."""
    assert seat is not None
    return "you" if seat == player else p(seat)


def test_it_says_what_the_engine_then_does() -> None:
    for pos in positions(games=25):
        seat = pos["turn"]
        for action, words in words_of(pos):
            after, events = engine.step_position(pos, action)
            kinds = [event.kind for event in events]
            me = functools.partial(named, seat)
            if "hand_over" in kinds:
                assert words.startswith("you go out and win the hand"), words
                for event in events:
                    if event.kind == "take":
                        assert f"{me(event.seat)} picks up {numbers_in(event.text)[0]}" in words
                continue
            assert "go out" not in words
            for event in events:
                if event.kind == "skip":
                    assert me(event.seat) in words.split("skips ", 1)[1], (words, event.text)
                elif event.kind == "hit":  # the target holds a Master Mau: the words said it might block
                    assert f"{me(event.seat)} must take {event.get('count')} (and" in words, (words, event.text)
                elif event.kind == "take":
                    count = numbers_in(event.text)[0]
                    assert re.search(rf"{re.escape(me(event.seat))} (picks up|pick up|must take) {count}\b", words)
            assert ("skips" in words) == ("skip" in kinds), words
            assert ("turns play around" in words) == ("reverse" in kinds), words
            hit = "hit" in kinds or "take" in kinds
            assert hit == ("pick" in words or "must take" in words), (words, kinds)
            if not hit:
                assert ("you play again" in words) == (after["turn"] == seat), (words, after["turn"])
            assert ("names a colour" in words) == (action.get("color") is not None), (words, action)


def test_it_says_a_penal_t_hits_the_next_player_who_picks_up_and_misses_the_turn() -> None:
    both = [pile_play(1, "MM", mm=["S"]), pile_play(0, "MM", mm=["S"]), pile_play(1, "R9")]  # both in view
    pos = position(["TR R5 G2", "Y3 Y4", "B1 B2"], top="R9", pile=both)
    assert play_effect(view_of(pos, 0), 0, play(0, "TR")) == "{p1} picks up 2 and misses the turn"
    pos = position(["TR R5 G2", "Y3 Y4", "B1 B2"], top="R9")
    assert play_effect(view_of(pos, 0), 0, play(0, "TR")) == "{p1} must take 2 (and miss the turn) or block"


@pytest.mark.parametrize(
    ("hands", "top", "cards", "words"),
    [
        (["SR R5 G2", "Y3 Y4", "B1 B2"], "R9", "SR", "skips {p1}"),
        (["SR SY R5", "Y3 Y4", "B1 B2", "G1 G2"], "R9", "SR SY", "skips {p1} and {p2}"),
        (["SR SY R5", "Y3 Y4", "B1 B2"], "R9", "SR SY", "skips {p1} and {p2}, you play again"),
        (["SR R5 G2", "Y3 Y4"], "R9", "SR", "skips {p1}, you play again"),
        (["OR R5 G2", "Y3 Y4", "B1 B2"], "R9", "OR", "turns play around, you play again"),
        (["SM R5 G2", "Y3 Y4", "B1 B2"], "R9", "SM", "names a colour"),
        (["R7 R5 G2", "Y3 Y4", "B1 B2"], "R9", "R7", ""),
        (["TR", "Y3 Y4", "B1 B2"], "R9", "TR", "you go out and win the hand, {p1} picks up 2"),
        (["SM", "Y3 Y4", "B1 B2"], "R9", "SM", "you go out and win the hand, the others' hand points count double"),
    ],
)
def test_it_says_each_kind_of_play_in_words(hands: list[str], top: str, cards: str, words: str) -> None:
    pos = position(hands, top=top)
    assert PlayPreview(view_of(pos, 0), 0).words(cards.split()) == words
