"""The window, the clock, the scene stack and the one main loop.

Only the top scene of the :class:`SceneStack` receives events, updates and draws. Scene
transitions are applied in :meth:`SceneStack.apply` and nowhere else; the stack tells the
new top scene the window size whenever the top changes, so a scene revealed by ``Pop``
re-lays itself out if the window was resized while it was covered. A scene that leaves the
stack (``Pop``, ``Replace``, ``Quit``: the window closing too) is closed if it has a ``close``
method, so a battle's AI worker process never outlives its scene.

The window opens at :data:`DEFAULT_SIZE`, or at the largest size that fits the desktop when that is
smaller (:func:`opening_size`, leaving room for a title bar and a task bar). It is never smaller
than :data:`MIN_SIZE` (the battle screen's bars are laid out for it and up): SDL is told the
minimum, and a resize below it that a window manager lets through is undone. A fullscreen window
has the display's size, whatever it is.
"""

from __future__ import annotations

import warnings

import pygame

from client import i18n
from client.context import Context
from client.scenes.base import Home, Pop, Push, Quit, Replace, Scene, Size, Transition

DEFAULT_SIZE: Size = (1280, 720)
MIN_SIZE: Size = (960, 600)
DESKTOP_ROOM: Size = (16, 80)  # what a window's frame, title bar and the task bar may take
TITLE = "Runetide"
FPS = 60


def at_least_minimum(size: Size) -> Size:
    """``size`` grown to :data:`MIN_SIZE` where it is smaller."""
    return max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1])


def opening_size(desktop: Size | None) -> Size:
    """The window's first size: :data:`DEFAULT_SIZE`, or as much of it as fits ``desktop`` (its room
    for the frame and task bar left), never below :data:`MIN_SIZE`; ``desktop`` None: unknown."""
    if desktop is None:
        return DEFAULT_SIZE
    room = (desktop[0] - DESKTOP_ROOM[0], desktop[1] - DESKTOP_ROOM[1])
    return at_least_minimum((min(DEFAULT_SIZE[0], room[0]), min(DEFAULT_SIZE[1], room[1])))


def desktop_size() -> Size | None:
    """The first display's desktop size, if SDL knows it."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return tuple(sizes[0]) if sizes and sizes[0][0] > 0 and sizes[0][1] > 0 else None  # type: ignore[return-value]


def display_window() -> pygame.Window:
    """The window ``pygame.display.set_mode`` opened, as a :class:`pygame.Window` (for its minimum size)."""
    with warnings.catch_warnings():  # pygame-ce would have drawing go through the Window object too
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


def _forbid_smaller_window() -> None:
    """Tell SDL the window's minimum size, so the player cannot drag it smaller."""
    display_window().minimum_size = MIN_SIZE


def close_scene(scene: object) -> None:
    """Let a scene that is leaving free what it holds (a battle stops its AI workers)."""
    close = getattr(scene, "close", None)
    if close is not None:
        close()


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
                    close_scene(self._scenes.pop())
                self._scenes.append(scene)
            case Pop():
                if self._scenes:
                    close_scene(self._scenes.pop())
            case Home():
                while len(self._scenes) > 1:
                    close_scene(self._scenes.pop())
            case Quit():
                while self._scenes:
                    close_scene(self._scenes.pop())
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
        size: Size | None = None,
        title: str = TITLE,
        fps: int = FPS,
        context: Context | None = None,
    ) -> None:
        # Display and fonts here; the mixer is opened by client.audio, silently absent without a device.
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(title)
        self.context = context or Context()
        from client.audio import open_audio

        self.context.audio = open_audio(self.context.settings)
        i18n.set_language(self.context.settings.language)
        self.windowed_size = at_least_minimum(size or opening_size(desktop_size()))
        self.screen = self._open(self.context.settings.fullscreen)
        self.context.set_fullscreen = self.set_fullscreen
        self.clock = pygame.time.Clock()
        self.fps = fps
        self.stack = SceneStack(self.screen.get_size())
        self.frames = 0

    def _open(self, fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        _forbid_smaller_window()
        return screen

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
            size = (ev.w, ev.h)
            if at_least_minimum(size) != size and not pygame.display.is_fullscreen():
                size = at_least_minimum(size)  # a window manager that ignored the minimum
                pygame.display.set_mode(size, pygame.RESIZABLE)
                ev = pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
            self.screen = pygame.display.get_surface()
            self.stack.resize(size)
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
        self.context.audio.update(dt, getattr(top, "music", "menu"))
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
        """Close the scenes still on the stack, the window, and pygame (cached fonts and texts too)."""
        from client.render import text

        self.stack.apply(Quit())
        text.forget()
        pygame.quit()
