"""DD MAU's rulings on its own features (R35's elimination, R36's partnerships) are shown on league and
tournament pages only where that game is played; the pages ask the game's rules, not its name."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from leagues import actions
from leagues.models import Partnership, Tournament, eliminates, partnership_games, plays_partnerships
from tests.support.leagues import make_tournament
from tests.support.personas import signed_in

pytestmark = pytest.mark.django_db


def test_it_asks_the_games_rules_whether_it_eliminates_or_plays_partnerships() -> None:
    assert [key for key in ("ddmau", "maumau", "mau", "dansk", "emojical") if eliminates(key)] == ["ddmau"]
    assert [key for key in ("ddmau", "maumau", "mau", "dansk", "emojical") if plays_partnerships(key)] == ["ddmau"]
    assert partnership_games() == "DD MAU"


def test_it_names_the_partnership_ruling_only_for_the_game_that_has_partnerships(staff_sam: Any) -> None:
    staff = signed_in(staff_sam)
    create = reverse("leagues:tournament_create")
    ddmau = staff.get(create).content.decode()
    assert "R36" in ddmau
    assert "partnership tournaments play at 4 or 6." in ddmau
    for variant in ("maumau", "mau", "dansk", "emojical"):
        page = staff.get(f"{create}?variant={variant}").content.decode()
        assert "R36" not in page, variant
        assert "R35" not in page, variant
        assert "partnership tournaments play" not in page, variant


def test_the_tournament_list_explains_only_the_formats_it_lists(staff_sam: Any) -> None:
    staff = signed_in(staff_sam)
    listing = reverse("leagues:tournaments")
    assert "R35" not in staff.get(listing).content.decode()
    make_tournament(staff_sam, variant="maumau", rounds=2)
    page = staff.get(listing).content.decode()
    assert "R35" not in page
    assert "They play rounds: one game per table each round" in page
    make_tournament(staff_sam, name="DD MAU Open")
    page = staff.get(listing).content.decode()
    assert "DD MAU tournaments eliminate: past 505 you are out (R35)" in page
    assert "The other games play rounds" in page


def test_the_partnership_page_names_r36_only_for_a_league_with_partnerships(alice: Any) -> None:
    client = signed_in(alice)
    ddmau = actions.do_create_league(alice, name="Club", variant="ddmau")
    maumau = actions.do_create_league(alice, name="Skat Club", variant="maumau")
    assert "(R36)" in client.get(reverse("leagues:partnership_create_open")).content.decode()
    assert "(R36)" in client.get(reverse("leagues:partnership_create", args=[ddmau.pk])).content.decode()
    page = client.get(reverse("leagues:partnership_create", args=[maumau.pk])).content.decode()
    assert "(R36)" not in page
    assert "gets an invitation" in page


def test_only_a_game_with_partnerships_has_partnership_tournaments(staff_sam: Any) -> None:
    assert make_tournament(staff_sam, kind=Tournament.Kind.PARTNERSHIPS).kind == Tournament.Kind.PARTNERSHIPS
    with pytest.raises(actions.Refused, match=r"Only DD MAU is played in partnerships \(R36\)"):
        make_tournament(staff_sam, variant="emojical", kind=Tournament.Kind.PARTNERSHIPS)


def test_a_league_of_a_game_without_partnerships_refuses_one_and_changes_nothing(alice: Any, bob: Any) -> None:
    maumau = actions.do_create_league(alice, name="Skat Club", variant="maumau")
    actions.do_join(maumau.pk, bob)
    with pytest.raises(actions.Refused, match="Skat Club plays Mau-Mau, which is not played in partnerships"):
        actions.do_create_partnership(maumau.pk, alice, bob, "Pair")
    page = signed_in(alice).post(
        reverse("leagues:partnership_create", args=[maumau.pk]), {"partner": "bob", "name": "Pair"}, follow=True
    )
    assert "which is not played in partnerships" in page.content.decode()
    assert not Partnership.objects.exists()
