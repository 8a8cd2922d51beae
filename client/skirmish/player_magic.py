"""The skirmish event player's magic: casts, hit and resistance rolls, effects, healing, mana, walls,
channels, the ether duel and binding, each with its pop-ups. A mixin of
:class:`client.skirmish.player.SkirmishPlayer`, which gives it ``label``, ``_hero`` and ``_shot``."""

from __future__ import annotations

from client.i18n import tr, tr_count
from client.render.effects import Burst
from client.skirmish.sheet import item_name, num
from client.ui import GOLD, GOOD, WARN
from rules.skirmish import events as ev

MISS = (200, 204, 214)
MANA = (130, 170, 255)
LABEL_HOLD = 0.3
DAMAGE_HOLD = 0.3
SCHOOL_COLOURS = {
    "fire": (255, 140, 60),
    "air": (170, 210, 255),
    "earth": (190, 150, 90),
    "water": (110, 200, 255),
}


def roll_text(chance, roll) -> str:
    from client.skirmish.player import roll_text as text

    return text(chance, roll)


def pct(value) -> str:
    from client.skirmish.player import pct as text

    return text(value)


class MagicBeats:
    """The magic events' handlers (see the module note)."""

    # ---- magic --------------------------------------------------------------------------------------
    def _on_SpellCast(self, event: ev.SpellCast, animate: bool) -> float:
        hero = self._hero(event.hero)
        hero.mana = event.mana
        if not animate:
            return 0.0
        spell = self.catalog.spells[event.spell]
        colour = SCHOOL_COLOURS.get(str(spell.school), GOLD)
        self.label(hero, item_name("spell", event.spell), colour, 18)
        if event.mana_spent:
            self.label(hero, tr("skirmish.popup.mana", n=f"−{event.mana_spent}"), MANA, 15, delay=0.05)
        hold = LABEL_HOLD
        if event.target != hero.pos:
            hold += self._shot(
                event.origin, event.target, "lightning" if spell.school == "air" else "orb", colour
            )
        self.effects.append(Burst(self.centre(event.target), colour, 0.6, 20 + 16 * spell.radius))
        return hold

    def _on_SpellFailed(self, event: ev.SpellFailed, animate: bool) -> float:
        if animate:
            self.label(self._hero(event.hero), tr("skirmish.popup.spell_failed"), MISS)
            return LABEL_HOLD
        return 0.0

    def _on_SpellHitRolled(self, event: ev.SpellHitRolled, animate: bool) -> float:
        if not animate:
            return 0.0
        key = "skirmish.popup.hit" if event.hit else "skirmish.popup.miss"
        self.label(
            self._hero(event.target),
            tr(key, roll=roll_text(event.chance, event.roll)),
            (255, 244, 214) if event.hit else MISS,
            16,
        )
        return LABEL_HOLD

    def _on_SpellResisted(self, event: ev.SpellResisted, animate: bool) -> float:
        if not animate:
            return 0.0
        hero = self._hero(event.target)
        key = "skirmish.popup.blocked" if event.blocked else "skirmish.popup.not_blocked"
        self.label(hero, tr(key, roll=roll_text(event.chance, event.roll)), (190, 160, 255), 16)
        if event.blocked and event.factor == 0:
            self.label(hero, tr("skirmish.popup.repelled"), GOOD, 16, delay=0.05)
        elif event.blocked:
            self.label(hero, tr("skirmish.popup.weakened", p=pct(event.factor * 100)), WARN, 15, delay=0.05)
        return LABEL_HOLD

    def _on_SpellStruck(self, event: ev.SpellStruck, animate: bool) -> float:
        if event.crit:
            self.crit_pending.add(event.target)
            if animate:
                self.label(self._hero(event.target), tr("skirmish.popup.crit"), GOLD, 17)
        return 0.0

    def _on_EffectApplied(self, event: ev.EffectApplied, animate: bool) -> float:
        hero = self._hero(event.hero)
        hero.effects = (*hero.effects, (event.kind, event.spell, event.until))
        if animate:
            self.label(hero, tr(f"skirmish.status.{event.kind}"), (170, 230, 255), 16)
            return LABEL_HOLD * 0.7
        return 0.0

    def _on_EffectEnded(self, event: ev.EffectEnded, animate: bool) -> float:
        hero = self._hero(event.hero)
        hero.effects = tuple(e for e in hero.effects if not (e[0] == event.kind and e[1] == event.spell))
        return 0.0

    def _on_Healed(self, event: ev.Healed, animate: bool) -> float:
        hero = self._hero(event.hero)
        hero.hp = event.hp
        if animate:
            self.label(hero, f"+{event.amount}", GOOD, 22)
            return DAMAGE_HOLD
        return 0.0

    def _on_ManaChanged(self, event: ev.ManaChanged, animate: bool) -> float:
        hero = self._hero(event.hero)
        hero.mana = event.mana
        if animate and event.delta:
            sign = "+" if event.delta > 0 else "−"
            self.label(hero, tr("skirmish.popup.mana", n=f"{sign}{num(abs(event.delta))}"), MANA, 15)
            return LABEL_HOLD * 0.6
        return 0.0

    def _on_WallRaised(self, event: ev.WallRaised, animate: bool) -> float:
        self.view.walls.update(event.cells)
        return 0.3 if animate else 0.0

    def _on_WallCrumbled(self, event: ev.WallCrumbled, animate: bool) -> float:
        self.view.walls.difference_update(event.cells)
        return 0.2 if animate else 0.0

    def _on_ChannelStarted(self, event: ev.ChannelStarted, animate: bool) -> float:
        hero = self._hero(event.hero)
        hero.channel = (event.spell, event.activations - 1)
        if animate:
            self.label(
                hero,
                tr_count("skirmish.popup.channel", event.activations, spell=item_name("spell", event.spell)),
                (190, 160, 255),
                16,
            )
            return LABEL_HOLD
        return 0.0

    def _on_ChannelContinued(self, event: ev.ChannelContinued, animate: bool) -> float:
        self._hero(event.hero).channel = (event.spell, event.left)
        return 0.0

    def _on_ChannelEnded(self, event: ev.ChannelEnded, animate: bool) -> float:
        hero = self._hero(event.hero)
        hero.channel = None
        if animate:
            self.label(hero, tr(f"skirmish.popup.channel_{event.reason}"), WARN, 16)
            return LABEL_HOLD
        return 0.0

    def _on_EtherAttackResolved(self, event: ev.EtherAttackResolved, animate: bool) -> float:
        target = self._hero(event.target)
        target.mana = event.mana
        if not animate:
            return 0.0
        hold = self._shot(self._hero(event.hero).pos, target.pos, "orb", (190, 130, 255))
        key = "skirmish.popup.ether_hit" if event.hit else "skirmish.popup.ether_miss"
        self.label(target, tr(key, roll=roll_text(event.chance, event.roll)), (190, 160, 255), 16, delay=hold)
        if event.hit:
            self.label(target, tr("skirmish.popup.mana", n=f"−{event.damage}"), MANA, 20, delay=hold + 0.05)
        return hold + LABEL_HOLD

    def _on_HeroBound(self, event: ev.HeroBound, animate: bool) -> float:
        target = self._hero(event.target)
        target.bound_by = event.hero
        if animate:
            self.label(target, tr("skirmish.popup.bound"), (190, 160, 255), 18)
            return LABEL_HOLD
        return 0.0

    def _on_BindingEnded(self, event: ev.BindingEnded, animate: bool) -> float:
        self._hero(event.target).bound_by = None
        return 0.0
