"""The duel log of the side panel: one translated line per event a player cares about, capped."""

from __future__ import annotations

from client import i18n
from client.duel.beats import player_name
from client.duel.cards import card_name
from rules.duel import events as ev
from rules.duel.state import DuelState

LOG_CAP = 200


class DuelLog:
    """The newest ``LOG_CAP`` lines; events come already redacted for the viewer."""

    def __init__(self, seats: bool = False) -> None:
        self.lines: list[str] = []
        self.seats = seats  # name the players "Player 1" / "Player 2" (hot-seat, replays)

    def add(self, line: str) -> None:
        self.lines.append(line)
        del self.lines[:-LOG_CAP]

    def add_events(self, events: list[ev.Event], state: DuelState) -> None:
        cat = state.catalog
        for e in events:
            if isinstance(e, ev.TurnStarted):
                self.add(i18n.tr("duel.log_turn", turn=e.turn, who=player_name(e.player, self.seats)))
            elif isinstance(e, ev.CreaturePlayed):
                self.add(
                    i18n.tr(
                        "duel.log_played",
                        who=player_name(e.player, self.seats),
                        card=card_name(cat.card(e.card)),
                    )
                )
            elif isinstance(e, ev.SpellCast):
                self.add(
                    i18n.tr(
                        "duel.log_cast",
                        who=player_name(e.player, self.seats),
                        card=card_name(cat.card(e.card)),
                    )
                )
            elif isinstance(e, ev.LifeLost):
                self.add(i18n.tr("duel.log_life", amount=e.amount, life=e.life))
            elif isinstance(e, ev.CreatureDiscarded):
                self.add(i18n.tr("duel.log_discarded", card=card_name(cat.card(e.card))))
            elif isinstance(e, ev.TurnEnded) and e.reason == ev.TurnEndReason.TIMEOUT:
                self.add(i18n.tr("duel.log_timeout", who=player_name(e.player, self.seats)))
