"""EM4 and C10: play if able, else draw one and play it or pass; `draw_when_able`; `drawn`."""

from __future__ import annotations

from .helpers import act, after, apply, kinds, legal, make, play, refused, rules


def test_it_refuses_a_draw_while_a_card_fits() -> None:
    position = make(["Y2 G3", "Y4"], "Y1")
    refused(position, act(0, "draw"), "EM4")
    assert {"seat": 0, "act": "draw"} not in legal(position, 0)


def test_it_draws_one_card_when_nothing_fits_and_may_play_it() -> None:
    position = make(["G3 G4", "P4"], "Y1", draw="Y5")
    assert legal(position, 0) == [{"seat": 0, "act": "draw"}]
    position, events = apply(position, act(0, "draw"))
    assert position["hands"][0] == ["G3", "G4", "Y5"]
    assert position["drawn"] == "Y5"
    assert position["turn"] == 0
    assert events[-1].kind == "draw"
    assert events[-1].cards == ()  # the card drawn is never named
    assert events[-1].get("count") == 1
    assert legal(position, 0) == [
        {"seat": 0, "act": "play", "cards": ["Y5"]},
        {"seat": 0, "act": "pass"},
    ]
    played = after(position, play(0, "Y5"))
    assert played["drawn"] is None
    assert played["top"]["card"] == "Y5"


def test_it_lets_the_drawer_pass_instead_of_playing_the_drawn_card() -> None:
    position = after(make(["G3 G4", "P4"], "Y1", draw="Y5"), act(0, "draw"))
    position, events = apply(position, act(0, "pass"))
    assert position["turn"] == 1
    assert position["drawn"] is None
    assert kinds(events) == ["pass"]


def test_it_ends_the_turn_with_pass_when_the_drawn_card_does_not_fit() -> None:
    position = after(make(["G3 G4", "P4"], "Y1", draw="B5"), act(0, "draw"))
    assert position["drawn"] == "B5"
    assert legal(position, 0) == [{"seat": 0, "act": "pass"}]


def test_it_allows_only_the_drawn_card_after_a_draw() -> None:
    position = after(make(["G3 CP", "P4"], "G1", draw="Y5", options={"draw_when_able": True}), act(0, "draw"))
    refused(position, play(0, "G3"), "EM4")
    refused(position, act(0, "draw"), "EM4")


def test_it_refuses_a_pass_before_drawing() -> None:
    refused(make(["G3 G4", "P4"], "Y1"), act(0, "pass"), "EM4")
    refused(make(["Y3 G4", "P4"], "Y1"), act(0, "pass"), "EM4")


def test_it_lets_a_player_draw_at_will_with_draw_when_able() -> None:
    position = make(["Y2 G3", "Y4"], "Y1", options={"draw_when_able": True})
    assert {"seat": 0, "act": "draw"} in legal(position, 0)
    assert after(position, act(0, "draw"))["drawn"] is not None


def test_it_ends_the_turn_when_the_draw_finds_nothing() -> None:
    position = make(["G3", "P4"], "Y1", rest_of_deck=False)
    position, events = apply(position, act(0, "draw"))
    assert position["turn"] == 1
    assert position["drawn"] is None
    assert events[-1].get("count") == 0


def test_it_shows_the_drawn_card_only_to_the_drawer() -> None:
    position = after(make(["G3 G4", "P4", "B1"], "Y1", draw="Y5"), act(0, "draw"))
    r = rules()
    assert r.view(position, 0)["drawn"] == "Y5"
    assert r.view(position, 1)["drawn"] is True
    assert r.view(position, None)["drawn"] is True


def test_it_refuses_a_seat_out_of_turn_or_a_card_not_held() -> None:
    position = make(["Y2 G3", "Y4"], "Y1")
    refused(position, play(1, "Y4"), "EM4")
    refused(position, act(1, "draw"), "EM4")
    refused(position, play(0, "Y4"), "EM4")
