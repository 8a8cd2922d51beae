"""The catalogs hand out StrEnum members (an attack type, a status kind, a melee mode); a state's
fingerprint must still hold plain strings. The AIs seed their dice from ``repr(fingerprint)`` and
replays hash it, and a member's repr (``<StatusKind.ROOT: 'root'>``) is not its string's (``'root'``),
so a member inside a fingerprint would change AI play and every replay hash. Each game is played to
its end and every state it passes through is checked."""

from __future__ import annotations

import re
from typing import Any

from skirmish.helpers import play as skirmish_play
from skirmish.helpers import scenario as skirmish_scenario

from rules.core.match import play
from rules.core.teams import Mode
from rules.duel.ai import make_ai
from rules.duel.match import play_match as play_duel
from rules.rng import SeededRng
from rules.skirmish import match as skirmish_match
from rules.skirmish.actions import Cast
from rules.skirmish.ai import make_player as skirmish_player
from rules.skirmish.battle import new_battle as new_skirmish
from rules.skirmish.catalog import default_skirmish_catalog
from rules.skirmish.catalog_types import StatusKind
from rules.skirmish.setup import MeleeMode, SkirmishSetup, party_of
from rules.tactics import match as tactics_match
from rules.tactics.ai import make_player as tactics_player
from rules.tactics.setup import RuneCircle, RuneKind
from rules.tactics.text import scenario

MEMBER = re.compile(r"<\w+\.\w+: ")  # how an Enum member shows in a repr


def assert_plain(state: Any) -> None:
    text = repr(state.fingerprint())
    assert not MEMBER.search(text), MEMBER.search(text)


def test_a_tactics_battle_keeps_its_fingerprint_plain() -> None:
    """Rune auras, strikes of every attack type and an outcome reason, to the end of the battle."""
    state = scenario(
        """
        S.a...o
        .......
        C.....g
        """,
        {"S": ("swordsman", 5), "a": ("archer", 5), "C": ("catapult", 2), "o": ("orc_brute", 4),
         "g": ("goblin", 8)},
        runes=(RuneCircle((3, 1), RuneKind.DAMAGE),),
    )  # fmt: skip
    players = {1: tactics_player("greedy", 1), 2: tactics_player("greedy", 2)}
    play(tactics_match.RULES, state, SeededRng(3), players, on_state=assert_plain)
    assert state.outcome is not None
    assert_plain(state)


def test_a_duel_keeps_its_fingerprint_plain() -> None:
    seen: list[Any] = []
    result = play_duel((make_ai("greedy"), make_ai("greedy")), 5, on_state=seen.append)
    assert result.winner is not None or result.reason
    for state in seen[::7]:
        assert_plain(state)


def test_a_skirmish_keeps_its_fingerprint_plain() -> None:
    """Detailed melee (the melee mode from the catalog's vocabulary), spells with timed effects."""
    catalog = default_skirmish_catalog()
    party = catalog.party
    parties = sorted(catalog.parties)
    setup = SkirmishSetup(
        12,
        8,
        (party_of(party(parties[0]).heroes), party_of(party(parties[-1]).heroes)),
        mode=Mode.PVP,
        melee_mode=MeleeMode.DETAILED,
    )
    rng = SeededRng("plain")
    state, _ = new_skirmish(setup, rng)
    players = {1: skirmish_player("greedy", "t1"), 2: skirmish_player("greedy", "t2")}
    play(skirmish_match.RULES, state, rng, players, on_state=assert_plain)
    assert state.over
    assert_plain(state)


def test_a_skirmish_timed_effect_keeps_the_fingerprint_plain() -> None:
    """Mist gives its caster a hit_against effect (a StatusKind in the catalog): the effect holds the
    plain string."""
    state, h = skirmish_scenario("M.....v", {"M": "mirela", "v": "voron"}, actor="M")
    skirmish_play(state, Cast(h["M"], "mist", (0, 0), (0, 0)))
    (effect,) = state.heroes[h["M"]].effects
    assert effect.kind == StatusKind.HIT_AGAINST and type(effect.kind) is str
    assert_plain(state)
