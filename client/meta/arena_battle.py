"""An arena battle: a shipped ``arena_*.tmx`` map with the two armies put in, fought in the tactical
battle scene, and its result paid into the profile when it ends.

:func:`with_armies` is the one place where a map's setup takes other armies (the player's fit
roster and the rival's or the mob's army); the rest is the map's. :class:`RewardBattleScene` is the
ordinary :class:`~client.battle.scene.TacticsScene` whose ``after_battle`` hook settles the result
(a callback) and returns the overlay's reward lines. An arena battle offers neither "Play again"
(it is paid once) nor "Save replay" (a replay rebuilds its setup from the map alone, without the
armies put in); a mission offers both.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from client.battle.opponent import resolve_level
from client.battle.scene import TacticsScene
from client.battle.session import HUMAN
from client.battle.spec import BattleSpec
from client.context import Context
from client.i18n import tr
from client.meta.arena import ArenaSearch, fit_army
from client.meta.barracks import unit_name
from client.meta.rewards import Line, Settled, mission_lines, reward_lines
from client.meta.state import MetaState
from client.render.map_layers import load_map_art
from client.scenes.base import Size
from rules.core.teams import PerTeam
from rules.meta.matchmaking import Application
from rules.meta.mobs import mob_army
from rules.meta.profile import Profile
from rules.meta.results import apply_mission, apply_pvp
from rules.meta.rivals import Rival, apply_rival_result
from rules.rng import Rng, SeededRng, choose
from rules.tactics import events as ev
from rules.tactics.catalog import default_tactics_catalog
from rules.tactics.outcome import EndReason
from rules.tactics.setup import BattleSetup, SquadSpec
from rules.tactics.state import BattleState

Army = tuple[tuple[str, int, int], ...]  # (unit, count, level)


def arena_maps(maps_dir: Path) -> list[Path]:
    return sorted(maps_dir.glob("arena_*.tmx"))


def with_armies(setup: BattleSetup, player: Army, enemy: Army) -> BattleSetup:
    """The map's setup with team 1 fielding ``player`` and team 2 ``enemy`` (levels within the catalog)."""
    top = default_tactics_catalog().max_level

    def specs(army: Army) -> tuple[SquadSpec, ...]:
        return tuple(SquadSpec(unit, count, min(top, level)) for unit, count, level in army)

    return replace(setup, armies=PerTeam(specs(player), specs(enemy)))


def enemy_army(p: Profile, rival: Rival | None, league: int, rng: Rng) -> Army:
    """The rival's own army, or a mob's by the application's league (M-DATA-1b)."""
    if rival is not None:
        return rival.army[:4]
    from rules.meta.catalog import default_meta_catalog

    squads = [(s.count, s.level) for s in p.roster if s.count > 0]
    return mob_army(league, squads, default_meta_catalog().mob_units, rng)


def army_text(army: Sequence[tuple[str, int, int]]) -> str:
    return ", ".join(tr("army.entry_level", count=n, name=unit_name(u), level=lv) for u, n, lv in army)


def arena_spec(map_path: Path, player: Army, enemy: Army, ai: str) -> BattleSpec:
    """The battle on ``map_path`` (MapError if it does not load): the player commands team 1."""
    loaded, art = load_map_art(map_path)
    setup = with_armies(loaded.setup, player, enemy)
    return BattleSpec(loaded, art, setup, {1: HUMAN, 2: resolve_level(ai)}, map_path)


class RewardBattleScene(TacticsScene):
    """A battle whose end pays into the profile: ``settle(event, state, chests)`` returns the lines."""

    offers_again = False

    def __init__(
        self,
        ctx: Context,
        size: Size,
        spec: BattleSpec,
        settle: Callable[[ev.BattleEnded, BattleState, tuple[str, ...]], list[Line]],
        seed: int | None = None,
        again: bool = False,
    ) -> None:
        self.settle = settle
        self.settled: list[Line] | None = None
        self.offers_again = again  # a mission may be played again (and pays again); an arena battle not
        self.offers_replay_save = spec.setup == spec.loaded.setup  # a replay rebuilds the map's setup only
        super().__init__(ctx, size, spec, seed)

    def restart(self) -> TacticsScene:
        return RewardBattleScene(self.ctx, self.size, self.spec, self.settle, again=self.offers_again)

    def after_battle(self, event: ev.BattleEnded) -> list[Line]:
        if self.settled is None:  # once, whatever happens to the overlay afterwards
            self.settled = self.settle(event, self.session.state, tuple(self.view.chests_taken[1]))
        return self.settled


def outcome_of(event: ev.BattleEnded) -> str:
    return "draw" if event.winner is None else ("win" if event.winner == 1 else "loss")


def losses(state: BattleState, fielded: Sequence[tuple[int, str, int, int]]) -> dict[int, int]:
    """The player's units killed, by roster index. ``fielded`` is (roster index, unit, count, level)
    per squad sent; the landing shuffles the squads (T-LAND-5), so each battle squad is matched to the
    first unmatched fielded squad of the same type, count and level."""
    free = list(fielded)
    killed: dict[int, int] = {}
    for squad in (s for s in state.squads if s.info.team == 1):
        key = (squad.info.unit.id, squad.info.start_count, squad.info.level)
        match = next(f for f in free if (f[1], f[2], f[3]) == key)
        free.remove(match)
        killed[match[0]] = killed.get(match[0], 0) + squad.info.start_count - squad.count
    return killed


def chest_names(chests: Sequence[str]) -> str:
    return ", ".join(tr(f"bonus.{b}") for b in chests)


def settle_arena(
    meta: MetaState,
    own: Application,
    rival: Rival | None,
    rival_cups: int | None,
    fielded: Sequence[tuple[int, str, int, int]],
    rng: Rng,
) -> Callable[[ev.BattleEnded, BattleState, tuple[str, ...]], list[Line]]:
    """The arena's ``settle``: M-PVP rewards, cups (M-CUP, the rival's too), wounded, then save.
    ``own`` and ``rival_cups`` are the applications' cups snapshotted at the match (M-OQ-4)."""

    def settle(event: ev.BattleEnded, state: BattleState, chests: tuple[str, ...]) -> list[Line]:
        outcome = outcome_of(event)
        eff, opp_eff = event.efficiency[1], event.efficiency[2]
        surrendered = event.reason == EndReason.SURRENDER and event.winner == 2
        before = meta.refresh()
        after, reward, card = apply_pvp(
            before,
            outcome=outcome,
            league=own.league,
            efficiency=eff,
            opponent_cups=rival_cups,
            opponent_efficiency=opp_eff,
            my_cups_at_match=own.cups,
            killed=losses(state, fielded),
            chests=chests,
            surrendered=surrendered,
            now=meta.now(),
            rng=rng,
        )
        if rival is not None:
            grown = apply_rival_result(
                rival,
                player_outcome=outcome,
                player_cups=own.cups,
                rival_cups=rival_cups,
                player_efficiency=eff,
                rival_efficiency=opp_eff,
                rng=rng,
            )
            after = replace(after, rivals=tuple(grown if r.name == rival.name else r for r in after.rivals))
        meta.change(lambda _p: after)
        name = tr("arena.mob") if rival is None else rival.entry().name(_language())
        settled = Settled(
            outcome,
            own.league,
            eff,
            opp_eff,
            own.cups,
            None if rival is None else rival.cups,
            name,
            reward,
            card,
            unit_name(card) if card else "",
            chests,
            chest_names(chests),
            surrendered,
            before,
            after,
        )
        lines = reward_lines(settled)
        lines.append(_saved_line(meta))
        return lines

    return settle


def settle_mission(meta: MetaState) -> Callable[[ev.BattleEnded, BattleState, tuple[str, ...]], list[Line]]:
    """A mission's ``settle`` (M-MIS-1): a win pays cups and its chests into the profile, then saves.
    The mission's army is the map's, not the roster, so nobody is wounded in the roster."""

    def settle(event: ev.BattleEnded, state: BattleState, chests: tuple[str, ...]) -> list[Line]:
        won = event.winner == 1
        before = meta.refresh()
        after = meta.change(lambda p: apply_mission(p, won=won, chests=chests if won else ()))
        return [*mission_lines(before, after, won, chest_names(chests)), _saved_line(meta)]

    return settle


def _saved_line(meta: MetaState) -> Line:
    from client.ui import BAD, MUTED_TEXT_COLOUR

    if meta.store.save_error:
        return tr("arena.reward.not_saved", reason=meta.store.save_error), BAD
    return tr("arena.reward.saved"), MUTED_TEXT_COLOUR


def _language() -> str:
    from client.i18n import language

    return language()


def pick_map(maps_dir: Path, rng: Rng) -> Path:
    maps = arena_maps(maps_dir)
    if not maps:
        raise FileNotFoundError(f"no arena_*.tmx maps in {maps_dir}")
    return choose(rng, maps)


Settle = Callable[[ev.BattleEnded, BattleState, tuple[str, ...]], list[Line]]


@dataclass(frozen=True)
class ArenaMatch:
    """A matched search made ready to fight: the map, both armies, the opponent's AI, the battle's
    seed and the ``settle`` that pays the result. The Arena screen and the headless season
    (:mod:`client.meta.season`) both start their battles from it."""

    map_path: Path
    player: Army
    enemy: Army
    ai: str  # a level or an AI's own name: the rival's own, or the Settings level against a mob
    seed: int
    settle: Settle
    rival: Rival | None


def prepare_match(meta: MetaState, arena: ArenaSearch, mob_level: str, maps_dir: Path) -> ArenaMatch:
    """The battle of ``arena``'s matched search: the player's fit squads against the rival's army or
    a mob's (M-DATA-1b), on an arena map drawn by the profile's seed (FileNotFoundError: none)."""
    search = arena.search
    assert search is not None and search.result is not None, "prepare_match needs a matched search"
    p = meta.profile
    rng = SeededRng(f"{p.seed}/battle/{int(search.own.created)}")
    rival = arena.opponent()
    fit = fit_army(p)
    player = tuple((u, n, lv) for _i, u, n, lv in fit)
    enemy = enemy_army(p, rival, search.own.league, rng)
    ai = rival.ai if rival is not None else mob_level
    map_path = pick_map(maps_dir, rng)
    rival_cups = search.result.cups if isinstance(search.result, Application) and rival else None
    settle = settle_arena(meta, search.own, rival, rival_cups, fit, rng)
    return ArenaMatch(map_path, player, enemy, ai, rng.randint(1, 2**31 - 1), settle, rival)
