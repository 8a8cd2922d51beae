"""The result overlay's lines for an arena battle or a mission: every reward and cup change with the
formula's inputs (efficiency, league, base values), so a player can check the figures by hand.

Pure text (no pygame): each function returns (text, colour) lines in the player's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from client.i18n import tr
from client.ui import BAD, GOLD, GOOD, MUTED_TEXT_COLOUR, TEXT_COLOUR
from rules.meta.catalog import MetaCatalog, default_meta_catalog
from rules.meta.formulas import Reward, base_cup_growth
from rules.meta.profile import Profile, healing_price

Line = tuple[str, tuple]


@dataclass(frozen=True)
class Settled:
    """What a battle changed in the profile, for the lines (the profile before and after)."""

    outcome: str  # the player's: win, draw or loss
    league: int  # the league at application time (M-LEAGUE-4)
    efficiency: Fraction
    opponent_efficiency: Fraction
    my_cups: int  # at the match (M-OQ-4)
    opponent_cups: int | None  # None: a mob
    opponent_name: str
    reward: Reward
    card_type: str | None
    card_name: str
    chests: tuple[str, ...]
    chest_names: str
    surrendered: bool
    before: Profile
    after: Profile


def number(x: Fraction | int) -> str:
    """An exact figure as the spec prints it: 0.700, 15, 9.5."""
    x = Fraction(x)
    if x.denominator == 1:
        return str(x.numerator)
    text = f"{float(x):.3f}".rstrip("0")
    return text


def eff_text(eff: Fraction) -> str:
    return f"{float(eff):.3f}"


def reward_lines(s: Settled, cat: MetaCatalog | None = None) -> list[Line]:
    """Efficiency, the league's bases, piastres, rum, cards, chests, cups, wounded, supplies."""
    cat = cat or default_meta_catalog()
    base = cat.league(s.league)
    eff = eff_text(s.efficiency)
    share = {"win": "", "draw": f"{cat.draw_pct}% × ", "loss": f"{cat.loss_pct}% × "}[s.outcome]
    lines: list[Line] = [
        (tr("arena.reward.efficiency", eff=eff), GOLD),
        (
            tr(
                "arena.reward.league", n=s.league, piastres=base.piastres, rum=base.rum, cards=base.unit_cards
            ),
            TEXT_COLOUR,
        ),
        (
            tr("arena.reward.piastres", formula=f"ceil({share}{base.piastres} × {eff})", n=s.reward.piastres),
            GOOD,
        ),
        (tr("arena.reward.rum", formula=f"ceil({share}{base.rum} × {eff})", n=s.reward.rum), GOOD),
    ]
    if s.outcome == "win":
        formula = f"round({base.unit_cards} × {eff})"
        lines.append(
            (tr("arena.reward.cards", formula=formula, n=s.reward.unit_cards, unit=s.card_name), GOOD)
        )
    else:
        lines.append((tr("arena.reward.no_cards"), MUTED_TEXT_COLOUR))
    if s.chests:
        paid = s.outcome == "win"
        lines.append((tr("arena.reward.chests", list=s.chest_names), GOOD if paid else MUTED_TEXT_COLOUR))
        if not paid:
            lines.append((tr("arena.reward.chests_lost"), MUTED_TEXT_COLOUR))
    lines.append(cup_line(s, cat))
    lines.append(
        (tr("arena.reward.cups_total", before=s.before.cups, after=s.after.cups, league=s.after.league), GOLD)
    )
    if s.surrendered:
        lines.append((tr("arena.reward.surrender", n=cat.surrender_penalty), BAD))
    lines += wounded_lines(s.before, s.after, cat.heal_pct[s.outcome])
    return lines


def cup_line(s: Settled, cat: MetaCatalog) -> Line:
    """M-CUP-5..9: how the cups changed, with G and the efficiency used."""
    if s.outcome == "draw":
        return tr("arena.reward.cups_draw"), TEXT_COLOUR
    if s.opponent_cups is None:
        if s.outcome == "win":
            return tr("arena.reward.cups_mob_win", n=cat.mob_win_cups), GOOD
        return tr("arena.reward.cups_mob_loss", n=cat.mob_loss_cups), BAD
    if s.outcome == "win":
        me, opp, eff = s.my_cups, s.opponent_cups, s.efficiency
    else:
        me, opp, eff = s.opponent_cups, s.my_cups, s.opponent_efficiency  # the rival won: its G
    raw = 10 + Fraction(opp - me, 10)
    g = base_cup_growth(me, opp)
    gain = s.after.cups - s.before.cups if s.outcome == "win" else None
    if s.outcome == "win":
        text = tr(
            "arena.reward.cups_win", opp=opp, me=me, raw=number(raw), g=number(g), eff=eff_text(eff), n=gain
        )
        return text, GOOD
    from rules.meta.formulas import cup_gain

    n = cup_gain(me, opp, eff)
    text = tr(
        "arena.reward.cups_loss",
        name=s.opponent_name,
        g=number(g),
        eff=eff_text(eff),
        n=n,
        you=s.my_cups,
        rival=s.opponent_cups,
        lost=s.before.cups - s.after.cups,
    )
    return text, BAD


def wounded_lines(before: Profile, after: Profile, pct: int) -> list[Line]:
    """M-HEAL-2: how many fell this battle and what healing them costs now."""
    fallen = sum(s.wounded for s in after.roster) - sum(s.wounded for s in before.roster)
    if fallen <= 0:
        return []
    cost = healing_price(after) - healing_price(before)
    return [(tr("arena.reward.wounded", n=fallen, cost=cost, pct=pct), BAD)]


def mission_lines(
    before: Profile, after: Profile, won: bool, chest_names: str, cat: MetaCatalog | None = None
) -> list[Line]:
    """M-MIS-1 / M-CUP-3 / M-DATA-2: a won mission's cups and chests; a lost one pays nothing."""
    cat = cat or default_meta_catalog()
    lines: list[Line] = [(tr("arena.reward.heading_mission"), GOLD)]
    if won:
        lines.append((tr("arena.reward.cups_mission", n=cat.mission_win_cups), GOOD))
        if chest_names:
            lines.append((tr("arena.reward.chests", list=chest_names), GOOD))
    else:
        lines.append((tr("arena.reward.cups_mission_loss"), MUTED_TEXT_COLOUR))
        if chest_names:
            lines.append((tr("arena.reward.chests_lost"), MUTED_TEXT_COLOUR))
    lines.append(
        (tr("arena.reward.cups_total", before=before.cups, after=after.cups, league=after.league), GOLD)
    )
    return lines
