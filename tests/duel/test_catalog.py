"""The shipped duel data (rules/data/duel_{cards,heroes,decks}.toml) and the loader's refusals.

The starter deck and its cards are pinned to duel.md D-DATA-2 number by number, the default hero
to D-DATA-1 and the constants to D-DATA-5. Broken copies are written to a temporary folder; each
must fail with a CatalogError naming the file, the entry and the key.
"""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from rules.core.toml_reader import DATA_DIR, CatalogError
from rules.duel.catalog import DuelCatalog, load_duel_catalog
from rules.duel.catalog_types import ATTACK_MODES, MOVEMENT_CLASSES, RESOURCES, TYPES
from rules.duel.setup import new_duel
from rules.rng import SeededRng

# D-DATA-2: id -> (types, attack, defense, life, cost {resource: n}, copies in the starter deck)
STARTER = {
    "militia": ({"melee", "foot"}, 2, 2, 3, {"wood": 1, "iron": 1}, 3),
    "pikeman": ({"pike", "foot"}, 3, 4, 5, {"wood": 2, "iron": 1}, 3),
    "crossbowman": ({"shooter", "foot"}, 4, 2, 4, {"wood": 3, "iron": 2}, 3),
    "swordsman": ({"melee", "foot"}, 4, 4, 6, {"wood": 2, "iron": 2, "salt": 1}, 2),
    "mace_bearer": ({"melee", "foot", "mace"}, 5, 3, 6, {"wood": 2, "iron": 3}, 2),
    "knight": ({"melee", "cavalry"}, 6, 5, 8, {"wood": 3, "iron": 3, "gems": 1}, 2),
    "griffin": ({"flying"}, 5, 3, 6, {"wood": 2, "mercury": 2, "crystals": 1}, 2),
    "royal_griffin": ({"flying"}, 7, 4, 8, {"wood": 3, "mercury": 3, "crystals": 2}, 1),
    "ghoul": ({"melee", "foot", "scary"}, 3, 2, 4, {"wood": 1, "iron": 1, "salt": 3}, 1),
    "dread_knight": (
        {"melee", "cavalry", "scary"}, 8, 6, 10, {"wood": 4, "iron": 4, "salt": 2, "gems": 2}, 1
    ),
    "black_dragon": (
        {"flying"}, 12, 9, 14, {"wood": 6, "iron": 4, "mercury": 4, "crystals": 4, "gems": 4}, 1
    ),
}  # fmt: skip
# D-DATA-2 / D-DATA-3 magic: id -> (target, life, attack, defense, morale, mana, starter copies)
MAGIC = {
    "lightning": ("enemy_creature_or_hero", -4, 0, 0, 0, 3, 3),
    "bless": ("friendly_creature", 0, 2, 2, 0, 2, 2),
    "rally": ("own_hero", 0, 0, 0, 3, 4, 1),
    "heal": ("friendly_creature", 3, 0, 0, 0, 2, 0),
    "weakness": ("enemy_creature", 0, -2, 0, 0, 2, 0),
    "curse": ("enemy_creature", 0, -2, -2, 0, 4, 0),
}


@pytest.fixture(scope="module")
def catalog() -> DuelCatalog:
    return load_duel_catalog()


def cost_of(card_cost: tuple[int, ...]) -> dict[str, int]:
    return {name: n for name, n in zip(RESOURCES, card_cost, strict=True) if n}


@pytest.mark.parametrize("card_id", sorted(STARTER))
def test_starter_creatures_have_exactly_the_spec_numbers(catalog: DuelCatalog, card_id: str):
    """D-DATA-2, D-CARD-3: attack, defense, life, types, cost; D-CARD-5 / D-RES-2: the crossbowman
    costs 3 wood + 2 iron and the Royal Griffin may attack on the turn it enters."""
    types, attack, defense, life, cost, copies = STARTER[card_id]
    card = catalog.creatures[card_id]
    assert (set(card.types), card.attack, card.defense, card.life, cost_of(card.cost)) == (
        types, attack, defense, life, cost
    )  # fmt: skip
    assert card.attacks_on_entry == (card_id == "royal_griffin")
    assert Counter(catalog.decks["starter"].cards)[card_id] == copies


@pytest.mark.parametrize("card_id", sorted(MAGIC))
def test_magic_cards_have_exactly_the_spec_numbers(catalog: DuelCatalog, card_id: str):
    """D-DATA-2, D-DATA-3, D-MAGIC-5, D-CARD-4: fixed effects paid in mana (D-CARD-5: Lightning, Bless)."""
    target, life, attack, defense, morale, mana, copies = MAGIC[card_id]
    card = catalog.spells[card_id]
    assert (card.target, card.life, card.attack, card.defense, card.morale, card.mana) == (
        target, life, attack, defense, morale, mana
    )  # fmt: skip
    assert cost_of(card.cost) == {"mana": mana}
    assert Counter(catalog.decks["starter"].cards)[card_id] == copies


def test_starter_deck_has_27_cards_and_every_source_type(catalog: DuelCatalog):
    """D-DATA-2, D-DECK-1: 21 creatures + 6 magic = 27 >= 21; every type of §7 appears."""
    deck = catalog.decks["starter"]
    assert len(deck.cards) == 27
    creatures = [catalog.creatures[c] for c in deck.cards if c in catalog.creatures]
    assert len(creatures) == 21
    assert set().union(*(c.types for c in creatures)) == set(TYPES)


def test_default_hero_and_constants(catalog: DuelCatalog):
    """D-DATA-1, D-DATA-5, D-HERO-3: morale 30, knowledge 1 (10 mana), attack 2, defense 3, tactics 0,
    income +2 wood/iron, +1 of the rest, +1 mana; hand 5, field 5, deck 21, 60 s, 5 turns, 4, 50%, 50%, d8."""
    hero = catalog.heroes["commander"]
    assert (hero.morale, hero.knowledge, hero.max_mana, hero.attack, hero.defense, hero.tactics) == (
        30,
        1,
        10,
        2,
        3,
        0,
    )
    assert dict(zip(RESOURCES, hero.income, strict=True)) == {
        "wood": 2, "mercury": 1, "iron": 2, "salt": 1, "crystals": 1, "gems": 1, "mana": 1
    }  # fmt: skip
    r = catalog.rules
    assert (r.hand_size, r.max_field, r.min_deck, r.turn_seconds, r.surrender_after_turns) == (
        5,
        5,
        21,
        60,
        5,
    )
    assert (r.scary_morale, r.mace_stun_pct, r.foot_dodge_pct, r.die_faces, r.tactics_bonus_pct) == (
        4,
        50,
        50,
        8,
        5,
    )
    assert r.turn_limit == 40  # D-TURN-13 [REC]


def test_the_issue_asks_for_enough_varied_cards(catalog: DuelCatalog):
    """D-CARD-1, D-CARD-3, D-TARGET-1: >= 30 creatures using every type and combinations (a flying
    shooter, a cavalry pike, a charging griffin); >= 10 magic cards of every effect kind (D-CARD-4);
    creature costs use all six non-mana resources (D-RES-1, D-RES-2)."""
    creatures = catalog.creatures.values()
    assert len(catalog.creatures) >= 30 and len(catalog.spells) >= 10
    combos = {frozenset(c.types) for c in creatures}
    assert {"shooter", "flying"} <= set().union(*(t for t in combos if {"shooter", "flying"} <= t))
    assert any({"pike", "cavalry"} <= t for t in combos)
    assert any({"pike", "flying"} <= t for t in combos)
    assert any({"shooter", "cavalry"} <= t for t in combos)
    assert any({"flying", "scary"} <= t for t in combos) and any({"flying", "mace"} <= t for t in combos)
    assert sum(c.attacks_on_entry for c in creatures) >= 2
    for c in creatures:  # D-TARGET-1 holds for all
        assert sum(t in MOVEMENT_CLASSES for t in c.types) <= 1 and not {"melee", "flying"} <= c.types
        assert sum(t in ATTACK_MODES for t in c.types) <= 1
    used = {i for c in creatures for i, n in enumerate(c.cost) if n}
    assert used == set(range(6))
    kinds = set()
    for s in catalog.spells.values():
        kinds.add((s.life > 0) - (s.life < 0) and ("life", s.life > 0))
        kinds.add(
            (s.attack, s.defense) != (0, 0)
            and ("atk" * bool(s.attack) + "def" * bool(s.defense), s.attack + s.defense > 0)
        )
        kinds.add(s.morale > 0 and "morale")
    kinds.discard(False)
    kinds.discard(0)
    assert len(kinds) == 9  # +-life, +-attack, +-defense, +-attack and defense, +morale
    assert any(s.mass for s in catalog.spells.values())


def test_heroes_and_ready_decks(catalog: DuelCatalog):
    """D-HERO-3, D-RES-4, D-ORDER-2: >= 4 heroes differing in knowledge, tactics and starting
    modifiers; >= 3 ready decks of >= 21 cards (D-DECK-1), each starts a duel."""
    heroes = catalog.heroes.values()
    assert len(catalog.heroes) >= 4
    assert len({h.knowledge for h in heroes}) >= 3 and len({h.tactics for h in heroes}) >= 3
    assert len({(h.morale, h.income) for h in heroes}) >= 4
    assert len(catalog.decks) >= 3 and len({d.style for d in catalog.decks.values()}) == len(catalog.decks)
    for deck in catalog.decks.values():
        assert len(deck.cards) >= 21
        state, _ = new_duel(SeededRng(1), deck.id, deck.id)
        assert state.sides[1].hero.id == deck.hero


# ---- broken copies ------------------------------------------------------------------------------


def broken(tmp_path: Path, name: str, old: str, new: str) -> Path:
    """A copy of the shipped duel data with one text replacement in ``name``."""
    for file in ("duel_cards.toml", "duel_heroes.toml", "duel_decks.toml"):
        shutil.copy(DATA_DIR / file, tmp_path / file)
    path = tmp_path / name
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} is not in {name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return tmp_path


CASES = {
    "unknown key": (
        "duel_cards.toml",
        "life = 3\n",
        "life = 3\nspeed = 2\n",
        "duel_cards.toml: creatures.militia: unknown key 'speed'",
    ),
    "unknown type": (
        "duel_cards.toml",
        '["melee", "foot"]',
        '["melee", "walker"]',
        "creatures.militia: key 'types': unknown type 'walker'",
    ),
    "melee and flying": (
        "duel_cards.toml",
        'types = ["flying"]',
        'types = ["flying", "melee"]',
        "creatures.griffin: key 'types': a creature cannot be both melee and flying",
    ),
    "two movement classes": (
        "duel_cards.toml",
        '["melee", "foot"]',
        '["melee", "foot", "cavalry"]',
        "creatures.militia: key 'types': at most one of foot, cavalry, flying",
    ),
    "creature paid in mana": (
        "duel_cards.toml",
        "cost = { wood = 1, iron = 1 }",
        "cost = { wood = 1, mana = 1 }",
        "creatures.militia.cost: key 'mana': this cost is paid in",
    ),
    "negative stat": (
        "duel_cards.toml",
        "attack = 2\n",
        "attack = 0\n",
        "creatures.militia: key 'attack' must be >= 1",
    ),
    "morale on a creature": (
        "duel_cards.toml",
        'target = "own_hero"\nmorale = 3',
        'target = "friendly_creature"\nmorale = 3',
        "spells.rally: key 'target': a morale card targets 'own_hero'",
    ),
    "friendly damage": (
        "duel_cards.toml",
        'target = "enemy_creature_or_hero"\nlife = -4',
        'target = "friendly_creature"\nlife = -4',
        "spells.lightning: key 'target': a friendly target needs a \\+ effect",
    ),
    "weaken the hero": (
        "duel_cards.toml",
        'target = "enemy_creature"\nattack = -2\nmana',
        'target = "enemy_creature_or_hero"\nattack = -2\nmana',
        "spells.weakness: key 'target': only -life may reach the enemy hero",
    ),
    "unknown hero key": (
        "duel_heroes.toml",
        "tactics = 0\n",
        "tactics = 0\nluck = 1\n",
        "duel_heroes.toml: heroes.commander: unknown key 'luck'",
    ),
    "unknown deck card": (
        "duel_decks.toml",
        "militia = 3, pikeman",
        "militias = 3, pikeman",
        "duel_decks.toml: decks.starter.cards: unknown card 'militias'",
    ),
    "unknown deck hero": (
        "duel_decks.toml",
        'hero = "commander"',
        'hero = "nobody"',
        "duel_decks.toml: decks.starter: key 'hero': unknown hero 'nobody'",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_broken_copies_name_file_entry_and_key(tmp_path: Path, case: str):
    """D-TARGET-1, D-RES-2, D-MAGIC-6: what the rules forbid, the loader refuses, saying where."""
    name, old, new, message = CASES[case]
    with pytest.raises(CatalogError, match=message):
        load_duel_catalog(broken(tmp_path, name, old, new))


def test_a_deck_under_21_cards_is_refused_with_a_clear_error(tmp_path: Path):
    """D-DECK-1: a ready deck of 20 cards does not load, and the message says why."""
    folder = broken(tmp_path, "duel_decks.toml", "skeleton = 3, zombie = 3", "zombie = 3")  # 23 -> 20 cards
    with pytest.raises(
        CatalogError, match=r"decks.night_terror: the deck has 20 cards; .*at least 21 \(D-DECK-1\)"
    ):
        load_duel_catalog(folder)
    short = ["militia"] * 20
    with pytest.raises(
        CatalogError, match=r"player 2's deck: the deck has 20 cards; a deck needs at least 21"
    ):
        new_duel(SeededRng(1), "starter", short)
    with pytest.raises(CatalogError, match=r"unknown card 'ogre_king'"):
        new_duel(SeededRng(1), ["ogre_king"] * 21, "starter")
