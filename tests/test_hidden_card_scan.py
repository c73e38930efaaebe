"""The scan every hidden-information test relies on: it must find a card however a page names it,
and must not cry wolf at random tokens that happen to contain a card code."""

from __future__ import annotations

import pytest

from tests.support.tables import leaked


@pytest.mark.parametrize(
    "text",
    [
        '<div data-hand="Y10 R9 B7">',
        "<li>Bob drew R9</li>",
        '<span aria-label="red 9">',
        "<p>Red 9</p>",
        '{"hand": ["R9"]}',
        '<div data-hand="Y10 B7 B12 G9 SG R9 B1 Y2 G12 SR">',  # a long hand is still a list of codes
    ],
)
def test_it_finds_a_card_named_by_code_or_by_name(text: str) -> None:
    assert leaked(text, {"R9"}) == {"R9"}


@pytest.mark.parametrize(
    "text",
    [
        '<input name="csrfmiddlewaretoken" value="R9G06aytVJBQhZETBAOFhTF582UIpptG">',
        '<body hx-headers=\'{"X-CSRFToken": "xR9abc"}\'>',
        "<span>R90</span>",
        "<p>R19: a ruling</p>",
        "<p>Seed <code>xK3-R9_9aBcDeFgHiJ</code></p>",  # a url-safe random seed
    ],
)
def test_it_ignores_a_code_inside_a_longer_word_or_number(text: str) -> None:
    assert leaked(text, {"R9"}) == set()
