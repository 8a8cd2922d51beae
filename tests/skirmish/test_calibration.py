"""S-MODEL-4: the shipped damage scale k of detailed melee and the calibration record behind it.

The whole calibration (36 ordered pairs of shipped heroes, 2,000 trials per pair, mode and k; about
5 minutes per k and mode on one core) is too slow for a test. It is reproduced with the command
skirmish_battle.toml [calibration] names; here the record is checked against the band, the worst
pair is recomputed exactly from the shipped data, and the harness runs on a small catalog.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from rules.skirmish.calibrate import BAND, ROUND_CAP, calibrate, mean_rounds, total_rounds
from rules.skirmish.catalog import default_skirmish_catalog

CAT = default_skirmish_catalog()
RECORD = dict(CAT.battle.calibration)


def _ratio(end: str) -> Fraction:
    return Fraction(int(RECORD[f"{end}_detailed_rounds"]), int(RECORD[f"{end}_basic_rounds"]))


def test_the_shipped_k_is_calibrated_within_the_band_S_MODEL_4():
    """k is a multiple of 1/20 chosen with at least 2,000 trials per pair; the record's lowest and
    highest detailed/basic ratios of mean attacks-to-kill are inside +-25%."""
    k = CAT.battle.damage_scale_k
    assert (k * 20).denominator == 1 and k == Fraction(9, 5)
    assert Fraction(RECORD["band"]) == BAND
    assert int(RECORD["trials"]) >= 2000 and RECORD["seed"]
    assert 1 - BAND <= _ratio("lowest") <= _ratio("highest") <= 1 + BAND
    assert "--calibrate-k" in RECORD["method"] and "9/5: 0 pairs outside" in RECORD["tried"]


def test_the_record_s_lowest_pair_reproduces_exactly_S_MODEL_4():
    """The lowest pair's rounds, recomputed from the shipped data with the record's seed and trials,
    are the recorded ones (each trial's dice are seeded by seed/attacker/defender/trial)."""
    attacker, defender = RECORD["lowest_pair"].split(">")
    trials, seed = int(RECORD["trials"]), RECORD["seed"]
    assert total_rounds(CAT, attacker, defender, "basic", trials, seed) == int(RECORD["lowest_basic_rounds"])
    detailed = total_rounds(CAT, attacker, defender, "detailed", trials, seed)
    assert detailed == int(RECORD["lowest_detailed_rounds"])


def test_calibration_harness_on_two_heroes_S_MODEL_4():
    """The harness evaluates each k against the same basic means, counts rounds the defender is not
    yet down (capped at 300), and chooses the k with the fewest pairs outside the band; a k not a
    multiple of 1/20 is refused."""
    cat = replace(CAT, heroes={h: CAT.heroes[h] for h in ("aldric", "hilda")})
    result = calibrate(cat, [Fraction(1, 2), Fraction(9, 5), Fraction(6)], trials=40, seed="t")
    assert [k for k, *_ in result.tried] == [Fraction(1, 2), Fraction(9, 5), Fraction(6)]
    assert len(result.pairs) == 4 and all(1 <= p.basic <= ROUND_CAP for p in result.pairs)
    by_k = {k: outside for k, outside, _, _ in result.tried}
    assert by_k[Fraction(1, 2)] > 0 and by_k[Fraction(6)] > 0  # far too weak and far too strong
    assert result.k == Fraction(9, 5) and by_k[result.k] < min(by_k[Fraction(1, 2)], by_k[Fraction(6)])
    assert result.met == (not result.outside)  # 40 trials are too few to be inside for sure
    assert result.pairs[0].basic == mean_rounds(cat, "aldric", "aldric", "basic", 40, "t")
    with pytest.raises(ValueError, match="1/20"):
        calibrate(cat, [Fraction(1, 3)], trials=1)
