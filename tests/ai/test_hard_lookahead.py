"""The hard player's look-ahead: opponent hands sampled as a real player would hold them, and playouts
that can hold out for Gin."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from statistics import mean

import pytest

from ginrummy.ai import Player, make_player
from ginrummy.ai.hand import best_discard
from ginrummy.ai.hand_value import Scorer, StockOdds
from ginrummy.ai.hard import HardPlayer, HardSettings
from ginrummy.ai.knowledge import infer
from ginrummy.ai.rollout import NO_SCORE, Ending, playout, playout_ending, score_knock
from ginrummy.ai.sampling import discard_regret, recent_throws
from ginrummy.bench.inference import main as inference_bench
from ginrummy.engine import (
    HOUSE,
    RANK_VALUES,
    ActionKind,
    Phase,
    View,
    apply,
    cached_deadwood,
    cached_least_discard_deadwood,
    cards_of,
    mask_of,
    new_game,
    parse_cards,
    view_for,
)


def _seat_0_discard_views(players: list[Player], deals: int) -> Iterator[View]:
    """Seat 0's views at each of its discards over ``deals`` deals played by ``players``."""
    for seed in range(deals):
        state = new_game(HOUSE, seed)
        while state.phase in (Phase.FIRST_UPCARD, Phase.DRAW, Phase.DISCARD):
            seat = state.hand.turn
            view = view_for(state, seat)
            if seat == 0 and view.discard_options:
                yield view
            state, _ = apply(state, players[seat].choose(view))


def _position_after_opponent_discards(count: int) -> View:
    """A view for seat 0 about to discard, once seat 1 has thrown ``count`` cards this hand."""
    players = [make_player("simple", seed=1), make_player("simple", seed=2)]
    view = next((v for v in _seat_0_discard_views(players, 50) if len(v.discards[1]) >= count), None)
    if view is None:
        raise AssertionError("no such position in 50 deals")
    return view


def test_sampled_hands_fit_the_view_and_lean_to_low_deadwood() -> None:
    view = _position_after_opponent_discards(5)
    knowledge = infer(view)
    seen = mask_of(view.hand) | mask_of(view.discard_pile)
    plain = HardPlayer(random.Random(3), HardSettings(tilt=0.0)).sample_opponents(view, knowledge, 300)
    tilted = HardPlayer(random.Random(3), HardSettings(tilt=0.03)).sample_opponents(view, knowledge, 300)
    for hand in plain + tilted:
        assert hand.bit_count() == view.opponent_card_count
        assert hand & knowledge.opp_known == knowledge.opp_known
        assert not hand & seen
    # After five discards a player holds far better than a random deal: the tilt moves the samples there.
    assert mean(map(cached_deadwood, tilted)) < mean(map(cached_deadwood, plain)) - 5


def test_a_hand_that_would_not_have_made_the_last_throw_counts_its_regret() -> None:
    hand = mask_of(parse_cards("3C 4C 5C 9D 9H KS QH JD 2S 4H"))  # a run of clubs, two 9s: deadwood 54
    left = cached_deadwood(hand)
    [queen] = parse_cards("QS")
    assert discard_regret(hand, left, ((queen, -1),)) == 0  # another high card: throwing it gave up nothing
    [nine] = parse_cards("9S")
    # With the 9S the hand had a set of 9s and a king to throw: it gave up those 18 and the king's 10.
    assert discard_regret(hand, left, ((nine, -1),)) == 18 + 10
    [six] = parse_cards("6C")
    assert discard_regret(hand, left, ((six, -1),)) > 0
    # Two throws: this hand took the 2S from the pile after throwing the 6C, then threw the QS.
    [two] = parse_cards("2S")
    earlier = discard_regret(hand, left, ((queen, -1), (six, two)))
    before = (hand & ~(1 << two)) | 1 << queen
    assert earlier == cached_deadwood(before) - cached_least_discard_deadwood(before | 1 << six) > 0


def test_the_opponents_recent_throws_reach_back_past_a_pile_take_only() -> None:
    players = [make_player("simple", seed=1), make_player("simple", seed=2)]
    seen = {1: 0, 2: 0}
    for seed in range(20):
        state = new_game(HOUSE, seed)
        while state.phase in (Phase.FIRST_UPCARD, Phase.DRAW, Phase.DISCARD):
            seat = state.hand.turn
            view = view_for(state, seat)
            if view.phase is Phase.DRAW and view.discards[1 - seat]:
                throws = recent_throws(view)
                theirs, ours = view.discards[1 - seat], view.discards[seat]
                assert throws[0] == (theirs[-1], -1)
                took = bool(ours) and ours[-1] in view.opponent_known
                assert len(throws) == (2 if took and len(theirs) > 1 else 1)
                if len(throws) == 2:
                    assert throws[1] == (theirs[-2], ours[-1])
                seen[len(throws)] += 1
            state, _ = apply(state, players[seat].choose(view))
    assert seen[1] > 20 and seen[2] > 5


def test_sampled_hands_lean_to_hands_that_would_have_thrown_that_card() -> None:
    view = _position_after_opponent_discards(5)
    knowledge = infer(view)
    thrown = recent_throws(view)
    regrets = {}
    for read in (0.0, 1.0):
        hands = HardPlayer(random.Random(3), HardSettings(discard_read=read)).sample_opponents(view, knowledge, 300)
        regrets[read] = mean(discard_regret(hand, cached_deadwood(hand), thrown) for hand in hands)
    assert regrets[1.0] < regrets[0.0] / 2


def test_playout_can_hold_out_for_gin() -> None:
    mine = mask_of(parse_cards("AS 2S 3S 4H 5H 6H 7D 8D 9D 2C"))
    theirs = mask_of(parse_cards("QC JH 9S 7C 5D 3H QH JD 8C 6S"))
    stock = [int(c) for c in parse_cards("KS 2D TD 4C 4D AH AD 8S")]
    at_once = playout([mine, theirs], stock, None, 0, 10)
    # Seat 0 draws K♠, throws it and knocks with the 2♣ as deadwood.
    assert at_once == score_knock(mine, theirs)
    # Holding out: seat 1 draws 2♦ and throws its worst card; seat 0 draws 10♦ and goes Gin.
    _, thrown = best_discard(theirs | 1 << stock[1], -1)
    theirs_then = (theirs | 1 << stock[1]) & ~(1 << thrown)
    assert playout([mine, theirs], stock, None, 0, 10, hunt_until=2) == 25 + cached_deadwood(theirs_then)


def test_a_playout_says_how_it_ended() -> None:
    mine = mask_of(parse_cards("AS 2S 3S 4H 5H 6H 7D 8D 9D 2C"))
    theirs = mask_of(parse_cards("QC JH 9S 7C 5D 3H QH JD 8C 6S"))
    stock = [int(c) for c in parse_cards("KS 2D TD 4C 4D AH AD 8S")]
    at_once = playout_ending([mine, theirs], stock, None, 0, 10)
    assert at_once == Ending(playout([mine, theirs], stock, None, 0, 10), 0, False) and at_once.outcome == "knock"
    held = playout_ending([mine, theirs], stock, None, 0, 10, hunt_until=2)
    assert held.knocker == 0 and held.gin and held.outcome == "gin"
    # With only the two cards the stock keeps at the end, nobody draws: the hand ends with no score.
    assert playout_ending([mine, theirs], stock[:2], None, 1, 10) == NO_SCORE and NO_SCORE.outcome == "no_score"
    # Who knocked and the sign of the points from seat 0's side decide the rest; an undercut scoring 0 (no
    # undercut bonus, equal deadwood) is still an undercut.
    assert [Ending(*e).outcome for e in [(-12, 0, False), (0, 0, False), (-9, 1, False), (0, 1, False),
                                         (14, 1, False), (-31, 1, True)]] == [
        "undercut_against", "undercut_against", "opponent_knock", "undercut_for", "undercut_for", "opponent_gin"]


def test_inference_bench_compares_estimates_with_the_truth(capsys: pytest.CaptureFixture[str]) -> None:
    inference_bench(["--matches", "2"])
    out = capsys.readouterr().out
    assert "hard against simple, 2 matches" in out
    means, knockable = out.split("turns it could knock")
    rows = [line.split() for line in means.splitlines() if line.startswith("  ")]
    assert rows and all(len(row) == 5 and row[2] == "/" for row in rows)
    assert rows[-1][0] == "all"
    stages = [line for line in knockable.splitlines() if line.startswith("  stock")]
    assert stages, "hard could knock at some turn of two matches"
    for line in stages:
        *shares, positions = line.split()[2:]
        assert positions.startswith("(") and int(positions.strip("()")) > 0
        pairs = [tuple(map(float, share.split("/"))) for share in shares]
        assert len(pairs) == 6 and all(0 <= a <= 1 and 0 <= b <= 1 for a, b in pairs)
        real, sampled = zip(*pairs[:5], strict=True)
        assert list(real) == sorted(real) and list(sampled) == sorted(sampled)  # shares at most d grow with d


def test_the_outlook_of_a_hand_counts_the_chance_of_gin_on_top_of_the_knock() -> None:
    """A hand one card from Gin: the next stock card's worth grows by the Gin weight times the chance of the card
    that completes it, and not at all for a hand with no Gin in one card."""
    near_gin = mask_of(parse_cards("2H 3H 4H 7S 7D 7C KS KD KC 9H"))
    far = mask_of(parse_cards("2H 5D 8C JS KH 3S 6D 9C QH AS"))
    for hand, has_gin_card in ((near_gin, True), (far, False)):
        unseen = [c for c in range(52) if not hand & 1 << c]
        odds = StockOdds(cards_of(mask_of(unseen)), [1.0] * len(unseen), float(len(unseen)))
        plain = Scorer(HardSettings(gin_weight=0.0), odds, {}, 10, 30).outlook(hand)
        hunting = Scorer(HardSettings(gin_weight=80.0), odds, {}, 10, 30).outlook(hand)
        gin_cards = sum(1 for c in odds.cards if best_discard(hand | 1 << c)[0] == 0)
        if has_gin_card:
            assert gin_cards >= 1
            assert hunting - plain == pytest.approx(80.0 * gin_cards / odds.weight)
        else:
            assert hunting == plain


def _uniform_odds(hand: int) -> StockOdds:
    unseen = [c for c in range(52) if not hand & 1 << c]
    return StockOdds(cards_of(mask_of(unseen)), [1.0] * len(unseen), float(len(unseen)))


def test_a_drawn_hand_that_goes_gin_at_once_counts_a_sure_knock_and_a_sure_gin() -> None:
    """The draw scores each 11-card hand by its best discard: taking the card that completes Gin scores the
    knock and Gin weights in full, which the stock, giving Gin only for the few cards that finish it, does not."""
    near_gin = mask_of(parse_cards("2H 3H 4H 7S 7D 7C KS KD KC 9H"))
    five, nine = (int(card) for card in parse_cards("5H 9H"))
    settings = HardSettings()
    scorer = Scorer(settings, _uniform_odds(near_gin), {}, 10, 30)
    gin_hand = near_gin | 1 << five
    expected = 0 - scorer.outlook(gin_hand & ~(1 << nine)) - settings.knock_weight - settings.gin_weight
    assert scorer.best(gin_hand, five) == pytest.approx(expected)
    assert scorer.best(gin_hand, five) < scorer.blind(near_gin)


def test_the_card_just_taken_is_never_the_one_thrown() -> None:
    """A king that melds with nothing, taken from the pile, must stay: the best hand it allows keeps 10 deadwood
    or more, where any stock card can be thrown straight back and the hand knocks with its single ace."""
    hand = mask_of(parse_cards("AH 2H 3H 4D 5D 6D 7C 8C 9C AS"))
    king = int(parse_cards("KS")[0])
    scorer = Scorer(HardSettings(), _uniform_odds(hand), {}, 10, 30)
    kept = scorer.best(hand | 1 << king, king)
    thrown_back = scorer.best(hand | 1 << king, -1)
    assert thrown_back < kept
    assert scorer.blind(hand) < kept


def test_the_knock_choices_bench_scores_a_knock_as_the_real_hand_ended_and_leaves_the_match_alone() -> None:
    """Every knock hard made in the match is in the bench's turns with the points the real hand gave it: the
    forks play copies of the players, so the match itself goes as it would without the bench."""
    from ginrummy.ai import Played, make_player, play
    from ginrummy.bench.knock_choices import read_match, report
    from ginrummy.engine import HOUSE, new_game

    seed, match = 6, 0
    turns = read_match(("hard", "simple", ["hard(for_the_match=0)"], seed, match))
    real: list[int] = []

    def moved(move: Played) -> None:
        if len(move.after.history) > len(move.before.history):  # a hand ended
            last = move.after.history[-1]
            if last.knocker == 0 and last.deadwood is not None and last.deadwood[0] > 0:  # hard knocked, not Gin
                real.append(last.points if last.winner == 0 else -last.points)

    play(new_game(HOUSE, seed * 1_000_003 + match), {0: make_player("hard", seed * 7919 + match),
                                                      1: make_player("simple", seed * 7919 + match + 1)},
         deal_as=0, on_move=moved)
    assert real, "hard knocked in this match"
    assert [t.points[0] for t in turns if t.knocked] == real
    assert all(1 <= t.deadwood <= 10 and len(t.variants) == 1 and all(0 <= e <= 1 for e in t.equity)
               for t in turns)
    lines = report(turns, "hard", "simple", 1, ["hard(for_the_match=0)"])
    assert lines[0] == f"hard against simple, 1 matches: {len(turns)} turns where it could knock"
    rows = {line.split("knocks")[0].strip(): line for line in lines if " knocks " in line}
    assert set(rows) == {"always play on", "always knock", "hard(for_the_match=0)"}
    assert "knocks   0.0%" in rows["always play on"] and "knocks 100.0%" in rows["always knock"]
    assert all(0 <= t.reads[0] <= 1 and t.reads[2] <= t.reads[1] + 1 and 0 <= t.reads[3] <= 10 for t in turns)
    start = lines.index(next(line for line in lines if line.startswith("what tells the turns apart"))) + 1
    correlations = [float(line.split()[-3]) for line in lines[start:start + 4]]
    assert len(correlations) == 4 and all(-1 <= c <= 1 for c in correlations)
    # The bench's copy of hard weighed each turn as hard did: it knocked exactly where the knock cleared the margin.
    weighed = [t for t in turns if t.weighed is not None]
    assert len(weighed) == len(turns)
    assert all((w[0] >= w[1] + w[2]) == t.knocked for t in weighed if (w := t.weighed) is not None)
    assert any(line.startswith("hard's weighing against what followed") for line in lines)


def test_the_knock_choices_bench_pools_saved_runs_as_if_played_together(tmp_path: Path) -> None:
    """Runs saved with ``--save`` and loaded with ``--load`` give back the same turns; loaded together they are
    reported (and the margin fitted) as one run over all their turns; runs that judged other variants, or
    played a hard with other settings, do not pool."""
    from ginrummy.bench.knock_choices import read_match, report
    from ginrummy.bench.knock_turns import load, save

    turns = read_match(("hard", "simple", ["hard(for_the_match=0)"], 6, 1))
    assert turns, "hard could knock in this match"
    first, second, other = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "c.json"
    save(str(first), turns, "hard", "simple", 1, ["hard(for_the_match=0)"])
    save(str(second), turns[:3], "hard", "cfr", 2, ["hard(for_the_match=0)"])
    save(str(other), turns, "hard", "simple", 1, [])
    assert load([str(first)]) == (turns, "hard", "simple", 1, ["hard(for_the_match=0)"])
    pooled, player, opponents, matches, variants = load([str(first), str(second)])
    assert pooled == turns + turns[:3] and (player, opponents, matches) == ("hard", "simple,cfr", 3)
    assert report(pooled, player, opponents, matches, variants) == report(turns + turns[:3], "hard", "simple,cfr",
                                                                          3, ["hard(for_the_match=0)"])
    with pytest.raises(SystemExit, match="other variants"):
        load([str(first), str(other)])
    changed = tmp_path / "d.json"
    save(str(changed), turns, "hard(knock_edge=0)", "simple", 1, ["hard(for_the_match=0)"])
    with pytest.raises(SystemExit, match="different hard players"):
        load([str(first), str(changed)])


def test_least_squares_finds_the_coefficients_that_made_the_data() -> None:
    from ginrummy.bench.knock_choices import least_squares

    rows = [(1.0, x, x * x % 7, (3 * x) % 5) for x in range(12)]
    ys = [0.5 - 2 * r[1] + 0.25 * r[2] + 3 * r[3] for r in rows]
    assert least_squares(rows, ys) == pytest.approx([0.5, -2.0, 0.25, 3.0])


def _positions_where_seat_0_can_knock() -> Iterator[View]:
    """Views for seat 0 about to discard, able to knock without Gin, after the opponent has thrown twice."""
    players = [make_player("simple(knock_at=0)", seed=1), make_player("simple", seed=2)]
    for view in _seat_0_discard_views(players, 200):
        options = view.legal_discards
        if len(view.discards[1]) >= 2 and any(o.can_knock for o in options) and not any(o.gin for o in options):
            yield view


def _position_where_seat_0_can_knock() -> View:
    return next(_positions_where_seat_0_can_knock())


def test_the_knock_margin_reads_the_opponents_pile_takes_and_throws() -> None:
    view = _position_where_seat_0_can_knock()
    settings = HardSettings(knock_edge=0.01, undercut_lean=0.05, pile_take_lean=0.02, throw_lean=0.005)
    hard = HardPlayer(random.Random(1), settings)
    throws = view.discards[1][-3:]
    mean_throw = sum(RANK_VALUES[card % 13] for card in throws) / len(throws)
    expected = 0.01 + 0.05 * 0.5 + 0.02 * len(view.pile_takes[1]) - 0.005 * mean_throw
    assert hard.knock_margin_read(view, 0.5) == pytest.approx(expected)  # half the deals undercut the knock
    # The margin is what the knock must beat: none can beat a whole match's equity, and any beats less than none.
    never = HardPlayer(random.Random(1), HardSettings(knock_edge=1.0)).choose(view)
    always = HardPlayer(random.Random(1), HardSettings(knock_edge=-1.0)).choose(view)
    assert never.kind is ActionKind.DISCARD
    assert always.kind is ActionKind.KNOCK


def test_a_knock_held_back_by_the_margin_says_what_the_opponent_showed() -> None:
    for view in _positions_where_seat_0_can_knock():
        knockable = [o for o in view.legal_discards if o.can_knock]
        hard = HardPlayer(random.Random(1))  # drawing from its stream as its choice below will
        weighed = hard.weigh_knock(view, hard.knowledge(view), knockable, hard.play_on_discard(view))
        if weighed.play_on is not None and weighed.worth >= weighed.play_on:
            break
    else:
        raise AssertionError("no position where knocking is worth at least playing on")
    # A margin just past what knocking is worth over playing on holds the knock back, and the hint says why.
    reads = weighed.margin - HardSettings().knock_edge
    edge = weighed.worth - weighed.play_on - reads + 0.001
    action, why = HardPlayer(random.Random(1), HardSettings(knock_edge=edge)).explain(view)
    assert action.kind is ActionKind.DISCARD
    takes = len(view.pile_takes[1])
    shown = f"the opponent's {takes} pile take{'s' if takes != 1 else ''} and throws" if takes else \
        "the opponent's throws"
    assert why.startswith("Discard ") and f"and play on: {shown} say its hand is tight (deadwood " in why
    # Without the margin the same knock is made.
    action, why = HardPlayer(random.Random(1), HardSettings(knock_edge=-reads)).explain(view)
    assert action.kind is ActionKind.KNOCK
