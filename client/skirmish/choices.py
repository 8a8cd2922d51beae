"""The skirmish scene's choices: the action bar's chips from the acting hero's legal actions, and
what a click on a cell does (move, attack with the chosen weapon, cast the aimed spell, ether attack,
bind), asked of the rules (:mod:`client.skirmish.targeting`). A mixin of
:class:`client.skirmish.scene.SkirmishScene`, which owns the state it reads."""

from __future__ import annotations

from client.i18n import language, tr
from client.skirmish import hud, targeting
from client.skirmish.sheet import item_name, name_of
from rules.skirmish.actions import (
    Action,
    Attack,
    Bind,
    Cast,
    EtherAttack,
    Move,
    PickUp,
    StartChannel,
)
from rules.skirmish.preview import preview


class Choices:
    """The scene's action bar and clicks (mixed into the scene)."""

    # ---- the action bar -----------------------------------------------------------------------------
    def make_chips(self) -> list[hud.Chip]:
        """The acting hero's choices now, from its legal actions; its quick spells always show (greyed
        when they cannot be cast now), with their mana costs."""
        hero = self.acting_hero()
        if hero is None:
            return []
        # Remembered for this state, aim, weapon and language: they change by clicks, not by frames.
        key = ("chips", hero.id, self.aim, self.weapon, self.more, language())
        chips, self.weapon = self.session.memo(key, lambda: self._chips(hero), self._memo)
        return list(chips)

    def _chips(self, hero) -> tuple[list[hud.Chip], tuple[str, bool] | None]:
        """The chips and the weapon chosen (the first usable one if the chosen one is not)."""
        legal = self.session.legal()
        cat = self.session.state.board.catalog
        chips: list[hud.Chip] = []
        weapons = list(dict.fromkeys((a.weapon, a.thrown) for a in legal if isinstance(a, Attack)))
        if self.weapon not in weapons:
            self.weapon = weapons[0] if weapons else None
        carried = [(w, False) for w in (hero.melee, hero.ranged) if w] + [
            (w, True) for w in dict.fromkeys(hero.thrown)
        ]
        for w, thrown in carried:  # what it carries but cannot use now shows greyed
            if (w, thrown) not in weapons:
                label = item_name("weapon", w)
                chips.append(
                    hud.Chip(
                        ("weapon", w, thrown),
                        tr("skirmish.hud.throw", item=label) if thrown else label,
                        enabled=False,
                    )
                )
        for w, thrown in weapons:
            label = item_name("weapon", w)
            chips.append(
                hud.Chip(
                    ("weapon", w, thrown),
                    tr("skirmish.hud.throw", item=label) if thrown else label,
                    chosen=self.aim is None and self.weapon == (w, thrown),
                )
            )
        if any(isinstance(a, EtherAttack) for a in legal):
            chips.append(hud.Chip(("ether",), tr("skirmish.hud.ether"), chosen=self.aim == ("ether",)))
        if any(isinstance(a, Bind) for a in legal):
            chips.append(hud.Chip(("bind",), tr("skirmish.hud.bind"), chosen=self.aim == ("bind",)))
        for a in legal:
            if isinstance(a, PickUp):
                chips.append(
                    hud.Chip(
                        ("pickup", a.weapon), tr("skirmish.hud.pick_up", item=item_name("weapon", a.weapon))
                    )
                )
        castable = {a.spell for a in legal if isinstance(a, Cast)}
        for spell_id in hero.info.loadout.quick:
            spell = cat.spells[spell_id]
            chips.append(
                hud.Chip(
                    ("spell", spell_id),
                    name_of(spell),
                    hud.mana_label(spell.mana),
                    spell_id in castable,
                    self.aim == ("spell", spell_id),
                )
            )
        channels = [a for a in legal if isinstance(a, StartChannel)]
        if channels:
            chips.append(hud.Chip(("more",), tr("skirmish.hud.more", n=len(channels)), chosen=self.more))
        for a in channels if self.more else ():
            if isinstance(a, StartChannel):
                spell = cat.spells[a.spell]
                chips.append(
                    hud.Chip(
                        ("channel", a.spell),
                        tr("skirmish.hud.channel", spell=name_of(spell)),
                        tr("skirmish.hud.rounds", n=spell.activations),
                    )
                )
        for spell_id in sorted(castable - set(hero.info.loadout.quick)):  # a finished channel casts its spell
            spell = cat.spells[spell_id]
            chips.append(
                hud.Chip(("spell", spell_id), name_of(spell), "", True, self.aim == ("spell", spell_id))
            )
        return chips, self.weapon

    def choose_chip(self, chip: hud.Chip) -> None:
        if not chip.enabled or not self.input_allowed():
            return
        kind = chip.key[0]
        hero = self.session.state.current
        assert hero is not None
        if kind == "weapon":
            self.weapon, self.aim = (chip.key[1], chip.key[2]), None
        elif kind == "more":
            self.more = not self.more
        elif kind == "pickup":
            self._act(PickUp(hero.id, chip.key[1]))
        elif kind == "channel":
            self._act(StartChannel(hero.id, chip.key[1]))
        elif kind == "spell":
            spell = self.session.state.board.catalog.spells[chip.key[1]]
            if self.aim == chip.key:
                self.aim = None
            elif str(spell.target) == "self":
                cast = targeting.cast_at(self.session.state, self.session.legal(), hero, spell, hero.pos)
                if cast is not None:
                    self._act(cast)
            else:
                self.aim = chip.key
        else:
            self.aim = None if self.aim == chip.key else chip.key

    # ---- what a click on a cell does --------------------------------------------------------------
    def action_at(self, cell: tuple[int, int]) -> Action | None:
        hero = self.acting_hero()
        if hero is None:
            return None
        key = ("click", cell, self.aim, self.weapon)
        return self.session.memo(key, lambda: self._action_at(hero, cell), self._memo)

    def _action_at(self, hero, cell: tuple[int, int]) -> Action | None:
        state, legal = self.session.state, self.session.legal()
        other = state.hero_at(cell)
        if self.aim is not None and self.aim[0] == "spell":
            spell = state.board.catalog.spells[self.aim[1]]
            return targeting.cast_at(state, legal, hero, spell, cell)
        if self.aim in (("ether",), ("bind",)):
            kind = EtherAttack if self.aim == ("ether",) else Bind
            return next(
                (a for a in legal if isinstance(a, kind) and other is not None and a.target == other.id), None
            )
        if other is not None and other.team != hero.team:
            return targeting.attack_targets(legal, self.weapon).get(other.id)
        move = Move(hero.id, cell)
        return move if move in legal else None

    def forecast(self, action: Action):
        state = self.session.state
        return self.session.memo(("preview", action), lambda: preview(state, action), self._memo)
