"""Battle features (T-FEAT): resolving the random feature and the texts shown to players."""

from __future__ import annotations

from rules.rng import Rng
from rules.tactics.formulas import escalation_bonus
from rules.tactics.setup import BattleFeature, FeatureKind

RANDOM_VARIANT_BONUS = 20  # T-FEAT-3 5a/5b

# T-FEAT-3 variants 5a..5d, equally likely (T-FEAT-4 [REC] 25% each).
RANDOM_VARIANTS = (
    BattleFeature(FeatureKind.PHYSICAL, RANDOM_VARIANT_BONUS),
    BattleFeature(FeatureKind.MAGICAL, RANDOM_VARIANT_BONUS),
    BattleFeature(FeatureKind.ESCALATION),
    BattleFeature(FeatureKind.NONE),
)


def resolve_feature(feature: BattleFeature, rng: Rng) -> tuple[BattleFeature, bool]:
    """The feature in force for the whole battle, and whether it was rolled (T-FEAT-4/5)."""
    if feature.kind is FeatureKind.RANDOM:
        return RANDOM_VARIANTS[rng.randint(0, len(RANDOM_VARIANTS) - 1)], True
    return feature, False


def _signed(x: int) -> str:
    return f"+{x}" if x >= 0 else f"-{-x}"  # T-FEAT-6: ASCII sign, no space before '%'


# T-FEAT-3 / T-FEAT-6 banner texts: Russian as the designers wrote them, and English.
_TEXTS = {
    "ru": {
        FeatureKind.PHYSICAL: "Физический урон в бою: {x}%",
        FeatureKind.MAGICAL: "Магический урон в бою: {x}%",
        FeatureKind.ESCALATION: "Каждый раунд наносимый урон возрастает на 10%",
        FeatureKind.RANDOM: "Случайная особенность",
        FeatureKind.NONE: "Нет особенностей",
    },
    "en": {
        FeatureKind.PHYSICAL: "Physical damage in battle: {x}%",
        FeatureKind.MAGICAL: "Magical damage in battle: {x}%",
        FeatureKind.ESCALATION: "Each round, damage dealt increases by 10%",
        FeatureKind.RANDOM: "Random feature",
        FeatureKind.NONE: "No features",
    },
}


def feature_text(feature: BattleFeature, lang: str) -> str:
    """The banner text of a feature in "ru" or "en"."""
    return _TEXTS[lang][feature.kind].format(x=_signed(feature.x))


def feature_text_ru(feature: BattleFeature) -> str:
    """The designer's Russian banner text (T-FEAT-3, T-FEAT-6)."""
    return feature_text(feature, "ru")


def feature_text_en(feature: BattleFeature) -> str:
    """The English rendering of :func:`feature_text_ru`."""
    return feature_text(feature, "en")


def feature_terms(feature: BattleFeature, round_no: int) -> tuple[int, int, int]:
    """(O2, O3, O4) for the damage multiplier in a round (T-DMG-8; inactive terms are 0, T-FEAT-5)."""
    o2 = feature.x if feature.kind is FeatureKind.PHYSICAL else 0
    o3 = feature.x if feature.kind is FeatureKind.MAGICAL else 0
    o4 = escalation_bonus(round_no) if feature.kind is FeatureKind.ESCALATION else 0
    return o2, o3, o4
