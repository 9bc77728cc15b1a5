"""``gin-rummy bot``: one of our players in a game through the public API, as any program would play it."""

from __future__ import annotations

import argparse


def _bot(args: argparse.Namespace) -> int:
    from ginrummy.bot import daily, ladder, run

    if args.seek is not None:
        return ladder(args.seek, args.level, args.matches, args.player_token)
    if args.daily is not None:
        return daily(args.daily, args.level, args.player_token)
    return run(args.join, args.create, args.level, args.deal_after, args.target)


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from ginrummy.ai.levels import LEVELS

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
