"""What the table says about a card or a target: why a card cannot be played, and a fight's forecast.

The forecast is ``rules.duel.odds.fight_odds`` exactly (D-UI-4 asks numbers a person can read):
the chance to kill, the expected life (or morale) lost by both sides, and the chance of being hit back.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from client import i18n
from client.duel.cards import resource_name
from rules.duel.actions import CastSpell, PlayCreature
from rules.duel.catalog_types import RESOURCES, CreatureCard
from rules.duel.engine import legal_actions
from rules.duel.odds import fight_odds
from rules.duel.state import DuelState


def playable_cards(state: DuelState) -> set[str]:
    """The hand's card ids the active player may play now (creature) or cast on some target (magic)."""
    return {a.card for a in legal_actions(state) if isinstance(a, PlayCreature | CastSpell)}


def why_unplayable(state: DuelState, card_id: str) -> str:
    """Which resource is short, that the field is full, or that no target takes the card."""
    card = state.catalog.card(card_id)
    me = state.me
    short = [
        i18n.tr("duel.why.short_item", resource=resource_name(r), need=need - have)
        for r, have, need in zip(RESOURCES, me.resources, card.cost, strict=True)
        if have < need
    ]
    if short:
        return i18n.tr("duel.why.short", list=", ".join(short))
    if isinstance(card, CreatureCard):
        return i18n.tr("duel.why.field_full")
    return i18n.tr("duel.why.no_target")


@dataclass(frozen=True)
class Forecast:
    """The numbers the hover shows, exact fractions from odds.py."""

    kill: Fraction
    lost_mine: Fraction
    lost_theirs: Fraction
    hit_back: Fraction

    def lines(self) -> list[str]:
        return [
            i18n.tr("duel.odds.kill", pct=f"{float(self.kill) * 100:.0f}"),
            i18n.tr(
                "duel.odds.lost", mine=f"{float(self.lost_mine):.1f}", theirs=f"{float(self.lost_theirs):.1f}"
            ),
            i18n.tr("duel.odds.hit_back", pct=f"{float(self.hit_back) * 100:.0f}"),
        ]


def forecast(state: DuelState, attacker: int, target: int) -> Forecast:
    """The forecast of Attack(attacker, target) from odds.py."""
    odds = fight_odds(state, attacker, target)
    me = state.creature(attacker)
    assert me is not None
    if target < 0:
        start_t = state.side(-target).morale  # the Scary drain at declaration counts as lost too
    else:
        victim = state.creature(target)
        assert victim is not None
        start_t = victim.life
    lost_mine = sum((p * (me.life - max(a, 0)) for a, _, p in odds.outcomes), Fraction(0))
    lost_theirs = sum((p * (start_t - max(t, 0)) for _, t, p in odds.outcomes), Fraction(0))
    hit_back = sum((p for a, _, p in odds.outcomes if a < me.life), Fraction(0))
    return Forecast(odds.kill_chance, lost_mine, lost_theirs, hit_back)
