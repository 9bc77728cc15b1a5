"""The ``gin-rummy`` command: serve, migrate the database, play in the terminal, look up melds, check a deal,
run the benchmarks."""

from __future__ import annotations

import argparse
import hmac
import sys
from datetime import date

from ginrummy.engine import (
    HOUSE,
    MAX_SEED,
    PRESETS,
    Action,
    ActionKind,
    EngineError,
    apply,
    best_melds,
    discard_deadwoods,
    format_cards,
    is_over,
    new_game,
    parse_card,
    parse_cards,
    seeded_commitment,
    verify_day,
    verify_deal,
    view_for,
)


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


def _verify(args: argparse.Namespace) -> int:
    """A revealed deck and salt against a hand's commitment; with ``--seed``, a day's seed against the day's
    commitment (``--day``), or a daily game's hand (``--hand``) against the commitment shown while it was played."""
    if args.seed is None:
        if args.deck is None or args.salt is None:
            print("verify-deal: give --deck and --salt (a revealed hand), or --seed with --day or --hand",
                  file=sys.stderr)
            return 2
        ok = verify_deal(args.deck, args.salt, args.commitment)
        print("the deck matches the commitment" if ok else "MISMATCH: the deck and salt do not hash to the commitment")
    elif args.hand is not None:
        ok = hmac.compare_digest(seeded_commitment(args.seed, args.hand), args.commitment.strip().lower())
        print(f"hand {args.hand} was dealt from the seed" if ok
              else f"MISMATCH: hand {args.hand} dealt from the seed has another commitment")
    elif args.day is not None:
        ok = verify_day(args.day, args.seed, args.commitment)
        print(f"the seed is the one committed to for {args.day}" if ok
              else f"MISMATCH: the seed and {args.day} do not hash to the commitment")
    else:
        print("verify-deal: with --seed, give --day (the day's commitment) or --hand (a hand's)", file=sys.stderr)
        return 2
    return 0 if ok else 1


def _seed(text: str) -> int:
    if not text.isascii() or not text.isdigit() or int(text) > MAX_SEED:
        raise argparse.ArgumentTypeError(f"a seed is a whole number from 0 to {MAX_SEED}")
    return int(text)


def _day(text: str) -> str:
    try:
        if len(text) != 10 or date.fromisoformat(text).isoformat() != text:
            raise ValueError(text)
    except ValueError:
        raise argparse.ArgumentTypeError("a day is YYYY-MM-DD") from None
    return text


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


def _bot(args: argparse.Namespace) -> int:
    from ginrummy.bot import daily, ladder, run

    if args.seek is not None:
        return ladder(args.seek, args.level, args.matches, args.player_token)
    if args.daily is not None:
        return daily(args.daily, args.level, args.player_token)
    return run(args.join, args.create, args.level, args.deal_after, args.target)


def _bench(args: argparse.Namespace) -> int:
    import importlib

    importlib.import_module(f"ginrummy.bench.{args.which}").main(args.rest)
    return 0


BENCHES = ("engine", "load", "capacity", "profile", "inference", "storage", "coach", "calibration", "stream",
           "seeks")


def _arena(args: argparse.Namespace) -> int:
    from ginrummy.ai.arena import main as arena_main

    return arena_main(args.rest)


def _train_knock(args: argparse.Namespace) -> int:
    from ginrummy.ai.train_knock import main as train_main

    return train_main(args.rest)


def _serve(args: argparse.Namespace) -> int:
    import os
    import signal
    import tempfile

    import uvicorn

    from ginrummy.api.config import Settings

    if args.database_url:
        os.environ["DATABASE_URL"] = args.database_url
    settings = Settings()
    if settings.metrics_enabled and args.workers > 1 and not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        # Every worker writes its figures to one folder, which /metrics adds up (prometheus-client's multiprocess
        # mode); the folder must be new and empty.
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="ginrummy-metrics-")
    # uvicorn stops cleanly on SIGINT and SIGTERM, then raises the signal again for the handler it found there:
    # with these, a stop that was asked for ends the process with status 0 rather than as killed by the signal.
    for stop in (signal.SIGINT, signal.SIGTERM):
        signal.signal(stop, lambda *_: None)
    # The client's address comes from X-Forwarded-For only when the proxy's address is in FORWARDED_ALLOW_IPS
    # (uvicorn reads it; 127.0.0.1 when unset). The app logs each request once itself (with its request id), so
    # uvicorn's own access line is off.
    uvicorn.run("ginrummy.api.main:create", factory=True, host=args.host, port=args.port, workers=args.workers,
                log_level=os.environ.get("LOG_LEVEL", "info"), timeout_graceful_shutdown=10, server_header=False,
                limit_concurrency=settings.limit_concurrency, timeout_keep_alive=int(settings.keep_alive_seconds),
                h11_max_incomplete_event_size=settings.max_header_bytes, proxy_headers=True, access_log=False,
                http="ginrummy.api.protocol:GuardedHttpToolsProtocol")
    return 0


def _migrate(args: argparse.Namespace) -> int:
    from ginrummy.api.config import Settings
    from ginrummy.store.schema import SchemaError, check, migrate, shown_url
    from ginrummy.store.sql import make_engine

    settings = Settings()
    url = args.database_url or settings.database_url
    wait = settings.database_wait_seconds if args.wait is None else args.wait
    engine = make_engine(url)
    try:
        if args.check:
            state = check(engine, wait)
            if state.current:
                print(f"{shown_url(url)}: at the newest revision, {state.describe()}")
                return 0
            print(f"{shown_url(url)}: behind, at {state.describe()}; the newest is {state.head} "
                  f"(run gin-rummy migrate)")
            return 1
        before, after = migrate(engine, url, wait)
    except SchemaError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    finally:
        engine.dispose()
    if before == after:
        print(f"{shown_url(url)}: already at the newest revision, {after.describe()}")
    else:
        print(f"{shown_url(url)}: upgraded from {before.describe()} to {after.describe()}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    from ginrummy.ai import player_names
    from ginrummy.ai.levels import LEVELS

    parser = argparse.ArgumentParser(prog="gin-rummy", description="Gin Rummy against a fair computer opponent.")
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="run the game server (API and browser game)")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--workers", type=int, default=1, help="server processes (share one database)")
    serve.add_argument("--database-url", default=None, help="overrides DATABASE_URL (default: SQLite file)")
    serve.set_defaults(run=_serve)
    migrate = sub.add_parser("migrate", help="upgrade the database's schema to the newest revision")
    migrate.add_argument("--database-url", default=None, help="overrides DATABASE_URL (default: SQLite file)")
    migrate.add_argument("--check", action="store_true", help="change nothing; exit 1 if the database is behind")
    migrate.add_argument("--wait", type=float, default=None, metavar="SECONDS",
                         help="how long to wait for a database that is starting (default DATABASE_WAIT_SECONDS)")
    migrate.set_defaults(run=_migrate)
    # Neither arena nor train-knock has "-" options of its own: the subcommand hands every argument on, an option
    # first included (gin-rummy arena --round-robin).
    arena = sub.add_parser("arena", help="play two computer players against each other, or a round robin of "
                           "them, and print figures", add_help=False, prefix_chars="+")
    arena.add_argument("rest", nargs=argparse.REMAINDER, help="see gin-rummy arena --help")
    arena.set_defaults(run=_arena)
    train = sub.add_parser("train-knock", help="train the cfr player's knock table by self-play regret matching",
                           add_help=False, prefix_chars="+")
    train.add_argument("rest", nargs=argparse.REMAINDER, help="see gin-rummy train-knock --help")
    train.set_defaults(run=_train_knock)
    play = sub.add_parser("play", help="play a match in the terminal")
    play.add_argument("--level", default="medium", choices=player_names(),
                      help=f"the computer's level ({', '.join(LEVELS)}), a persona (quinn, gina, ...) or another "
                      "player of the arena")
    play.add_argument("--rules", default="house", choices=sorted(PRESETS))
    play.add_argument("--seed", type=int, default=None)
    play.set_defaults(run=_play)
    melds = sub.add_parser("melds", help="arrange a hand into melds with the least deadwood")
    melds.add_argument("cards", nargs="+", help="card codes such as 7H TD AS (or 10D, 7♥)")
    melds.set_defaults(run=_melds)
    verify = sub.add_parser("verify-deal", help="check a revealed deck and salt against a hand's commitment, or a "
                            "daily deal's revealed seed against the day's commitment and its hands' commitments")
    verify.add_argument("--deck", help="the 52 card codes as revealed, space separated")
    verify.add_argument("--salt")
    verify.add_argument("--commitment", required=True, help="the hand's commitment (or, with --seed and --day, "
                        "the day's)")
    verify.add_argument("--seed", type=_seed, help="a daily deal's seed, as GET /api/daily/{date} reveals it")
    verify.add_argument("--day", type=_day, help="with --seed: the day (YYYY-MM-DD) whose commitment to check")
    verify.add_argument("--hand", type=int, help="with --seed: the hand of a daily game whose commitment to check")
    verify.set_defaults(run=_verify)
    bot = sub.add_parser("bot", help="play one of our levels in a game through the public API (as any program "
                         "would): join one by its invite link, or create one and print its link")
    joined = bot.add_mutually_exclusive_group(required=True)
    joined.add_argument("--join", metavar="LINK", help="the join link (http://host:port/#/join/GAME/CODE)")
    joined.add_argument("--create", metavar="URL", help="the server's URL: create a game and print its join link")
    joined.add_argument("--seek", metavar="URL", help="the server's URL: play rated matches in the bot pool, "
                        "paired by the queue (with a new bot account unless --player-token names one)")
    joined.add_argument("--daily", metavar="URL", help="the server's URL: play today's daily deal, once (with a new "
                        "bot account unless --player-token names one), and print the day's leaderboard")
    bot.add_argument("--matches", type=int, default=1, help="with --seek: how many matches, one after another")
    bot.add_argument("--player-token", default=None, help="with --seek or --daily: the bot account's player token")
    bot.add_argument("--level", default="medium",
                     help=f"the level ({', '.join(LEVELS)}) or another player of the arena that plays")
    bot.add_argument("--deal-after", type=float, default=10.0, metavar="SECONDS",
                     help="leave the other seat this long to deal the next hand before dealing it")
    bot.add_argument("--target", type=int, default=None, help="with --create: the match's target score")
    bot.set_defaults(run=_bot)
    bench = sub.add_parser("bench", help="print speed figures, and how well the hard player reads the opponent")
    bench.add_argument("which", choices=BENCHES, help="engine: meld search and hands per second; load: the API "
                       "under concurrent games, next to a bare route and a bare route with one commit; capacity: the "
                       "most players (thinking 2-5 s a move) one server serves with move p99 under 100 ms; profile: "
                       "where a move's time goes, and its end-to-end latency; inference: the hard player's sampled "
                       "opponent hands and knock estimates against the truth; storage: bytes stored per finished "
                       "match; coach: the time to review a hand; calibration: the hard player's probabilities, "
                       "predicted against observed; stream: how fast a move reaches the other seat's stream, "
                       "across two server processes; seeks: how long a seek waits to be paired")
    bench.add_argument("rest", nargs=argparse.REMAINDER, help="options passed to that bench (see its --help)")
    bench.set_defaults(run=_bench)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        code: int = args.run(args)
    except EngineError as error:
        print(f"error: {error.message}", file=sys.stderr)
        return 2
    return code


if __name__ == "__main__":
    sys.exit(main())
