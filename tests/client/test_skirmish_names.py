"""Hero names in a skirmish where both parties field the same hero: the later copy is numbered."""

from __future__ import annotations

from fractions import Fraction

from client import i18n
from client.skirmish.log import SkirmishLog
from client.skirmish.sheet import battle_name
from client.skirmish.view import SkirmishBoard
from rules.rng import SeededRng
from rules.skirmish import events as ev
from rules.skirmish.battle import new_battle
from rules.skirmish.catalog import default_skirmish_catalog
from rules.skirmish.setup import SkirmishSetup, party_of


def mirrored():
    """The arcane party (Ilsabet, Voron, Bjorn) against the iron line (Bjorn, Hilda, Aldric)."""
    cat = default_skirmish_catalog()
    parties = (party_of(cat.party("arcane").heroes), party_of(cat.party("iron").heroes))
    state, _ = new_battle(SkirmishSetup(12, 8, parties), SeededRng(1))
    return state


def test_a_hero_on_both_sides_is_numbered_from_its_second_copy():
    state = mirrored()
    bjorns = sorted(h.id for h in state.heroes if h.info.hero.id == "bjorn")
    assert len(bjorns) == 2
    names = [battle_name(state.heroes, h.id) for h in state.heroes]
    assert names.count("Bjorn") == 1 and names.count("Bjorn 2") == 1
    assert battle_name(state.heroes, bjorns[1]) == "Bjorn 2"
    assert len(set(names)) == len(names)
    view = SkirmishBoard(state, 32)
    assert [battle_name(view.heroes, h.id) for h in state.heroes] == names  # the screen's view agrees


def test_the_log_names_the_two_apart_in_both_languages():
    state = mirrored()
    _, second = sorted(h.id for h in state.heroes if h.info.hero.id == "bjorn")
    log = SkirmishLog(SkirmishBoard(state, 32))
    try:
        for lang, text in (("en", "Bjorn 2 moves (2 steps)"), ("ru", "Бьорн 2 идёт (2 шага)")):
            i18n.set_language(lang)
            log.feed(ev.HeroMoved(second, (state.heroes[second].pos,), Fraction(2)))
            assert log.lines[-1][1] == text
    finally:
        i18n.set_language("en")


def test_a_spells_reach_is_said_in_its_own_terms() -> None:
    """The spell chip's tooltip: a line spell gives its length (it said "range 0"), a self spell says it
    is cast on the caster, the others their range (S-SPELL-6's targets)."""
    from client.skirmish.sheet import spell_info

    spells = default_skirmish_catalog().spells
    assert spell_info(spells["lightning_bolt"]).endswith("a line 6 cells long")
    assert spell_info(spells["granite_body"]).endswith("on the caster")
    assert spell_info(spells["fireball"]).endswith("range 8")
    i18n.set_language("ru")
    try:
        assert spell_info(spells["flame_lance"]).endswith("линия длиной 4")
        assert spell_info(spells["fireball"]) == "Огонь, уровень 2, 40 маны, дальность 8"
    finally:
        i18n.set_language("en")
