"""The combat log: one readable line per thing that happened (who moved where, by the sector names the
rulers show; who hit whom, for how much, how many died).

Each line is a whole sentence of the current language: a unit's name is passed in every case
(``who``, ``whom_dat``, ``whom_acc`` ..., :func:`client.i18n.unit_forms`) so the Russian text takes
the one its verb governs («Лучник стреляет по Гоблину: 114 урона»), and counts go through the
plural helper ("1 damage", «21 урон»).

Lines are built from events as the event player plays them, so the log never runs ahead of the
picture. An entry keeps a function that writes its text, so a change of language rewrites the
whole log. At most :data:`CAPACITY` entries are kept.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from client.i18n import team_colour, tr, tr_count, unit_forms
from client.render.board_view import BoardView
from client.render.sectors import sector_name
from rules.tactics import events as ev
from rules.tactics.catalog import Catalog

CAPACITY = 60


@dataclass(frozen=True)
class LogEntry:
    """A log line: the team it concerns (for its colour and marker; 0 = neutral) and its text."""

    team: int
    write: Callable[[], str]
    kind: str = "info"  # "info", "hit", "crit", "miss", "death", "round", "result"

    @property
    def text(self) -> str:
        return self.write()


class CombatLog:
    """Collects entries from played events."""

    def __init__(self, view: BoardView, catalog: Catalog) -> None:
        self.view = view
        self.catalog = catalog
        self.entries: deque[LogEntry] = deque(maxlen=CAPACITY)
        self.version = 0  # bumps on every new entry (panels redraw on change)
        self._attack: ev.AttackResolved | None = None

    def add(self, team: int, write: Callable[[], str], kind: str = "info") -> None:
        self.entries.append(LogEntry(team, write, kind))
        self.version += 1

    def _name(self, squad_id: int | None, role: str = "who") -> Callable[[], dict[str, str]]:
        """A function giving the name of a squad's unit (None: the barricade) in every case, as the
        template parameters ``role``, ``role_gen``, ``role_dat`` ... (in the language of the moment)."""
        unit = self.catalog.barricade if squad_id is None else self.view.squads[squad_id].unit
        return lambda: unit_forms(unit, role)

    def _team(self, squad_id: int | None) -> int:
        return 0 if squad_id is None else self.view.squads[squad_id].team

    def feed(self, event: ev.Event) -> None:
        """Turn one played event into log lines (some events only prepare the next line)."""
        handler = getattr(self, "_on_" + type(event).__name__, None)
        if handler is not None:
            handler(event)

    def _on_FeatureResolved(self, event: ev.FeatureResolved) -> None:
        self.add(0, lambda: tr("log.feature", text=event.text_ru if _ru() else event.text_en))

    def _on_RoundStarted(self, event: ev.RoundStarted) -> None:
        self.add(0, lambda: tr("log.round", n=event.round_no), "round")

    def _on_AttackResolved(self, event: ev.AttackResolved) -> None:
        self._attack = event
        if event.hit:
            return
        who, whom = self._name(event.attacker), self._name(event.target_squad, "whom")
        key = _attack_key(event.kind, "miss")
        self.add(self._team(event.attacker), lambda: tr(key, **who(), **whom()), "miss")

    def _on_Damaged(self, event: ev.Damaged) -> None:
        if event.source == "trap":
            return  # written with TrapTriggered
        attack = self._attack
        if attack is None:
            return
        who, whom = self._name(attack.attacker), self._name(event.target_squad, "whom")
        key = _attack_key(attack.kind, "crit" if attack.crit else "hit")
        damage, killed = event.damage, event.killed

        def write() -> str:
            line = tr(key, **who(), **whom(), damage=tr_count("log.damage", damage))
            return f"{line}, {tr_count('log.killed', killed)}" if killed else line

        self.add(self._team(attack.attacker), write, "crit" if attack.crit else "hit")

    def _on_SquadDestroyed(self, event: ev.SquadDestroyed) -> None:
        who = self._name(event.squad)
        self.add(event.team, lambda: tr("log.destroyed", **who()), "death")

    def _on_BarricadeDestroyed(self, event: ev.BarricadeDestroyed) -> None:
        self.add(0, lambda: tr("log.barricade_destroyed"), "death")

    def _on_StunRolled(self, event: ev.StunRolled) -> None:
        if event.success:
            who = self._name(event.target)
            self.add(self._team(event.target), lambda: tr("log.stunned", **who(), round=event.until_round))

    def _on_CounterstrikeRolled(self, event: ev.CounterstrikeRolled) -> None:
        pass  # the counterstrike's own AttackResolved writes the line

    def _on_BackstabRolled(self, event: ev.BackstabRolled) -> None:
        pass  # likewise

    def _on_SquadMoved(self, event: ev.SquadMoved) -> None:
        who = self._name(event.squad)
        start, end = sector_name(event.frm), sector_name(event.to)
        self.add(self._team(event.squad), lambda: tr("log.moved", **who(), start=start, end=end))

    def _on_MoveCancelled(self, event: ev.MoveCancelled) -> None:
        who = self._name(event.squad)
        self.add(self._team(event.squad), lambda: tr("log.move_cancelled", **who()))

    def _on_TrapTriggered(self, event: ev.TrapTriggered) -> None:
        who, damage = self._name(event.squad), event.damage
        self.add(
            self._team(event.squad),
            lambda: tr("log.trap", **who(), damage=tr_count("log.damage", damage)),
            "hit",
        )

    def _on_AuraGained(self, event: ev.AuraGained) -> None:
        who = self._name(event.squad)
        self.add(self._team(event.squad), lambda: tr(f"log.aura_{event.kind}", **who()))

    def _on_FlagTaken(self, event: ev.FlagTaken) -> None:
        who = self._name(event.squad)
        total = event.required or "?"
        self.add(event.team, lambda: tr("log.flag", **who(), n=event.count, total=total))

    def _on_ExitCounterChanged(self, event: ev.ExitCounterChanged) -> None:
        key = "log.exit_in" if event.entered else "log.exit_out"
        who = self._name(event.squad)
        self.add(event.team, lambda: tr(key, **who(), n=event.count, total=event.target))

    def _on_ChestOpened(self, event: ev.ChestOpened) -> None:
        who = self._name(event.squad)
        self.add(event.team, lambda: tr("log.chest", **who(), bonus=tr(f"bonus.{event.bonus}")))

    def _on_Defended(self, event: ev.Defended) -> None:
        who = self._name(event.squad)
        self.add(self._team(event.squad), lambda: tr("log.defend", **who(), bonus=event.bonus))

    def _on_Surrendered(self, event: ev.Surrendered) -> None:
        self.add(event.team, lambda: surrendered_text(event.team, self.view), "result")

    def _on_BattleEnded(self, event: ev.BattleEnded) -> None:
        self.add(0, lambda: result_title(event, self.view), "result")


def _ru() -> bool:
    from client.i18n import language

    return language() == "ru"


def _attack_key(kind: str, outcome: str) -> str:
    """log.<kind>_<hit|crit|miss>: melee, ranged, line, counterstrike, backstab."""
    return f"log.{kind}_{outcome}"


def team_name(team: int, view: BoardView, form: str = "") -> str:
    """ "You" / "The enemy" in a mission; in hot-seat the team's colour in ``form``
    (:data:`client.i18n.TEAM_FORMS`: «Синие» as a label, «синие» in a sentence, «синих»)."""
    if view.mission:
        return tr("team.you" if team == 1 else "team.enemy")
    return team_colour(team, form)


def surrendered_text(team: int, view: BoardView) -> str:
    """ "You surrendered" / «Противник сдался» / «Красные сдались»: the verb agrees with the side."""
    if view.mission:
        return tr("log.surrendered_you" if team == 1 else "log.surrendered_enemy")
    return tr("log.surrendered_team", team=team_colour(team))


def result_title(event: ev.BattleEnded, view: BoardView) -> str:
    """ "Victory", "Defeat", "Draw", or "Red wins" in hot-seat."""
    if event.winner is None:
        return tr("result.draw")
    if view.mission:
        return tr("result.victory" if event.winner == 1 else "result.defeat")
    return tr("result.team_wins", team=team_name(event.winner, view, "plural"))
