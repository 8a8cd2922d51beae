"""Short-lived pictures over the map: floating numbers and labels, projectiles, bursts, glows, banners.

Each effect has ``update(dt) -> bool`` (False when finished) and ``draw(surface, camera)``.
Positions are map pixels (the camera turns them into screen pixels); a :class:`Banner` is
drawn in screen space over the middle of the viewport.
"""

from __future__ import annotations

import math

import pygame

from client.render import text
from client.render.camera import Camera
from client.render.tween import Tween, ease_in_out, ease_out, lerp
from client.ui.scale import px

Colour = tuple[int, int, int]
Point = tuple[float, float]


class Popup:
    """A label that rises from ``where`` and fades out (damage numbers, «Промах», «Контрудар» ...)."""

    def __init__(
        self,
        label: str,
        where: Point,
        colour: Colour,
        size: int = 22,
        duration: float = 1.1,
        rise: float = 40.0,
        delay: float = 0.0,
    ) -> None:
        self.image = text.outlined(label, size, colour).copy()
        w, h = self.image.get_size()
        self.big = pygame.transform.smoothscale(self.image, (round(w * 1.3), round(h * 1.3)))  # as it appears
        self.where = where
        self.tween = Tween(duration, ease_out)
        self.rise = rise
        self.delay = delay

    def update(self, dt: float) -> bool:
        if self.delay > 0:
            self.delay -= dt
            return True
        return self.tween.update(dt)

    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        if self.delay > 0:
            return
        t = self.tween.t
        x, y = camera.to_screen((self.where[0], self.where[1] - self.rise * self.tween.value))
        image = self.big if t < 0.08 else self.image  # a quick swell as it appears
        image.set_alpha(255 if t < 0.6 else round(255 * (1 - (t - 0.6) / 0.4)))
        rect = image.get_rect(center=(x, y))
        if rect.colliderect(camera.viewport):  # a number by the map's edge is read whole, not cut
            rect.clamp_ip(camera.viewport)
        surface.blit(image, rect)


class Projectile:
    """Something thrown from ``start`` to ``end``: an arrow, a magic orb, a bolt, a boulder or lightning."""

    def __init__(self, start: Point, end: Point, style: str, colour: Colour, duration: float) -> None:
        self.start, self.end = start, end
        self.style = style
        self.colour = colour
        self.tween = Tween(duration, ease_in_out if style == "boulder" else lambda t: t)

    def update(self, dt: float) -> bool:
        return self.tween.update(dt)

    def position(self) -> Point:
        t = self.tween.value
        x = lerp(self.start[0], self.end[0], t)
        y = lerp(self.start[1], self.end[1], t)
        if self.style in ("arrow", "boulder"):
            distance = math.dist(self.start, self.end)
            y -= math.sin(math.pi * t) * min(90.0, distance * (0.35 if self.style == "boulder" else 0.12))
        return x, y

    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        x, y = camera.to_screen(self.position())
        if self.style == "lightning":
            self._lightning(surface, camera)
            return
        angle = math.atan2(self.end[1] - self.start[1], self.end[0] - self.start[0])
        dx, dy = math.cos(angle), math.sin(angle)
        if self.style == "arrow":
            tail = (x - dx * 28, y - dy * 28)
            pygame.draw.line(surface, (30, 22, 14), tail, (x, y), 5)
            pygame.draw.line(surface, (176, 128, 74), tail, (x, y), 3)
            head = [
                (x + dx * 6, y + dy * 6),
                (x - dx * 3 - dy * 5, y - dy * 3 + dx * 5),
                (x - dx * 3 + dy * 5, y - dy * 3 - dx * 5),
            ]
            pygame.draw.polygon(surface, (230, 232, 240), head)
            for side in (-1, 1):
                fin = (tail[0] + dx * 6 - dy * 5 * side, tail[1] + dy * 6 + dx * 5 * side)
                pygame.draw.line(surface, (240, 240, 240), tail, fin, 2)
        elif self.style == "bolt":
            pygame.draw.line(surface, (60, 40, 25), (x - dx * 26, y - dy * 26), (x, y), 5)
            pygame.draw.polygon(
                surface,
                (210, 215, 225),
                [(x + dx * 8, y + dy * 8), (x - dy * 5, y + dx * 5), (x + dy * 5, y - dx * 5)],
            )
        elif self.style == "boulder":
            pygame.draw.circle(surface, (70, 66, 60), (x, y), 9)
            pygame.draw.circle(surface, (140, 134, 124), (x - 2, y - 2), 6)
        else:  # orb
            for radius, alpha in ((14, 60), (9, 140), (5, 255)):
                glow = pygame.Surface((radius * 2, radius * 2), pygame.SRCALPHA)
                pygame.draw.circle(glow, (*self.colour, alpha), (radius, radius), radius)
                surface.blit(glow, (x - radius, y - radius))

    def _lightning(self, surface: pygame.Surface, camera: Camera) -> None:
        a, b = camera.to_screen(self.start), camera.to_screen(self.end)
        rng = (hash((a, b)) & 0xFFFF) / 0xFFFF
        points = [a]
        for i in range(1, 6):
            t = i / 6
            jitter = math.sin((t + rng) * 17.0 + self.tween.elapsed * 40) * 10
            points.append((lerp(a[0], b[0], t) + jitter, lerp(a[1], b[1], t) - jitter))
        points.append(b)
        pygame.draw.lines(surface, (160, 200, 255), False, points, 5)
        pygame.draw.lines(surface, (250, 250, 255), False, points, 2)


class Burst:
    """An expanding ring with sparks: traps, deaths, a broken barricade, a taken flag or chest."""

    def __init__(self, where: Point, colour: Colour, duration: float = 0.55, radius: float = 40.0) -> None:
        self.where = where
        self.colour = colour
        self.radius = radius
        self.tween = Tween(duration, ease_out)

    def update(self, dt: float) -> bool:
        return self.tween.update(dt)

    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        x, y = camera.to_screen(self.where)
        t = self.tween.value
        radius = max(2, round(self.radius * t))
        alpha = round(230 * (1 - self.tween.t))
        size = radius * 2 + 8
        layer = pygame.Surface((size, size), pygame.SRCALPHA)
        centre = (size // 2, size // 2)
        pygame.draw.circle(layer, (*self.colour, alpha), centre, radius, max(2, round(6 * (1 - t)) + 1))
        for i in range(8):
            angle = i * math.pi / 4 + 0.3
            spark = (centre[0] + math.cos(angle) * radius * 0.8, centre[1] + math.sin(angle) * radius * 0.8)
            pygame.draw.circle(layer, (*self.colour, alpha), spark, 3)
        surface.blit(layer, (x - size // 2, y - size // 2))


class Glow:
    """A pulsing ring under a sector: a rune aura taken, a shield raised."""

    def __init__(self, where: Point, colour: Colour, duration: float = 0.8) -> None:
        self.where = where
        self.colour = colour
        self.tween = Tween(duration)

    def update(self, dt: float) -> bool:
        return self.tween.update(dt)

    def draw(self, surface: pygame.Surface, camera: Camera) -> None:
        x, y = camera.to_screen(self.where)
        pulse = math.sin(math.pi * self.tween.t)
        layer = pygame.Surface((96, 96), pygame.SRCALPHA)
        pygame.draw.circle(layer, (*self.colour, round(120 * pulse)), (48, 48), 26 + round(16 * pulse))
        pygame.draw.circle(layer, (*self.colour, round(230 * pulse)), (48, 48), 26 + round(16 * pulse), 3)
        surface.blit(layer, (x - 48, y - 48))


class Banner:
    """A big line of text across the middle of the viewport ("Round 3", "Blue player's turn")."""

    screen_space = True

    def __init__(self, title: str, colour: Colour, subtitle: str = "", duration: float = 1.4) -> None:
        self.title = text.outlined(title, px(44), colour, width=px(3)).copy()
        self.subtitle = (
            text.outlined(subtitle, px(22), (235, 235, 240), width=px(2)).copy() if subtitle else None
        )
        self.tween = Tween(duration)
        self._band: pygame.Surface | None = None

    def update(self, dt: float) -> bool:
        return self.tween.update(dt)

    def draw_screen(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        t = self.tween.t
        alpha = round(255 * min(1.0, t * 6, (1 - t) * 4))
        height = (
            self.title.get_height() + (self.subtitle.get_height() + px(6) if self.subtitle else 0) + px(24)
        )
        if self._band is None or self._band.get_width() != area.w:
            self._band = pygame.Surface((area.w, height)).convert()
            self._band.fill((10, 12, 18))
        top = area.y + area.h // 3 - height // 2
        self._band.set_alpha(round(alpha * 0.7))
        surface.blit(self._band, (area.x, top))
        slide = round((1 - ease_out(min(1.0, t * 5))) * px(40))
        self.title.set_alpha(alpha)
        surface.blit(self.title, self.title.get_rect(midtop=(area.centerx + slide, top + px(10))))
        if self.subtitle is not None:
            self.subtitle.set_alpha(alpha)
            sub_rect = self.subtitle.get_rect(
                midtop=(area.centerx - slide, top + px(16) + self.title.get_height())
            )
            surface.blit(self.subtitle, sub_rect)
