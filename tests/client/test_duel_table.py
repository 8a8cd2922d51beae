"""The duel table's look, headless: the fanned hand's hover zoom, the fight window and its pop-up order,
the cached card faces, and a layout with nothing overlapping from 960x600 to 3840x2160.

Rules cited: duel.md D-UI-1 (the damage and parry together, the life lost after them), D-UI-2 (the
fight in a window over part of the field, closed when the fight ends), D-UI-3 (the banner), D-UI-4
(the buttons).
"""

from __future__ import annotations

import itertools

import pygame
import pytest

from client import i18n
from client.app import App
from client.context import Context
from client.duel import cards
from client.duel.layout import fan_angles
from client.duel.scene import DuelScene
from client.duel.session import HUMAN, DuelSession
from client.scenes.base import Push
from rules.duel import events as ev
from rules.duel.actions import Attack, EndTurn, PlayCreature
from rules.duel.catalog_types import CreatureCard
from tests.client.ui_events import hover, steps


def human_first_seed() -> int:
    return next(s for s in range(50) if DuelSession(s, "starter", None).state.active == HUMAN)


def make_duel(app: App, ctx: Context, speed: str = "instant") -> DuelScene:
    ctx.settings.speed = speed
    scene = DuelScene(ctx, app.size, seed=human_first_seed(), ai="greedy", now=lambda: 0)
    app.stack.apply(Push(scene))
    steps(app)
    return scene


def drive_to_attack(scene: DuelScene) -> Attack | None:
    """Play creatures and end turns (the AI answering) until the player has a creature-on-creature attack."""
    s = scene.session
    for _ in range(2000):
        if s.over:
            return None
        if s.human_to_act:
            attacks = [a for a in s.legal() if isinstance(a, Attack) and a.target > 0]
            if attacks:
                return attacks[0]
            plays = [a for a in s.legal() if isinstance(a, PlayCreature)]
            s.apply(plays[0] if plays else EndTurn())
        else:
            s.apply(s.ai_choice())
    return None


def test_hovering_a_hand_card_lifts_and_enlarges_it_with_its_keywords_explained(
    app: App, ctx: Context
) -> None:
    scene = make_duel(app, ctx)
    state = scene.session.state
    rects = dict(scene.hand_rects())
    creature = next(c for c in rects if isinstance(state.catalog.card(c), CreatureCard))
    card = state.catalog.card(creature)
    assert len(set(fan_angles(len(rects)))) == len(rects)  # a fan: every card turned its own way
    hover(rects[creature].center)
    steps(app)
    zoom = scene.zoom_rect(creature)
    assert zoom.height > rects[creature].height and zoom.width > rects[creature].width
    assert zoom.top < rects[creature].top  # lifted
    drawn = scene.drawn_texts()
    for kind in card.types:
        assert i18n.tr(f"duel.explain.{kind.value}") in drawn
    assert i18n.tr("duel.card.stats", a=card.attack, d=card.defense, l=card.life) in drawn
    i18n.set_language("ru")
    drawn = scene.drawn_texts()
    assert any(line.startswith("Атака ") for line in drawn)  # written out, no «Ат/Защ»


def test_the_fight_window_shows_both_cards_and_pops_up_in_the_rule_events_order(
    app: App, ctx: Context
) -> None:
    """D-UI-1/2: the fight window opens with both cards; damage+parry together, then the life lost,
    then the counterstrike the same way, one beat per rule event and in their order."""
    scene = make_duel(app, ctx, speed="1x")
    attack = drive_to_attack(scene)
    if attack is None:
        pytest.skip("no attack came up")
    state = scene.session.state
    names = {
        cards.card_name(state.creature(attack.attacker).card),
        cards.card_name(state.creature(attack.target).card),
    }
    first = len(scene.session.events)
    scene.act(attack)
    events = scene.session.events[first:]
    queued = list(scene.beats.queue)
    assert queued and queued[0].kind == "fight" and queued[0].fight is not None
    assert queued[0].fight.attacker.ref == attack.attacker and queued[0].fight.target.ref == attack.target
    assert names <= set(scene.drawn_texts())  # both cards in the window
    # the fight's beats follow the fight's rule events one for one
    fight_events = list(
        itertools.takewhile(lambda e: not isinstance(e, ev.FightEnded), events[: len(events)])
    )
    expected = []
    for e in fight_events:
        if isinstance(e, ev.FightStarted):
            expected.append("fight")
        elif isinstance(e, ev.Rolled):
            expected.append(("roll", e.phase.value, e.damage, e.parry))
        elif isinstance(e, ev.LifeLost):
            expected.append(("loss", e.target, e.life))
    got = []
    for b in queued:
        if b.fight is None:
            break
        if b.kind == "fight":
            got.append("fight")
        elif b.kind == "roll":
            got.append(("roll", b.phase, b.damage, b.parry))
        elif b.kind == "loss":
            got.append(("loss", b.at, b.life_of(b.at, -99)))
    assert got == expected
    assert "roll" in [g[0] for g in got if isinstance(g, tuple)]
    # the clock is paused while it plays (D-OQ-7) and a click hurries each beat; the window then closes
    assert scene.beats.busy and scene.session.state.clock is not None
    while scene.beats.busy:
        beat = scene.beats.current
        if beat.kind == "roll" and beat.fight is not None:
            drawn = scene.drawn_texts()
            assert i18n.tr("duel.fight.damage", n=beat.damage) in drawn
            assert i18n.tr("duel.fight.parry", n=beat.parry) in drawn  # together, the same frame
        scene.beats.hurry()
    assert scene.beats.current is None


def test_faces_are_drawn_once_and_frames_draw_nothing_new(app: App, ctx: Context) -> None:
    scene = make_duel(app, ctx)
    card = scene.session.state.catalog.card("black_dragon")
    assert cards.face(card, (75, 100)) is cards.face(card, (75, 100))
    rects = scene.hand_rects()
    hover(rects[0][1].center)
    steps(app, 3)
    made = len(cards._CACHE)
    steps(app, 5)
    assert len(cards._CACHE) == made


def test_a_five_resource_cost_fits_the_smallest_card(app: App) -> None:
    """The Black Dragon's five costs fit a 960x600 field card (it overflowed before)."""
    dragon = DuelSession(1, "starter", None).state.catalog.card("black_dragon")
    for width in (60, 75, 100):
        row = cards.cost_row(cards.cost_items(dragon), max(9, width * 4 // 30), width - 8)
        assert row.get_width() <= width - 8


SIZES = [(960, 600), (1280, 720), (1920, 1080), (3840, 2160)]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_table_lays_out_without_overlaps(ctx: Context, size, lang: str) -> None:
    """D-UI-3/4: the banner, the counts, the resources, the log and the buttons each have their own room:
    no drawn text overlaps another or a button, the table's parts do not overlap, all inside the window."""
    app = App(size, fps=0, context=ctx)
    try:
        i18n.set_language(lang)
        scene = make_duel(app, ctx)
        s = scene.session
        for _ in range(400):  # a full table: creatures on both fields
            if s.over or (
                s.human_to_act and len(s.state.side(1).field) >= 3 and len(s.state.side(2).field) >= 3
            ):
                break
            if s.human_to_act:
                plays = [a for a in s.legal() if isinstance(a, PlayCreature)]
                s.apply(plays[0] if plays else EndTurn())
            else:
                s.apply(s.ai_choice())
        scene.log.lines = [f"log line {i} " * 3 for i in range(100)]
        scene.message = scene.session.state.catalog.card("black_dragon").name_en + " — " * 10
        hover((1, size[1] // 2))  # nothing hovered
        steps(app)
        scene.record = []
        scene.draw_scene(pygame.Surface(size))
        window = pygame.Rect((0, 0), size)
        buttons = [b.rect for b in scene.buttons.values() if b.visible]
        boxes = [("button", r) for r in buttons] + list(scene.record)
        for label, rect in boxes:
            assert window.contains(rect), (label, rect)
        for (a, ra), (b, rb) in itertools.combinations(boxes, 2):
            assert not ra.colliderect(rb), (a, ra, b, rb)
        t = scene.table
        parts = [t.foe_hero, t.foe_hand, *t.foe_slots, t.banner, *t.my_slots, t.my_hero, t.my_counts]
        parts += [t.resources, t.hand, t.panel]
        for ra, rb in itertools.combinations(parts, 2):
            assert not ra.colliderect(rb), (ra, rb)
        for r in parts:
            assert window.contains(r), r
        for _card, r in scene.hand_rects():
            assert window.contains(r)
    finally:
        app.close()


def test_a_frame_drawn_over_the_last_equals_a_whole_redraw(app: App, ctx: Context) -> None:
    """The table restores only what the last frame drew over its cached layer; after a hover, a fight
    window and its end, the screen is the same as a table drawn whole."""
    scene = make_duel(app, ctx, speed="1x")
    rects = scene.hand_rects()
    for _, rect in rects:
        hover(rect.center)
        steps(app)
    attack = drive_to_attack(scene)
    steps(app)
    if attack is not None:
        scene.act(attack)
        steps(app, 2)
        while scene.beats.busy:
            scene.beats.hurry()
            steps(app)
    hover((1, 1))
    steps(app, 2)
    screen = pygame.display.get_surface()
    whole = pygame.Surface(screen.get_size()).convert(screen)
    scene.draw(whole)  # another surface: drawn whole
    assert pygame.image.tobytes(whole, "RGB") == pygame.image.tobytes(screen, "RGB")


def test_a_spell_glows_on_its_target_with_its_name_then_the_effect_pops_up(app: App, ctx: Context) -> None:
    """Magic on its target (#20): casting Lightning on an enemy creature shows a beat at that creature
    with the spell's name and a ring of light that grows while the beat lasts, before the life it
    took pops up (D-UI-1: in the rules' order); the table takes it from the SpellCast event."""
    from rules.duel.actions import CastSpell
    from rules.duel.state import Creature

    scene = make_duel(app, ctx, speed="1x")
    state = scene.session.state
    foe = state.side(3 - HUMAN)
    target = Creature(state.next_uid, state.catalog.card("knight"), foe.player, True)
    state.next_uid += 1
    foe.field.append(target)
    me = state.side(HUMAN)
    me.hand[:] = ["lightning"]
    me.resources = [99] * len(me.resources)
    scene.session.changed()
    steps(app)
    cast = CastSpell("lightning", target.uid)
    assert cast in scene.session.legal()
    scene.act(cast)
    beats = list(scene.beats.queue)
    assert beats[0].kind == "spell" and beats[0].at == target.uid
    assert beats[0].text == cards.card_name(state.catalog.card("lightning")) == "Lightning"
    assert [b.kind for b in beats[1:]][:1] in (["loss"], ["death"])
    centre = scene._ref_centre(target.uid)
    box = pygame.Rect(0, 0, 6, 6)
    box.center = (centre[0] + scene.table.my_slots[0].w // 2 + 4, centre[1])  # the ring, beside the card
    seen = []
    for _ in range(8):
        scene.draw(app.screen)
        seen.append((scene._glow_step(), pygame.image.tobytes(app.screen.subsurface(box), "RGB")))
        scene.beats.tick(0.1, 1.0)
    steps_seen = [step for step, _ in seen]
    assert steps_seen[0] >= 1 and steps_seen == sorted(steps_seen) and steps_seen[-1] > steps_seen[0]
    assert len({pixels for _, pixels in seen}) > 1, "the ring changes as it grows"


def test_hovering_a_field_creature_enlarges_it_with_its_stats_as_they_stand(app: App, ctx: Context) -> None:
    """#20: a creature on either field, hovered, shows enlarged beside its slot, on the table, with
    its full text and keywords, a wounded one's life now beside the card's, and for one's own creature on
    one's turn whether it can still attack; hovering an empty slot shows nothing of the kind."""
    from rules.duel.state import Creature

    scene = make_duel(app, ctx)
    state = scene.session.state
    mine, foes = state.side(HUMAN), state.side(3 - HUMAN)
    knight = Creature(state.next_uid, state.catalog.card("knight"), HUMAN, True)
    wounded = Creature(state.next_uid + 1, state.catalog.card("crossbowman"), foes.player, True)
    state.next_uid += 2
    wounded.life -= 2
    mine.field.append(knight)
    foes.field.append(wounded)
    scene.session.changed()
    for creature, slots in ((knight, scene.table.my_slots), (wounded, scene.table.foe_slots)):
        card = creature.card
        hover(slots[0].center)
        steps(app)
        zoom = scene.field_zoom_rect(slots[0])
        assert zoom.width > slots[0].width and not zoom.colliderect(slots[0])
        assert pygame.Rect(0, 0, scene.table.panel.x, app.size[1]).contains(zoom)
        drawn = scene.drawn_texts()
        assert cards.card_name(card) in drawn
        for kind in card.types:
            assert i18n.tr(f"duel.explain.{kind.value}") in drawn
        now = i18n.tr("duel.card.now", a=card.attack, d=card.defense, l=creature.life, max=card.life)
        assert (now in drawn) == (creature is wounded)  # "now" only where it differs from the card
    assert i18n.tr("duel.card.ready") not in drawn  # the opponent's creature: no word on its turn flags
    hover(scene.table.my_slots[0].center)
    steps(app)
    assert i18n.tr("duel.card.ready") in scene.drawn_texts()
    hover(scene.table.my_slots[3].center)  # an empty slot
    steps(app)
    assert i18n.tr("duel.explain.melee") not in scene.drawn_texts()


def test_the_turn_counter_counts_own_turns_toward_the_limit_D_TURN_13(app: App, ctx: Context) -> None:
    """D-TURN-13: the limit is 40 turns of each player, so the counter says which of its own turns
    the side to act is on (the log's "Turn 2: You"), not how many turns both have started."""
    scene = make_duel(app, ctx)
    limit = scene.session.state.catalog.rules.turn_limit
    for own_turn in (1, 2, 3):
        assert i18n.tr("duel.turn_counter", turn=own_turn, limit=limit) in scene.drawn_texts()
        scene.act(EndTurn())  # the player's turn ends; the AI's follows
        while not scene.session.human_to_act and not scene.session.over:
            scene.act(scene.session.ai_choice())
    assert scene.session.state.turn_no >= 6


def test_the_log_tells_a_fight_only_once_its_pop_ups_have_shown_it(app: App, ctx: Context) -> None:
    """D-UI-1: the numbers are read in order on the table; the log does not give the fight's end
    away while the fight window is still showing its first numbers. Its lines come when the
    beats are done (or when the player hurries them to the end)."""
    scene = make_duel(app, ctx, speed="1x")
    attack = drive_to_attack(scene)
    if attack is None:
        pytest.skip("no attack came up")
    lines = len(scene.log.lines)
    scene.act(attack)
    assert scene.beats.busy and len(scene.log.lines) == lines and scene.log.held
    steps(app)
    assert len(scene.log.lines) == lines, "still playing: nothing told yet"
    while scene.beats.busy:
        scene.beats.hurry()
    steps(app)
    assert len(scene.log.lines) > lines and not scene.log.held
    assert any(scene.names[attack.attacker] in line for line in scene.log.lines[lines:])  # "X attacks Y"
