"""The skirmish's tooltips: the rules' exact preview of an attack, a cast or a move
(:func:`rules.skirmish.preview.preview`), and a hero's state, as rows of the tactical battle's
:class:`~client.render.tooltip.Row` (the same panel draws them).

An attack shows its hit chance, the damage range and its distribution (grouped into at most five
bars), the chance to take the target out and, in detailed melee, the chance the blow lands on the
shield, the open-ended tail of the DRN damage and the target's armour by location; a defender in
defensive style says what that does. A move shows its path cost, the steps left after it, the
style checks it will roll and what the hero can still do after it.
"""

from __future__ import annotations

from fractions import Fraction

from client.i18n import tr, tr_amount
from client.render.tooltip import Row, pct
from client.skirmish.sheet import battle_name, item_name, name_of, num
from client.ui import BAD, GOLD, GOOD, MUTED_TEXT_COLOUR, WARN
from rules.rng import SeededRng
from rules.skirmish.actions import Action, Attack, Cast, EtherAttack, Move
from rules.skirmish.engine import action_options, apply
from rules.skirmish.preview import Preview, TargetPreview
from rules.skirmish.state import Hero, SkirmishState

BARS = 5


RARE = Fraction(1, 200)  # values beyond which less than 0.5% of the chance lies are shown as "N+"


def _cut(target: TargetPreview) -> tuple[list[tuple[int, Fraction]], bool]:
    """The listed damage values with a chance, the rare high end folded into the last one (True if so)."""
    values = [(v, p) for v, p in target.damage if p > 0]
    above = target.tail[1]
    kept = len(values)
    while kept > 1 and above + values[kept - 1][1] < RARE:
        above += values[kept - 1][1]
        kept -= 1
    folded = kept < len(values) or target.tail[1] > 0
    if kept < len(values):
        v, p = values[kept - 1]
        values = [*values[: kept - 1], (v, p + sum((q for _v, q in values[kept:]), Fraction(0)))]
    return values, folded


def distribution_rows(target: TargetPreview) -> list[Row]:
    """The damage given a hit in at most five bars, each a run of neighbouring values holding about a
    fifth of the chance; a rare high end is folded into the last bar ("15+")."""
    values, folded = _cut(target)
    if not values:
        return []
    rows = []
    total = sum((p for _v, p in values), Fraction(0)) + target.tail[1]
    share, start = Fraction(0), values[0][0]
    for i, (v, p) in enumerate(values):
        share += p
        last = i == len(values) - 1
        if share >= total / BARS or last:
            if last:
                share += target.tail[1]
            label = f"{start}+" if last and folded else str(start) if start == v else f"{start}–{v}"
            rows.append(Row(label, (240, 170, 120), share=float(share), value=pct(share)))
            share = Fraction(0)
            if not last:
                start = values[i + 1][0]
    return rows


def damage_text(target: TargetPreview) -> str:
    values, folded = _cut(target)
    top = values[-1][0] if values else 0
    span = f"{target.damage_min}–{top}" + ("+" if folded else "") if top != target.damage_min else str(top)
    return tr("skirmish.preview.damage", span=span, mean=num(round(target.mean, 1)))


def target_rows(
    state: SkirmishState, target: TargetPreview, *, melee_detailed: bool, harmless: bool = False
) -> list[Row]:
    """One target's odds; ``harmless``: a spell that deals no damage (its effect is said above)."""
    hero = state.heroes[target.target]
    rows = [Row(battle_name(state.heroes, hero.id), bold=True, team=hero.team)]
    if target.hit_chance < 100 or not harmless:
        rows.append(Row(tr("skirmish.preview.hit", p=pct(target.hit_chance / 100)), GOLD, 16, True))
    if not harmless:
        rows.append(Row(damage_text(target)))
        rows += distribution_rows(target)
    if target.kill_chance:
        rows.append(Row(tr("skirmish.preview.kill", p=pct(target.kill_chance), hp=hero.hp), BAD))
    else:
        rows.append(Row(tr("skirmish.preview.hp_left", hp=hero.hp), MUTED_TEXT_COLOUR, 13))
    if target.block_chance is not None:
        rows.append(Row(tr("skirmish.preview.block", p=pct(target.block_chance / 100)), (190, 160, 255)))
        if target.repel_chance is not None:
            rows.append(Row(tr("skirmish.preview.repel", p=pct(target.repel_chance)), (190, 160, 255), 13))
    if melee_detailed:
        if target.shield_chance is not None and hero.shield:
            rows.append(Row(tr("skirmish.preview.shield", p=pct(target.shield_chance)), WARN))
        rows.append(Row(armour_text(state, hero), MUTED_TEXT_COLOUR, 13))
    if hero.style:
        key = "skirmish.preview.style_detailed" if melee_detailed else "skirmish.preview.style_basic"
        rows.append(Row(tr(key), (210, 225, 255), 13))
    return rows


def armour_text(state: SkirmishState, hero: Hero) -> str:
    """S-MODEL-3: the same detailed armour on body and head, the shield's own when a blow lands on it."""
    cat = state.board.catalog
    armour = cat.armours[hero.info.loadout.armour].detailed_armour
    bonus = int(hero.effect_total("armour"))
    shield = cat.shields[hero.shield].armour if hero.shield else None
    text = tr("skirmish.preview.armour", body=armour + bonus, head=armour + bonus)
    return text + (tr("skirmish.preview.armour_shield", n=shield) if shield is not None else "")


def action_rows(state: SkirmishState, action: Action, forecast: Preview | None) -> list[Row]:
    """The tooltip of an attack, an ether attack or a cast the click would make."""
    if forecast is None:
        return []
    hero = state.heroes[action.hero]  # type: ignore[union-attr]
    if isinstance(action, Attack):
        w = state.board.catalog.weapons[action.weapon]
        kind = tr(f"skirmish.kind.{forecast.kind}")
        title = tr("skirmish.preview.attack", weapon=name_of(w), kind=kind)
    elif isinstance(action, Cast):
        spell = state.board.catalog.spells[action.spell]
        title = tr("skirmish.preview.cast", spell=name_of(spell), mana=spell.mana)
        harmless = not spell.damage
    elif isinstance(action, EtherAttack):
        title = tr("skirmish.preview.ether")
    else:
        return []
    rows = [Row(title, GOLD, 16, True, team=hero.team)]
    if isinstance(action, Cast):
        rows += [
            Row(line, (170, 230, 255), 14) for line in effect_lines(state.board.catalog.spells[action.spell])
        ]
    else:
        harmless = False
    detailed = isinstance(action, Attack) and state.board.detailed and str(forecast.kind) == "melee"
    if isinstance(action, Cast) and not forecast.targets:
        rows.append(Row(tr("skirmish.preview.nobody"), MUTED_TEXT_COLOUR))
    for target in forecast.targets:
        rows += target_rows(state, target, melee_detailed=detailed, harmless=harmless)
    if isinstance(action, EtherAttack) and forecast.targets:
        rows[-1:] = [
            Row(
                tr("skirmish.preview.ether_mana", mana=num(state.heroes[action.target].mana)),
                MUTED_TEXT_COLOUR,
            )
        ]
    rows.append(Row(tr("skirmish.preview.ends"), MUTED_TEXT_COLOUR, 13))
    return rows


def effect_lines(spell) -> list[str]:
    """What a spell does besides damage (S-DATA-5): healing, mana given, timed effects."""
    lines = []
    if spell.heal:
        lines.append(tr("skirmish.preview.heal", n=spell.heal))
    if spell.mana_gift:
        lines.append(tr("skirmish.preview.gift", n=spell.mana_gift))
    for status in spell.status:
        lines.append(
            tr(
                "skirmish.preview.status",
                what=tr(f"skirmish.status.{status.kind}"),
                value=num(status.value),
                n=status.rounds,
            )
        )
    return lines


def after_move(state: SkirmishState, action: Move) -> list[str]:
    """What the hero could still do after the move, assuming its style checks pass (played out on a
    copy; the dice are a throwaway's)."""
    twin = state.clone()
    try:
        apply(twin, action, SeededRng(0))
    except Exception:  # an illegal move has nothing after it
        return []
    if twin.act is None or twin.current is None or twin.current.pos != action.to:
        return []
    kinds: list[str] = []
    for option in action_options(twin):
        kind = type(option).__name__
        label = {
            "Attack": "attack",
            "Cast": "cast",
            "EtherAttack": "ether",
            "Bind": "bind",
            "StartChannel": "channel",
        }.get(kind)
        if label and label not in kinds:
            kinds.append(label)
    return [tr(f"skirmish.after.{k}") for k in kinds]


def move_rows(state: SkirmishState, action: Move, forecast: Preview) -> list[Row]:
    act = state.act
    left = (act.left if act else Fraction(0)) - forecast.cost
    rows = [
        Row(
            tr_amount(
                "skirmish.preview.move", forecast.cost, cost=num(forecast.cost), cells=len(forecast.path)
            ),
            (150, 200, 255),
            16,
            True,
        ),
        Row(tr("skirmish.preview.left", n=num(left))),
    ]
    for defender, chance in forecast.checks:
        who = battle_name(state.heroes, defender)
        rows.append(Row(tr("skirmish.preview.check", who=who, p=chance), WARN))
    after = after_move(state, action)
    rows.append(
        Row(
            tr("skirmish.preview.then", what=", ".join(after)) if after else tr("skirmish.preview.then_none"),
            GOOD if after else MUTED_TEXT_COLOUR,
            13,
        )
    )
    return rows


def hero_rows(state: SkirmishState, hero: Hero, shown_hp: int, shown_mana: Fraction) -> list[Row]:
    """A hovered hero: who, its numbers, and each condition in the rules' plain words."""
    info = hero.info
    title = f"{battle_name(state.heroes, hero.id)} · {name_of(info.hero.hero_class)}"
    rows = [Row(title, bold=True, team=hero.team)]
    rows.append(Row(tr("skirmish.hero.hp", hp=shown_hp, max=info.max_hp)))
    if info.max_mana:
        rows.append(
            Row(tr("skirmish.hero.mana", mana=num(shown_mana), max=num(info.max_mana)), (130, 170, 255))
        )
    rows.append(
        Row(
            tr_amount(
                "skirmish.hero.agility", hero.agility * 3, a=num(hero.agility), steps=num(hero.agility * 3)
            ),
            MUTED_TEXT_COLOUR,
            13,
        )
    )
    if state.board.detailed:
        rows.append(Row(tr("skirmish.hero.fatigue", n=hero.fatigue), (230, 200, 150), 13))
    rows.append(Row(tr("skirmish.hero.energy", p=pct(info.energy)), MUTED_TEXT_COLOUR, 13))
    lo = hero.info.loadout
    carried = [item_name("weapon", w) for w in (hero.melee, hero.ranged) if w]
    carried += [item_name("shield", hero.shield)] if hero.shield else []
    carried.append(item_name("armour", lo.armour))
    rows.append(Row(", ".join(carried), MUTED_TEXT_COLOUR, 13))
    for text in condition_texts(state, hero):
        rows.append(Row(text, (200, 210, 255), 13))
    return rows


def condition_texts(state: SkirmishState, hero: Hero) -> list[str]:
    """Each condition on the hero, quoting its rule in plain words."""
    out = []
    if hero.out:
        out.append(tr("skirmish.rule.out"))
    if 3 * hero.hp <= hero.info.max_hp and not hero.out:
        out.append(tr("skirmish.rule.wound_third"))
    elif 2 * hero.hp <= hero.info.max_hp and not hero.out:
        out.append(tr("skirmish.rule.wound_half"))
    if hero.style:
        out.append(
            tr("skirmish.rule.style_detailed" if state.board.detailed else "skirmish.rule.style_basic")
        )
    if hero.bound_by is not None:
        out.append(tr("skirmish.rule.bound", by=battle_name(state.heroes, hero.bound_by)))
    if hero.channel is not None:
        out.append(
            tr("skirmish.rule.channel", spell=item_name("spell", hero.channel.spell), n=hero.channel.left)
        )
    for effect in hero.effects:
        out.append(
            tr(
                "skirmish.rule.effect",
                what=tr(f"skirmish.status.{effect.kind}"),
                spell=item_name("spell", effect.spell),
                round=effect.until,
            )
        )
    if state.board.detailed and hero.fatigue:
        out.append(tr("skirmish.rule.fatigue"))
    if hero.info.energy < 1:
        out.append(tr("skirmish.rule.energy"))
    return out
