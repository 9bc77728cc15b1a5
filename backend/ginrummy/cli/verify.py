"""``gin-rummy verify-deal``: a revealed deal checked against its commitment."""

from __future__ import annotations

import argparse
import hmac
import sys
from datetime import date

from ginrummy.engine import MAX_SEED, seeded_commitment, verify_day, verify_deal


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


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
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
