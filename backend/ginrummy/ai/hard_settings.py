"""The hard player's settings: the weights of its scores, how many deals it samples, and which of its ways of
reading the opponent and the match it uses (each field says what it does and, where tuned, what was measured)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class HardSettings:
    potential_weight: float = 1.5
    """How much the expected improvement from the next draw counts against deadwood now."""
    knock_weight: float = 36.0
    """Points for each unit of chance that the next stock card lets us knock."""
    gin_weight: float = 120.0
    """Points for each unit of chance that the next stock card gives Gin, on top of its knock: a Gin scores the
    bonus, is never undercut, and is what a hand held past its first knock plays for. Against the frozen hard-v2
    (1,000 matches each, seed 11): 0 won 49.7%, 20 51.2%, 50 52.9%, 80 53.2%, 120 54.3%, 180 55.6%, 300 54.9%;
    against cfr 80 won 65.6% and 180 64.4%, against simple 76.8% and 75.9%: 120 is between."""
    hazard_weight: float = 1.9
    """Weigh our deadwood up by this times the chance the opponent can knock after their next draw. Against the
    frozen hard-v2 (1,000 matches, seed 11, with 48 knock samples) 3.5 won 55.1% (net +1.36 a hand), where 2.5
    won 57.2% (+1.59). With ``discard_read`` the chance reads about a third higher (it puts back the low hands),
    so the weight came down with it: 1.9 (see there)."""
    hazard_samples: int = 24
    """Opponent hands sampled for that chance."""
    danger_weight: float = 3.0
    """Points charged for a discard the opponent surely wants (scaled by the chance they do). 4.5 won 55.2%
    (+1.36) on the same deals."""
    danger_late: float = 2.0
    """Extra danger weight once the stock runs low."""
    take_margin: float = 0.0
    """Take the pile card only when it beats the average stock card by more than this much deadwood.
    Measured against cfr and the Gin hunter (500 matches each, three seeds): a margin of 1 gave up about
    1 point a hand to taking whenever the pile card is better; margins of 2 and below 0 did no better."""
    draw_lookahead: int = 1
    """Choose between the pile card and the stock by the discard each leads to, scored as a discard is (the
    deadwood, what the next stock card is worth, the danger of the card thrown, and a knock or Gin it allows
    at once), the stock averaged over the cards it may bring (``hand_value``; 0 = by least deadwood alone).
    Against the frozen hard-v2 (1,000 matches each, seeds 11 and 12): 55.7% and 54.9%, where choosing by least
    deadwood won 54.3% and 53.0%. The two choose differently in 3.5% of draws (``policies``). Also scoring each
    discard by the mean score of the hand after the next stock card (two draws ahead) won 54.4% and 55.4%:
    no better, at twice the time."""
    lookahead_margin: int = 2
    """Discards weighed in the draw's lookahead: those within this much deadwood of the least."""
    knock_samples: int = 48
    """Deals sampled to decide between knocking and playing on (``sampling.worlds``). With 24 (and 12 for the
    hazard), a few dozen deals left the decision noisy: against the frozen hard-v2 (1,000 matches each, seeds 11
    and 12) 48 and 24 won 57.2% and 55.5% (net +1.59 and +1.11 points a hand), where 24 and 12 won 55.7% and
    54.9% (+0.98, +0.87); 96 and 48 won 56.5% on seed 11 (+1.47), no better, at a p99 decision time of 21 ms
    against 18 ms. On seed 13, 48 won 54.2% (+0.94) and 24 won 55.3% (+0.92): over the three seeds 55.6% against
    55.3% of the matches, +1.21 against +0.92 points a hand. 96 (the hazard's 24 kept) on seeds 12 and 14 won
    55.3% and 57.1% (+1.03, +1.31), where 48 won 55.5% and 55.2% (+1.11, +1.08): within the noise, at a p99 of
    84 ms with two runs on the two cores, over the 50 ms budget."""
    knock_margin: float = 0.0
    """Knock only when the expected points of the knock exceed this."""
    hunt_until: int = 2
    """Also value playing on by holding out for Gin while more than this many stock cards are left (2: to
    the end of the stock), and count the better of the two ways of playing on (0 = do not consider it).
    A third way, counted when better, changed nothing measurable against hard-v2 (1,000 matches each, seeds 12
    and 14, where this rule won 55.5% and 55.2%, net +1.11 and +1.08 a hand): holding out for Gin over the next
    6 stock cards, then knocking at the first chance, won 55.8% and 55.2% (+1.13, +1.07); knocking only at 4
    deadwood or less won 56.0% and 55.3% (+1.20, +1.07)."""
    tilt: float = 0.02
    """Per opponent discard this hand (up to ``tilt_cap``): how strongly sampled opponent hands lean to
    low deadwood, fitted so the sampled hands' mean deadwood matches what opponents really hold. At 0.03 the
    sampled hands of a Gin hunter, which keeps live cards rather than the least deadwood, were too tight
    (``bench inference --opponent ginhunter``, real against sampled mean deadwood after 3 of its discards
    36.4 against 23.1, after 10 or more 9.7 against 6.9; the undercut estimated 0.47 against 0.29 real under 16
    stock cards); at 0.02 36.0 against 27.0, 9.3 against 9.0 and 0.38 against 0.31. On the same deals it won
    58.3% of 4,000 matches against hard-v2 (seeds 11-14; 0.03: 57.4%), 64.2% of 2,000 against the Gin hunter
    (63.0%), 78.0% against simple (77.7%), 70.2% against cfr (69.4%), 70.5% against tabled (70.0%) and 66.5%
    against hard-v1 (67.2%)."""
    tilt_cap: int = 4
    """Discards counted in the tilt against an opponent who knocks at the first chance: its hands that got
    good ended the hand, so the ones still being played stay loose."""
    holding_tilt_cap: int = 20
    """Discards counted against an opponent who holds for a low knock or Gin: its hand keeps getting better
    (between the two by how low the knocking model puts the opponent's threshold)."""
    tilt_pool: int = 6
    """Candidates drawn per sampled hand before resampling."""
    low_hand_weight: float = 0.02
    """Relative weight of a sampled hand within the knock limit, for an opponent who could have knocked.
    At the turns hard could knock, the sampled hands of an opponent who holds (hard-v1, hard-v2) are short of
    low hands (``bench inference``: at most 6 deadwood in 13% of the deals with 16-23 stock cards left, 26%
    really; the undercut estimated at 20% against 32%); with 1.0 the shares match, yet against hard-v2 it won
    53.8% and 55.0% on seeds 12 and 14 (+0.75, +1.03), 53.0% (+0.61) on seed 12 with Gin hands kept out, and
    53.6% (+0.85) with 1.0 in the knock decision's deals only, where 0.02 won 55.5% and 55.2% (+1.11, +1.08):
    hard knocked less and won fewer knocks, and was undercut about as often. Against hard-v1 (2,000 matches,
    seed 64; Gin hands kept out) 63.7% (+3.34), where 0.02 won 63.2% (+3.21): within the noise.
    ``discard_read`` brings the tail back without moving the mean."""
    discard_read: float = 1.0
    """Weigh each sampled opponent hand also by ``exp(-discard_read * regret)`` (``sampling.discard_regret``):
    the regret is the deadwood the hand kept less the least it could have kept by throwing another card than
    the one the opponent just threw, and the one before when its last draw was our discard (its hand then is
    pinned down too): a hand that would not have made those throws is unlikely (0 = no such reading). At the
    turns hard could knock against hard-v2 (``bench inference --matches 40 --opponent hard-v2 --seed 1``) the
    undercut estimated / real with 16-23 stock cards left came to 0.29 / 0.36 (0.20 / 0.32 without), with fewer
    left 0.46 / 0.57 (0.35 / 0.53), and the mean deadwood after 10 or more opponent discards real / sampled to
    6.8 / 7.4 (6.3 / 9.3): the low hands come back without the mean drifting, which ``low_hand_weight`` could
    not do. Against hard-v2 (1,000 matches each, seeds 11-15) with ``hazard_weight`` 1.9 it won 57.1%, 55.1%,
    54.4%, 56.6% and 55.3% (net +1.67, +0.97, +1.23, +1.30, +1.14 a hand): 55.7% of 5,000, +1.26, where without
    it (and 2.5) hard won 57.2%, 55.5%, 54.2%, 55.2% and 55.3% (+1.59, +1.11, +0.94, +1.08, +1.26): 55.5%,
    +1.20. With 2.5 kept it won 55.5% and 54.0% on seeds 11 and 13 (+1.41, +1.17). Reading the last throw alone
    won 56.0% and 56.4% on seeds 12 and 14 (+1.01, +1.25). A gain within the noise in matches, at no cost in
    time (p99 13-14 ms in those runs, two on the two cores): kept for the truer read, which the hints' chances
    also come from. Half the weight (0.5), with ``tilt`` 0.02, read a Gin hunter truer (``bench inference --opponent
    ginhunter``: 32.0 deadwood sampled against 35.9 held after three of its throws, where 1.0 reads 27.0 against
    36.0) and hard-v2 a little looser (after 10 or more throws 9.8 against 6.9; 1.0: 9.0 against 6.6). On the same
    deals it won 65.5% of 4,000 matches against the Gin hunter (seeds 61 and 66; 1.0: 64.8%), 58.3% of 4,000 against
    hard-v2 (seeds 11-14; 1.0: the same 2,333 wins), 77.5% of 2,000 against simple (seed 62; 1.0: 78.0%), and across
    the population (200 matches each, seed 21) 0.8 points less a member on average: not kept."""
    read_opponent: int = 1
    """Model the opponent's knocking threshold from the hands of this match (``opponent.read_knocking``) in
    the sampled hands, the knock hazard and the playouts (0 = assume it knocks at the first chance). A model
    read for the early and the late part of a hand apart (a pair of thresholds, switching at the hand's 24th
    draw) won 56.5% (+1.37) against hard-v2 on those deals and 63.2% against the Gin hunter (400 matches, seed
    62; this model 63.7%): not kept. Reading every turn the opponent could have knocked and played on (not only
    its least deadwood of a hand) won 56.0% (+1.02) against hard-v2 on seed 12 (this model 55.5%, +1.11).
    Drawing each sampled deal's threshold below the deadwood the sampled hand holds without having knocked
    won 55.9% and 55.2% on seeds 12 and 14 (+1.11, +1.16; this model +1.11, +1.08): no gain."""
    for_the_match: int = 1
    """Decide knock or play on by the chance of winning the match each result leaves (``match_equity``), not by
    the hand's expected points (0 = points)."""
    rollouts: int = 1
    """Decide knock or play on by playouts of the rest of the hand on sampled deals (0 = knock whenever the
    knock's expected points are good enough). Measured: choosing discards and draws by the same playouts
    played worse than the heuristics, since the quick playout policy ignores what the heuristics weigh. Also
    measured against hard-v2 (1,000 matches, seed 11; this rule won 57.2%, net +1.59): knocking only when it
    beats playing on by 0.01 of match equity won 56.5% (+1.35); crediting playing on with 0.3 of what choosing
    its better way deal by deal adds (for the later decisions' information) won 55.6% (+1.29). A playout policy
    that keeps a card able to join a meld by throwing one that cannot, at up to 3 more deadwood, won 55.3%
    (+0.99) on seed 12 (this rule 55.5%, +1.11)."""
    knock_edge: float = 0.0208
    """Match equity a knock must promise beyond playing on, before the reads below add to it or take from it
    (``HardPlayer.knock_margin_read``). The four were fitted by least squares on what knocking and playing on
    really brought at 18,737 turns where hard could knock (``bench knock_choices``: 600 matches against hard-v2
    on seed 21, 400 against the Gin hunter on 22 and against hard-v1 on 23): knocking's equity less playing
    on's against hard's own weighing of the two, the share of its sampled deals that undercut the knock, the
    opponent's pile takes this hand and the mean value of its last three throws. Hard's weighing leans to
    playing on: its playouts overrate playing on with low deadwood in mid-hand and late (by 2-4 points of equity
    against hard-v2), and the sampled deals miss what pile takes and low throws say. Fitted on two opponents
    and judged on the third, the rule gained 0.17 ± 0.04 points of equity a turn against hard-v2 and
    0.18 ± 0.06 against hard-v1, and lost 0.06 ± 0.07 against the Gin hunter; judged on fresh deals
    (``--variant``): against hard-v2 (200 matches, seed 31) +0.27 ± 0.11, the Gin hunter (150, seed 32)
    -0.08 ± 0.17, cfr (150, seed 32) +0.06 ± 0.14. In the arena against hard-v2 (1,000 matches each, seeds 11
    and 12) it won 58.2% and 56.4% (net +1.98 and +1.53 points a hand), where hard without it won 57.1% and
    55.1% (+1.67, +0.97) on the same deals."""
    undercut_lean: float = 0.0541
    """Added to that margin per unit of the share of sampled deals that undercut the knock: the sampled deals
    undercount the undercuts a knock meets where they already see many."""
    pile_take_lean: float = 0.0155
    """Added per card the opponent took from the pile this hand: each is a meld it is building."""
    throw_lean: float = 0.0066
    """Taken off per point of the mean value of the opponent's last three throws: a player still throwing high
    cards holds a loose hand, one throwing low cards a tight one."""
