"""The skirmish's combat log: one line per event worth reading, in the side's colour, written when
the event player starts the event (so the log never runs ahead of the pictures)."""

from __future__ import annotations

from client.i18n import tr, tr_amount, tr_count
from client.skirmish.player import pct, roll_text
from client.skirmish.sheet import battle_name, item_name, num
from client.skirmish.view import SkirmishBoard
from rules.skirmish import events as ev


class SkirmishLog:
    def __init__(self, view: SkirmishBoard) -> None:
        self.view = view
        self.lines: list[tuple[int, str]] = []  # (team, text); team 0 for neutral lines

    def _name(self, hero_id: int) -> str:
        return battle_name(self.view.heroes, hero_id)

    def _team(self, hero_id: int) -> int:
        return self.view.heroes[hero_id].team

    def add(self, team: int, line: str) -> None:
        self.lines.append((team, line))
        if len(self.lines) > 400:
            del self.lines[:100]

    def feed(self, event: ev.Event) -> None:
        handler = getattr(self, "_on_" + type(event).__name__, None)
        if handler is not None:
            handler(event)

    def _on_RoundStarted(self, e: ev.RoundStarted) -> None:
        self.add(0, tr("skirmish.log.round", n=e.round_no))

    def _on_HeroMoved(self, e: ev.HeroMoved) -> None:
        self.add(
            self._team(e.hero), tr_amount("skirmish.log.moved", e.cost, who=self._name(e.hero), n=num(e.cost))
        )

    def _on_StyleDeclared(self, e: ev.StyleDeclared) -> None:
        self.add(self._team(e.hero), tr("skirmish.log.style", who=self._name(e.hero)))

    def _on_StyleCheckRolled(self, e: ev.StyleCheckRolled) -> None:
        key = "skirmish.log.check_pass" if e.passed else "skirmish.log.check_fail"
        self.add(
            self._team(e.hero),
            tr(key, who=self._name(e.hero), by=self._name(e.defender), roll=roll_text(e.chance, e.roll)),
        )

    def _on_AttackResolved(self, e: ev.AttackResolved) -> None:
        key = "skirmish.log.hit" if e.hit else "skirmish.log.miss"
        self.add(
            self._team(e.hero),
            tr(
                key,
                who=self._name(e.hero),
                whom=self._name(e.target),
                weapon=item_name("weapon", e.weapon),
                roll=roll_text(e.chance, e.roll),
            )
            + (" " + tr("skirmish.popup.crit") if e.crit else ""),
        )

    def _on_StrikeResolved(self, e: ev.StrikeResolved) -> None:
        if e.hit:
            where = tr("skirmish.popup.shield") if e.shield_hit else tr(f"skirmish.location.{e.location}")
            line = tr(
                "skirmish.log.strike_hit",
                who=self._name(e.hero),
                whom=self._name(e.target),
                a=num(e.attack_value),
                d=num(e.defence_value),
                where=where,
                net=num(e.net),
            )
        else:
            line = tr(
                "skirmish.log.strike_miss",
                who=self._name(e.hero),
                whom=self._name(e.target),
                a=num(e.attack_value),
                d=num(e.defence_value),
            )
        self.add(self._team(e.hero), line)

    def _on_HeroDamaged(self, e: ev.HeroDamaged) -> None:
        self.add(
            self._team(e.hero),
            tr("skirmish.log.damaged", who=self._name(e.hero), n=e.amount, hp=max(0, e.hp)),
        )

    def _on_HeroIncapacitated(self, e: ev.HeroIncapacitated) -> None:
        self.add(self._team(e.hero), tr("skirmish.log.out", who=self._name(e.hero)))

    def _on_AfflictionSuffered(self, e: ev.AfflictionSuffered) -> None:
        self.add(self._team(e.hero), f"{self._name(e.hero)}: {tr(f'skirmish.affliction.{e.kind}')}")

    def _on_SpellCast(self, e: ev.SpellCast) -> None:
        self.add(
            self._team(e.hero),
            tr(
                "skirmish.log.cast",
                who=self._name(e.hero),
                spell=item_name("spell", e.spell),
                mana=e.mana_spent,
            ),
        )

    def _on_SpellResisted(self, e: ev.SpellResisted) -> None:
        key = "skirmish.popup.blocked" if e.blocked else "skirmish.popup.not_blocked"
        self.add(self._team(e.target), f"{self._name(e.target)}: {tr(key, roll=roll_text(e.chance, e.roll))}")

    def _on_SpellHitRolled(self, e: ev.SpellHitRolled) -> None:
        key = "skirmish.popup.hit" if e.hit else "skirmish.popup.miss"
        self.add(self._team(e.target), f"{self._name(e.target)}: {tr(key, roll=roll_text(e.chance, e.roll))}")

    def _on_Healed(self, e: ev.Healed) -> None:
        self.add(self._team(e.hero), tr("skirmish.log.healed", who=self._name(e.hero), n=e.amount))

    def _on_EtherAttackResolved(self, e: ev.EtherAttackResolved) -> None:
        key = "skirmish.log.ether_hit" if e.hit else "skirmish.log.ether_miss"
        self.add(
            self._team(e.hero),
            tr(
                key,
                who=self._name(e.hero),
                whom=self._name(e.target),
                n=e.damage,
                roll=roll_text(e.chance, e.roll),
            ),
        )

    def _on_HeroBound(self, e: ev.HeroBound) -> None:
        self.add(
            self._team(e.hero), tr("skirmish.log.bound", who=self._name(e.hero), whom=self._name(e.target))
        )

    def _on_ChannelStarted(self, e: ev.ChannelStarted) -> None:
        self.add(
            self._team(e.hero),
            tr_count("skirmish.popup.channel", e.activations, spell=item_name("spell", e.spell)),
        )

    def _on_BattleEnded(self, e: ev.BattleEnded) -> None:
        self.add(e.winner or 0, result_text(e, self.view))


def side_name(team: int, hotseat: bool) -> str:
    return tr(f"skirmish.side.{team}")


def result_text(event: ev.BattleEnded, view: SkirmishBoard) -> str:
    """Who won and how (S-END)."""
    how = tr(f"skirmish.end.{event.reason}")
    if event.winner is None:
        return tr("skirmish.end.draw", how=how)
    return tr("skirmish.end.won", side=side_name(event.winner, False), how=how)


__all__ = ["SkirmishLog", "pct", "result_text"]
