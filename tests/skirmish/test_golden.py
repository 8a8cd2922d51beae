"""The engine plays recorded battles exactly as the code before its optimisation did (issue #22).

Each case's digest covers every legal action list, action, event and sampled preview and the final
fingerprint (tests/skirmish/golden.py). The random cases pin the engine alone; the AI cases pin
the AIs' decisions too, so a change meant to change an AI's play re-records them (golden.py).
"""

from __future__ import annotations

import pytest
from skirmish.golden import cases, digest, load

DATA = load()
ENGINE = [c for c in cases() if c.players is None]
AIS = [c for c in cases() if c.players is not None]


@pytest.mark.parametrize("case", ENGINE, ids=lambda c: c.name)
def test_random_battle_plays_as_recorded(case) -> None:
    """Same seed, same events, same legal action lists, same previews and the same final state."""
    assert digest(case, DATA["maps"][case.map]) == DATA["cases"][case.name]


@pytest.mark.parametrize("case", AIS, ids=lambda c: c.name)
def test_ai_battle_plays_as_recorded(case) -> None:
    """The AIs' decisions on the same battle are the recorded ones (their play is deterministic)."""
    assert digest(case, DATA["maps"][case.map]) == DATA["cases"][case.name]
