"""The window, the clock, the scene stack and the one main loop.

Only the top scene of the :class:`SceneStack` receives events, updates and draws. Scene
transitions are applied in :meth:`SceneStack.apply` and nowhere else; the stack tells the
new top scene the window size whenever the top changes, so a scene revealed by ``Pop``
re-lays itself out if the window was resized while it was covered.
"""

from __future__ import annotations

import pygame

from client import i18n
from client.context import Context
from client.scenes.base import Pop, Push, Quit, Replace, Scene, Size, Transition

DEFAULT_SIZE: Size = (1280, 720)
TITLE = "Runetide"
FPS = 60


class SceneStack:
    """The scenes in play, bottom first; the top one is the one the player sees."""

    def __init__(self, size: Size) -> None:
        self.size: Size = size
        self._scenes: list[Scene] = []

    def __len__(self) -> int:
        return len(self._scenes)

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    @property
    def scenes(self) -> tuple[Scene, ...]:
        return tuple(self._scenes)

    def apply(self, transition: Transition) -> None:
        """Carry out one transition asked for by a scene (or by the window closing)."""
        match transition:
            case Push(scene):
                self._scenes.append(scene)
            case Replace(scene):
                if self._scenes:
                    self._scenes.pop()
                self._scenes.append(scene)
            case Pop():
                if self._scenes:
                    self._scenes.pop()
            case Quit():
                self._scenes.clear()
            case _:
                raise TypeError(f"not a scene transition: {transition!r}")
        if self._scenes:
            self._scenes[-1].resize(self.size)

    def resize(self, size: Size) -> None:
        """The window changed size: remember it and tell the top scene."""
        self.size = size
        if self._scenes:
            self._scenes[-1].resize(size)


class App:
    """Owns the window and runs the main loop until the stack is empty."""

    def __init__(
        self,
        size: Size = DEFAULT_SIZE,
        title: str = TITLE,
        fps: int = FPS,
        context: Context | None = None,
    ) -> None:
        # Display and fonts only: the mixer would probe for a sound card (and complain on machines
        # without one) although the game has no sound yet; the sound code will init it itself.
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(title)
        self.context = context or Context()
        i18n.set_language(self.context.settings.language)
        self.windowed_size = size
        self.screen = self._open(self.context.settings.fullscreen)
        self.context.set_fullscreen = self.set_fullscreen
        self.clock = pygame.time.Clock()
        self.fps = fps
        self.stack = SceneStack(self.screen.get_size())
        self.frames = 0

    def _open(self, fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)

    def set_fullscreen(self, fullscreen: bool) -> None:
        """Switch between a fullscreen window and a resizable one; the scenes are laid out again."""
        if not fullscreen and not pygame.display.is_fullscreen():
            return
        if fullscreen and pygame.display.is_fullscreen():
            return
        if fullscreen:
            self.windowed_size = self.screen.get_size()
        self.screen = self._open(fullscreen)
        self.stack.resize(self.screen.get_size())

    @property
    def size(self) -> Size:
        return self.stack.size

    @property
    def running(self) -> bool:
        return len(self.stack) > 0

    def handle(self, ev: pygame.event.Event) -> None:
        """Route one event: window events here, everything else to the top scene."""
        if ev.type == pygame.QUIT:
            self.stack.apply(Quit())
            return
        if ev.type == pygame.VIDEORESIZE:
            self.screen = pygame.display.get_surface()
            self.stack.resize((ev.w, ev.h))
        top = self.stack.top
        if top is not None:
            transition = top.handle_event(ev)
            if transition is not None:
                self.stack.apply(transition)

    def step(self) -> bool:
        """Run one frame: events, update, draw. Returns False once there is nothing left to run."""
        dt = self.clock.tick(self.fps) / 1000.0
        for ev in pygame.event.get():
            self.handle(ev)
            if not self.running:
                return False
        top = self.stack.top
        if top is None:
            return False
        top.update(dt)
        top.draw(self.screen)
        pygame.display.flip()
        self.frames += 1
        return True

    def run(self, first: Scene | None = None, max_frames: int | None = None) -> None:
        """Push ``first`` (if given) and loop until the player quits or ``max_frames`` are drawn."""
        if first is not None:
            self.stack.apply(Push(first))
        while self.step():
            if max_frames is not None and self.frames >= max_frames:
                break

    def close(self) -> None:
        """Close the window and shut pygame down (cached fonts and texts go with it)."""
        from client.render import text

        text.forget()
        pygame.quit()
