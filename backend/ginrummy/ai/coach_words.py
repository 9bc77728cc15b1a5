"""The coach's words: why the better choice of a decision was better, in the player's terms.

Each explanation has three parts: the better choice (``subject``: "holding one more turn"), the headline
figure of how the deals the coach played out ended after it (``headline``: "Gin 38% of the time"), and the
reasons behind it (``because``, whole sentences). The coach says "{subject} was worth about N points more on
average: {headline}. {because}"; a hand won in spite of the mistake is said to have been first, with the
subject and headline only. The shares are of the played-out deals, as they came out; the chance of an
undercut when knocking now is reported as the hints report it (``calibration.calibrated``).
"""

from __future__ import annotations

from typing import NamedTuple

from ginrummy.engine import (
    CARDS,
    Action,
    ActionKind,
    Card,
    View,
    cached_deadwood,
    cards_of,
    mask_of,
)

from . import chances
from .calibration import ANY_KNOCK, calibrated
from .hand import knock_outs
from .hand_value import Prospect, Scorer, stock_odds
from .hard import HardPlayer, World
from .knowledge import Knowledge, meld_danger
from .rollout import Outcome

Shares = dict[Outcome, float]
"""How the played-out deals ended after a choice, as shares of them (``rollout.OUTCOMES``, summing to 1)."""
CLEARLY = 0.03
"""How much more often one choice must win (or lose) the hand than the other for the headline to say so."""


class Verdict(NamedTuple):
    subject: str
    """The better choice, as the subject of a sentence ("holding one more turn")."""
    headline: str
    """How its played-out deals ended, the one figure that says most ("Gin 38% of the time"); may be empty."""
    because: str
    """The reasons, in whole sentences."""


def worth(points: float, unit: str = " points") -> str:
    """A number of points as the coach says it: whole points from 2 up, tenths below."""
    if points < 0.05:
        return "a little"
    return f"about {points:.0f}{unit}" if points >= 2 else f"about {points:.1f}{unit}"


def sentence(verdict: Verdict, gain: float) -> str:
    """The whole explanation: what the better choice was worth, its headline, and why."""
    head = f"{verdict.subject[:1].upper()}{verdict.subject[1:]} was worth {worth(gain)} more on average"
    head += f": {verdict.headline}." if verdict.headline else "."
    return f"{head} {verdict.because}".rstrip()


def won(shares: Shares) -> float:
    return shares["gin"] + shares["knock"] + shares["undercut_for"]


def lost(shares: Shares) -> float:
    return shares["undercut_against"] + shares["opponent_knock"] + shares["opponent_gin"]


class Tally(NamedTuple):
    """How the played-out deals ended after one choice."""

    shares: Shares
    won_by: float
    """The average points of the deals the seat won (0 without one)."""


class Context(NamedTuple):
    """What a decision's explanation draws on."""

    view: View
    knowledge: Knowledge
    worlds: list[World]
    player: HardPlayer
    best: Tally
    played: Tally
    held_out: bool
    """Whether the better choice's figures are those of holding out for Gin (not of knocking at the first
    chance)."""
    opponent: str | None = None
    """The computer across the table, by name (its maps state the chances), or None."""


def explain(context: Context, played: Action, best: Action, kind: str) -> Verdict:
    if kind == "draw":
        return _draw(context, best)
    if kind == "knock":
        return _knock(context, played, best)
    return _discard(context, played, best)


def _odds(context: Context) -> str:
    """The headline of a draw or discard: how much more often the better choice won the hand, or how much
    less often it lost it, when that is clear (else nothing)."""
    best, played = context.best.shares, context.played.shares
    if won(best) - won(played) >= CLEARLY:
        return f"you won the hand {won(best):.0%} of the time, against {won(played):.0%} after your move"
    if lost(played) - lost(best) >= CLEARLY:
        return f"the opponent won the hand {lost(best):.0%} of the time, against {lost(played):.0%} after your move"
    return ""


def _draw(context: Context, best: Action) -> Verdict:
    """Why the better draw was better, in the terms the hard player's draw weighs (``hand_value.Scorer``): the
    hand each way of drawing leads to, by the discard it would make after it."""
    view, knowledge = context.view, context.knowledge
    top = view.discard_pile[-1]
    hand = mask_of(view.hand)
    probs = knowledge.probabilities()
    scorer = Scorer(context.player.settings, stock_odds(knowledge, probs), probs, view.knock_limit,
                    view.stock_count)
    pile, stock = scorer.prospect(hand | 1 << top, top), scorer.blind_prospect(hand)
    pile_left, stock_left = figures(pile.deadwood, stock.deadwood)
    facts = f"{pile_left} deadwood, where a stock card leaves about {stock_left} on average"
    if best.kind == ActionKind.TAKE_UPCARD or best.source == "discard":
        subject, said = f"taking {top.symbol}", f"It would have left {facts}"
        better, worse, named = pile, stock, ("it", "a stock card")
    else:
        subject = "passing" if best.kind == ActionKind.PASS else "drawing from the stock"
        said, better, worse, named = f"{top.symbol} would have left {facts}", stock, pile, ("a stock card", top.symbol)
    reasons = _draw_reasons(scorer, better, worse, *named)
    if better.deadwood <= worse.deadwood:
        return Verdict(subject, _odds(context), f"{said}{''.join(f', and {r}' for r in reasons)}.")
    joined = ", and ".join(reasons or ["it keeps better chances of melding over the rest of the hand"])
    return Verdict(subject, _odds(context), f"{said}, but {joined}.")


def figures(first: float, second: float) -> tuple[str, str]:
    """Two amounts of deadwood to set side by side: whole points, or tenths when whole points would read the
    same."""
    places = 1 if round(first) == round(second) and first != second else 0

    def said(value: float) -> str:
        return f"{value:.0f}" if value == int(value) else f"{value:.{places}f}"

    return said(first), said(second)


MENTIONED = 1.0
"""The least a reason beyond the first must count for in the draw's score (in deadwood points) to be said."""


def _draw_reasons(scorer: Scorer, better: Prospect, worse: Prospect, named_better: str,
                  named_worse: str) -> list[str]:
    """What the better way of drawing gains over the other besides deadwood, as the draw's score counts it (a
    knock or Gin at once, the chance that the next stock card lets the hand knock or go Gin, how much it lowers
    the deadwood, a safer card to throw): the one that counts most, and the next when it counts for
    ``MENTIONED`` or more (``named_better`` and ``named_worse``: "it" or "a stock card", and the pile card or
    "a stock card")."""
    settings = scorer.settings

    def chance(value: float) -> str:
        return "every time" if value > 0.995 else f"about {value:.0%} of the time"

    def gained(field: str) -> float:
        return float(getattr(better, field) - getattr(worse, field))

    if better.knock_now == 1.0:
        at_once = f"with it you could knock at once, where a stock card would let you {chance(worse.knock_now)}"
    else:
        at_once = f"a stock card would let you knock at once {chance(better.knock_now)}, where {named_worse} would not"
    after = f"after {named_better} the next {'one' if named_better == 'a stock card' else 'stock card'}"
    said = [
        (settings.knock_weight * gained("knock_now") + settings.gin_weight * gained("gin_now"), at_once),
        # A hand that can knock at once can knock after the next card too: nothing more to say.
        (0.0 if better.knock_now == 1.0 else settings.knock_weight * gained("knock_next"),
         f"{after} lets you knock {chance(better.knock_next)}, against "
         f"{chance(worse.knock_next)} after {named_worse}"),
        (settings.gin_weight * gained("gin_next"),
         f"{after} gives Gin {chance(better.gin_next)}, against "
         f"{chance(worse.gin_next)} after {named_worse}"),
        (settings.potential_weight * gained("drop_next"),
         "{} lowers your deadwood by about {} on average, against {} after {}".format(
             after, *figures(better.drop_next, worse.drop_next), named_worse)),
        (-scorer.danger_weight * gained("danger"),
         f"the card you would throw after {named_worse} fits a meld of the opponent's {chance(worse.danger)}, "
         f"against {chance(better.danger)} after {named_better}"),
    ]
    ranked = sorted((reason for reason in said if reason[0] > 0), key=lambda reason: -reason[0])
    return [words for k, (points, words) in enumerate(ranked[:2]) if k == 0 or points >= MENTIONED]


def undercut_chance(context: Context, rest: int) -> float:
    """The chance of an undercut when knocking with the 10 cards ``rest`` against the sampled hands, as
    reported (``chances.undercut_chance``, then ``calibrated`` as the chance of any knock's undercut, against
    the computer across the table when there is one)."""
    raw = chances.undercut_chance(rest, [w.opponent for w in context.worlds], context.view)
    return calibrated(ANY_KNOCK, raw, context.opponent)


def _knock(context: Context, played: Action, best: Action) -> Verdict:
    view = context.view
    knocking = best if best.kind == ActionKind.KNOCK else played
    assert knocking.card is not None
    rest = mask_of(view.hand) & ~(1 << knocking.card)
    deadwood = cached_deadwood(rest)
    if best.kind == ActionKind.KNOCK:
        played_on = _played_on(context.played, context.best)
        if deadwood == 0:
            return Verdict(f"going Gin with {knocking.card.symbol}", "", f"Gin cannot be undercut. {played_on}")
        chance = undercut_chance(context, rest)
        return Verdict(f"knocking with {knocking.card.symbol}",
                       f"with {deadwood} deadwood an undercut was about {chance:.0%} likely", played_on)
    best_shares = context.best.shares
    chance = undercut_chance(context, rest)
    against = best_shares["undercut_against"]
    undercut = (f"you were undercut only {against:.0%} of the time" if 0 < against < chance
                else "you were never undercut" if not against else f"you were undercut {against:.0%} of the time")
    return Verdict("holding out for Gin" if context.held_out else "holding one more turn", _wins(best_shares),
                   f"A knock now with {deadwood} deadwood risked an undercut about {chance:.0%} of the time; played "
                   f"on, {undercut}.")


def _played_on(played: Tally, knocking: Tally) -> str:
    """What playing on instead of knocking came to: the opponent knocking first, or wins by fewer points."""
    shares = played.shares
    first = shares["opponent_knock"] + shares["opponent_gin"]
    gin = f", and you went Gin only {shares['gin']:.0%}" if shares["gin"] else ""
    if first >= 0.1:
        return f"Played on, the opponent knocked first and won {first:.0%} of the time{gin}."
    if played.won_by < knocking.won_by - 1:
        return (f"Played on, you won the hand {won(shares):.0%} of the time, but by about {played.won_by:.0f} points "
                f"where knocking now won by about {knocking.won_by:.0f}: the opponent had time to lower its deadwood.")
    return f"Played on, you won the hand {won(shares):.0%} of the time{gin}."


WINS: dict[Outcome, str] = {"gin": "Gin", "undercut_for": "an undercut of the opponent's knock",
                             "knock": "a knock that won"}
"""The ways a seat wins a hand, in words."""


def _wins(shares: Shares) -> str:
    """How the seat won its played-out hands: the commonest way, and the next when it came up one time in ten
    or more ("Gin 38% of the time, and an undercut of the opponent's knock 12%")."""
    first, second = sorted(WINS, key=lambda outcome: -shares[outcome])[:2]
    said = f"{WINS[first]} {shares[first]:.0%} of the time"
    return f"{said}, and {WINS[second]} {shares[second]:.0%}" if shares[second] >= 0.1 else said


def _discard(context: Context, played: Action, best: Action) -> Verdict:
    view, knowledge = context.view, context.knowledge
    assert played.card is not None and best.card is not None
    mine = mask_of(view.hand)
    probs = knowledge.probabilities()
    unseen = cards_of(knowledge.unseen)
    thrown, kept = CARDS[played.card], CARDS[best.card]

    def outs(card: Card) -> int:
        return knock_outs(mine & ~(1 << card), unseen, view.knock_limit)

    def left(card: Card) -> int:
        return cached_deadwood(mine & ~(1 << card))

    doing = "knocking with" if best.kind == played.kind == ActionKind.KNOCK else "discarding"
    subject, headline = f"{doing} {kept.symbol} instead of {thrown.symbol}", _odds(context)
    danger = meld_danger(thrown, probs)
    if danger - meld_danger(kept, probs) >= 0.15:
        return Verdict(subject, headline,
                       f"{thrown.symbol} was likely to fit a meld of the opponent's (about {danger:.0%}).")
    if outs(kept) > outs(thrown):
        return Verdict(subject, headline, f"It keeps {outs(kept)} unseen cards that would let you knock on the next "
                                          f"draw, against {outs(thrown)}.")
    if left(kept) < left(thrown):
        return Verdict(subject, headline, f"It leaves {left(kept)} deadwood instead of {left(thrown)}.")
    return Verdict(subject, headline, "It keeps better chances of melding over the rest of the hand.")
