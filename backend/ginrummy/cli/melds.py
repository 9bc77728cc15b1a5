"""``gin-rummy melds``: a hand arranged into melds with the least deadwood, and each discard's deadwood."""

from __future__ import annotations

import argparse

from ginrummy.engine import HOUSE, best_melds, discard_deadwoods, format_cards, parse_cards


def _melds(args: argparse.Namespace) -> int:
    cards = parse_cards(" ".join(args.cards))
    result = best_melds(cards)
    for meld in result.melds:
        print("meld:     ", format_cards(meld, symbols=True))
    print("deadwood: ", format_cards(result.deadwood_cards, symbols=True) or "-", f"= {result.deadwood}")
    if len(cards) == 11:
        for card, left in sorted(discard_deadwoods(cards).items()):
            note = "Gin" if left == 0 else ("knock" if left <= HOUSE.knock_limit else "")
            print(f"  discard {card.symbol:>3}: deadwood {left:3d} {note}")
    return 0


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    melds = sub.add_parser("melds", help="arrange a hand into melds with the least deadwood")
    melds.add_argument("cards", nargs="+", help="card codes such as 7H TD AS (or 10D, 7♥)")
    melds.set_defaults(run=_melds)
