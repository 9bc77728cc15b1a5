"""``gin-rummy play``: a match against the computer in the terminal."""

from __future__ import annotations

import argparse

from ginrummy.engine import (
    PRESETS,
    Action,
    ActionKind,
    EngineError,
    apply,
    format_cards,
    is_over,
    new_game,
    parse_card,
    view_for,
)


def _describe(action: Action) -> str:
    if action.kind == ActionKind.DRAW:
        return f"draw from the {action.source}"
    if action.card is not None:
        return f"{action.kind.value} {action.card.symbol}"
    return action.kind.value.replace("_", " ")


def _play(args: argparse.Namespace) -> int:
    from ginrummy.ai import Played, make_player, play

    state = new_game(PRESETS[args.rules], args.seed)
    computer = make_player(args.level, args.seed)
    you = 0

    def said(move: Played) -> None:
        print(f"  computer: {_describe(move.action)}")

    while True:
        state = play(state, {1 - you: computer}, on_move=said)
        if is_over(state):
            break
        view = view_for(state, you)  # your move, or the next hand to deal
        _show(view)
        action = _ask(view)
        if action is None:
            return 0
        try:
            state, _ = apply(state, action)
        except EngineError as error:
            print(f"  refused: {error.message}")
    _show(view_for(state, you))
    print("You win the match!" if state.winner == you else "The computer wins the match.")
    return 0


def _show(view: object) -> None:
    from ginrummy.engine import View

    assert isinstance(view, View)
    print()
    print(f"Hand {view.hand_number}  score you {view.scores[0]} - computer {view.scores[1]}  "
          f"stock {view.stock_count}  discard pile top: {view.discard_pile[-1].symbol if view.discard_pile else '-'}")
    if view.result is not None and view.result.showdown is not None:
        print("  ", view.result.showdown.explanation, "to", "you" if view.result.winner == view.seat else "computer")
    elif view.result is not None:
        print("   no score: the stock ran down to two cards")
    for meld in view.melds:
        print("   meld     ", format_cards(meld, symbols=True))
    print("   deadwood ", format_cards(view.deadwood_cards, symbols=True) or "-", f"= {view.deadwood}")


def _ask(view: object) -> Action | None:
    from ginrummy.engine import View

    assert isinstance(view, View)
    actions = list(view.legal_actions)
    for i, action in enumerate(actions):
        print(f"  {i:2d}. {_describe(action)}")
    while True:
        try:
            text = input("your move (number, or a card to discard, q to quit): ").strip()
        except EOFError:
            return None
        if text == "q":
            return None
        if text.isdigit() and int(text) < len(actions):
            return actions[int(text)]
        try:
            card = parse_card(text)
        except EngineError:
            continue
        for action in actions:
            if action.kind == ActionKind.DISCARD and action.card == card:
                return action


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from ginrummy.ai import player_names
    from ginrummy.ai.levels import LEVELS

    play = sub.add_parser("play", help="play a match in the terminal")
    play.add_argument("--level", default="medium", choices=player_names(),
                      help=f"the computer's level ({', '.join(LEVELS)}), a persona (quinn, gina, ...) or another "
                      "player of the arena")
    play.add_argument("--rules", default="house", choices=sorted(PRESETS))
    play.add_argument("--seed", type=int, default=None)
    play.set_defaults(run=_play)
