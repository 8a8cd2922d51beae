"""The profile in play: loaded once per run, kept in the app context, saved after every change.

:func:`meta_of` gives the context's :class:`MetaState` (loading the profile the first time it is
asked for, so a run that never opens the arena never reads the file). Scenes change the profile
only through :meth:`MetaState.change`, which applies a pure :mod:`rules.meta.profile` operation
(at the current time) and saves the result at once.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from client.context import Context
from client.meta.profile_store import Notice, ProfileStore
from rules.meta.profile import Profile, regenerate


@dataclass
class MetaState:
    """The store, the profile loaded from it and the clock every operation uses."""

    store: ProfileStore
    profile: Profile = field(init=False)
    clock: Callable[[], float] = time.time

    def __post_init__(self) -> None:
        self.profile = self.store.load()

    def now(self) -> float:
        return self.clock()

    def refresh(self) -> Profile:
        """Supplies regenerated to now (not saved: nothing the player did changed)."""
        self.profile = regenerate(self.profile, self.now())
        return self.profile

    def change(self, operation: Callable[[Profile], Profile]) -> Profile:
        """Apply ``operation`` (it may raise ValueError: then nothing changes) and save."""
        self.profile = operation(self.refresh())
        self.store.save(self.profile)
        return self.profile

    def take_notice(self) -> Notice | None:
        return self.store.take_notice()


def meta_of(ctx: Context, clock: Callable[[], float] | None = None) -> MetaState:
    """The context's profile state, created and loaded on first use (``clock``: tests' fake time)."""
    if ctx.meta is None:
        clock = clock or time.time
        ctx.meta = MetaState(ProfileStore(clock=clock, language=ctx.settings.language), clock)
    return ctx.meta
