"""Exhaustive enumeration of the engine's own rolls for one action (test helper).

Every d100 roll is branched into "succeeds" (roll 1) and "fails" (roll 100), every
R1 roll into all its values; the weight of a finished branch is read back from the
chances its events report. Summing the branches gives the exact distribution the
engine produces.
"""

from fractions import Fraction

from rules.tactics import events as ev
from rules.tactics.engine import apply


class BranchRng:
    """Follows a fixed prefix of choices, then takes the first option and records what it could have taken."""

    def __init__(self, prefix):
        self.prefix = list(prefix)
        self.taken = []
        self.options = []

    def randint(self, lo, hi):
        options = [1, 100] if (lo, hi) == (1, 100) else list(range(lo, hi + 1))
        index = len(self.taken)
        value = self.prefix[index] if index < len(self.prefix) else options[0]
        self.taken.append(value)
        self.options.append(options)
        return value


def branch_weight(events, state_before):
    """The probability of one branch, from the chances in its events and the R1 ranges."""
    weight = Fraction(1)
    for e in events:
        rolls = []
        if isinstance(e, ev.AttackResolved):
            rolls = [(e.hit_pct, e.hit_roll), (e.crit_pct, e.crit_roll)]
            if e.r1 is not None:
                info = state_before.squads[e.attacker].info
                weight /= info.max_damage - info.min_damage + 1
        elif isinstance(e, ev.StunRolled | ev.CounterstrikeRolled | ev.BackstabRolled):
            rolls = [(e.chance_pct, e.roll)]
        for chance, roll in rolls:
            if roll is not None:
                weight *= Fraction(chance if roll == 1 else 100 - chance, 100)
    return weight


def enumerate_outcomes(state, action):
    """Yield (weight, events, final state) for every branch of ``apply(state, action)``."""
    stack = [[]]
    while stack:
        prefix = stack.pop()
        twin = state.clone()
        rng = BranchRng(prefix)
        events = apply(twin, action, rng)
        for i in range(len(prefix), len(rng.taken)):
            for alternative in rng.options[i][1:]:
                stack.append([*rng.taken[:i], alternative])
        yield branch_weight(events, state), events, twin
