"""Card codes: what players type and read."""

import pytest

from ginrummy.engine import CARDS, DECK, Card, InvalidCardError, format_cards, parse_card, parse_cards


def codes(cards: list[Card]) -> list[str]:
    return [card.code for card in cards]


def test_parses_plain_codes() -> None:
    assert codes(parse_cards("AS 7H TD KC")) == ["AS", "7H", "TD", "KC"]


def test_ten_may_be_written_10_or_t() -> None:
    assert parse_card("10D") == parse_card("TD") == Card.of(9, 1)


def test_lower_case_and_surrounding_space() -> None:
    assert codes(parse_cards("as 7h td kc")) == ["AS", "7H", "TD", "KC"]
    assert parse_card("  qs ") == parse_card("QS")


def test_unicode_suit_symbols() -> None:
    assert codes(parse_cards("7♥ A♠ 10♦ K♣")) == ["7H", "AS", "TD", "KC"]


def test_commas_separate_like_spaces() -> None:
    assert codes(parse_cards("AS,7H, TD ,KC")) == ["AS", "7H", "TD", "KC"]


def test_an_iterable_of_codes() -> None:
    assert codes(parse_cards(["2c", "3♦"])) == ["2C", "3D"]


def test_empty_text_is_no_cards() -> None:
    assert parse_cards("") == []


def test_duplicates_are_refused_by_name() -> None:
    with pytest.raises(InvalidCardError, match="7H appears more than once"):
        parse_cards("7H AS 7h")


def test_the_same_card_in_two_spellings_is_a_duplicate() -> None:
    with pytest.raises(InvalidCardError, match="TD appears more than once"):
        parse_cards("10D TD")


@pytest.mark.parametrize("bad", ["1H", "11C", "7X", "AH7", "H7", "", "7", "10", "KK"])
def test_unknown_codes_are_refused_with_a_reason(bad: str) -> None:
    with pytest.raises(InvalidCardError) as caught:
        parse_card(bad)
    assert repr(bad) in str(caught.value)
    assert "rank" in str(caught.value) and "suit" in str(caught.value)
    assert caught.value.code == "invalid_card"


def test_invalid_card_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        parse_cards("AS ZZ")


def test_a_code_must_be_text() -> None:
    with pytest.raises(InvalidCardError, match="must be text"):
        parse_card(7)  # type: ignore[arg-type]


def test_card_index_out_of_range() -> None:
    with pytest.raises(InvalidCardError):
        Card(52)


@pytest.mark.parametrize(
    ("code", "symbol", "name", "rank", "suit", "value"),
    [
        ("AC", "A♣", "ace of clubs", 0, 0, 1),
        ("7H", "7♥", "seven of hearts", 6, 2, 7),
        ("TD", "10♦", "ten of diamonds", 9, 1, 10),
        ("JS", "J♠", "jack of spades", 10, 3, 10),
        ("QD", "Q♦", "queen of diamonds", 11, 1, 10),
        ("KS", "K♠", "king of spades", 12, 3, 10),
    ],
)
def test_card_properties(code: str, symbol: str, name: str, rank: int, suit: int, value: int) -> None:
    card = parse_card(code)
    assert (card.code, card.symbol, card.name, card.rank, card.suit, card.value) == (code, symbol, name, rank,
                                                                                    suit, value)
    assert str(card) == code
    assert repr(card) == f"Card({code})"
    assert Card.of(rank, suit) is card


def test_deck_is_52_distinct_cards_with_values_summing_to_340() -> None:
    assert DECK == CARDS
    assert len({card.code for card in DECK}) == 52
    assert sum(card.value for card in DECK) == 4 * (1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10 + 30)


def test_every_code_and_symbol_parses_back() -> None:
    for card in DECK:
        assert parse_card(card.code) is card
        assert parse_card(card.symbol) is card


def test_format_cards() -> None:
    hand = parse_cards("AS 10H KC")
    assert format_cards(hand) == "AS TH KC"
    assert format_cards(hand, symbols=True) == "A♠ 10♥ K♣"
    assert format_cards([]) == ""
