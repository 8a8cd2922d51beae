"""Battle features (T-FEAT): resolving the random feature and the texts shown to players.

The random feature's variants, their weights and the X of 5a/5b, and the escalation step
come from the catalog (``tactics_units.toml [battle]``); ``catalog`` None means the shipped one.
"""

from __future__ import annotations

from rules.rng import Rng, choose_weighted
from rules.tactics.catalog import BattleConstants, Catalog, default_catalog
from rules.tactics.formulas import escalation_bonus
from rules.tactics.setup import BattleFeature, FeatureKind


def _battle(catalog: Catalog | None) -> BattleConstants:
    return (catalog or default_catalog()).battle


def random_variants(battle: BattleConstants) -> tuple[BattleFeature, ...]:
    """T-FEAT-3 variants 5a..5d in the catalog's roll order; 5a/5b add ``random_feature_bonus``."""
    with_x = (FeatureKind.PHYSICAL, FeatureKind.MAGICAL)
    kinds = [FeatureKind(option.id) for option in battle.random_features]
    return tuple(BattleFeature(k, battle.random_feature_bonus if k in with_x else 0) for k in kinds)


def resolve_feature(
    feature: BattleFeature, rng: Rng, catalog: Catalog | None = None
) -> tuple[BattleFeature, bool]:
    """The feature in force for the whole battle, and whether it was rolled (T-FEAT-4/5).

    One roll over the catalog's variants by weight (T-FEAT-4 / T-DATA-5: equal weights, 25% each).
    """
    if feature.kind is FeatureKind.RANDOM:
        battle = _battle(catalog)
        weights = [option.weight for option in battle.random_features]
        return choose_weighted(rng, random_variants(battle), weights), True
    return feature, False


def _signed(x: int) -> str:
    return f"+{x}" if x >= 0 else f"-{-x}"  # T-FEAT-6: ASCII sign, no space before '%'


# T-FEAT-3 / T-FEAT-6 banner texts: Russian as the designers wrote them, and English. The 10% of
# the 5c text is the escalation step (T-FEAT-2), so it shows the catalog's value.
_TEXTS = {
    "ru": {
        FeatureKind.PHYSICAL: "Физический урон в бою: {x}%",
        FeatureKind.MAGICAL: "Магический урон в бою: {x}%",
        FeatureKind.ESCALATION: "Каждый раунд наносимый урон возрастает на {step}%",
        FeatureKind.RANDOM: "Случайная особенность",
        FeatureKind.NONE: "Нет особенностей",
    },
    "en": {
        FeatureKind.PHYSICAL: "Physical damage in battle: {x}%",
        FeatureKind.MAGICAL: "Magical damage in battle: {x}%",
        FeatureKind.ESCALATION: "Each round, damage dealt increases by {step}%",
        FeatureKind.RANDOM: "Random feature",
        FeatureKind.NONE: "No features",
    },
}


def feature_text(feature: BattleFeature, lang: str, catalog: Catalog | None = None) -> str:
    """The banner text of a feature in "ru" or "en" (the escalation text shows the catalog's step)."""
    step = _battle(catalog).escalation_step
    return _TEXTS[lang][feature.kind].format(x=_signed(feature.x), step=step)


def feature_text_ru(feature: BattleFeature, catalog: Catalog | None = None) -> str:
    """The designer's Russian banner text (T-FEAT-3, T-FEAT-6)."""
    return feature_text(feature, "ru", catalog)


def feature_text_en(feature: BattleFeature, catalog: Catalog | None = None) -> str:
    """The English rendering of :func:`feature_text_ru`."""
    return feature_text(feature, "en", catalog)


def feature_terms(feature: BattleFeature, round_no: int, *, escalation_step: int) -> tuple[int, int, int]:
    """(O2, O3, O4) for the damage multiplier in a round (T-DMG-8; inactive terms are 0, T-FEAT-5)."""
    o2 = feature.x if feature.kind is FeatureKind.PHYSICAL else 0
    o3 = feature.x if feature.kind is FeatureKind.MAGICAL else 0
    escalating = feature.kind is FeatureKind.ESCALATION
    o4 = escalation_bonus(round_no, escalation_step=escalation_step) if escalating else 0
    return o2, o3, o4
