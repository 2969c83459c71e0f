"""``--selftest``: every asset loaded, every string in both languages, every scene drawn
once in each language, and the double-dummy solver (which one runs; with
``--require-compiled-solver`` its compiled core must load and agree with the Python one),
and on Windows the spoken table's SAPI 5 voice (its modules must load; a voice, if any).
Status 0 when all is well; each problem on its own line of standard error."""

from __future__ import annotations

import argparse
import sys

from beloz.cli.screenshot import language_kept, no_file_writes
from beloz.cli.window import make_app
from beloz.ui.scene_registry import SHELL_SCENES, TABLE_SCENES, push_scene


def run(args: argparse.Namespace) -> int:
    with no_file_writes(), language_kept():
        return _run(args)


def _run(args: argparse.Namespace) -> int:
    import pygame

    from beloz import i18n
    from beloz.ui.assets import Sounds

    app = make_app(args, save=False)
    problems: list[str] = []
    checked = 0
    # every asset: faces (plain / flooded / classic), backs, table, icon, fonts, sounds
    for width in (64, 120):
        for c in range(32):
            for flooded in (False, True):
                app.art.face(c, width, name=f"card {c}", flooded=flooded, classic=flooded)
                checked += 1
        app.art.back(width)
    for plain in (None, 0, 1, 2, 3):
        app.art.table((1280, 800), plain)
    app.art.icon()
    for bold in (False, True):
        app.art.font(18, bold)
    Sounds(True, 0.5)
    # every string in both languages
    keys = {lang: i18n.flat_keys(i18n.load_strings(lang)) for lang in i18n.LANGUAGES}
    if keys["en"] != keys["fr"]:
        problems.append(f"i18n keys differ: {sorted(keys['en'] ^ keys['fr'])[:10]}")
    # every scene, drawn once in each language
    from beloz.ui.scenes.rules import SECTION_NAMES

    names = [*SHELL_SCENES, *(f"rules-{s}" for s in SECTION_NAMES)]
    try:
        import beloz.ui.scenes.table  # noqa: F401

        names += list(TABLE_SCENES)
    except ImportError:
        problems.append("the table scene is missing")
    seed = args.seed if args.seed is not None else 1
    for lang in i18n.LANGUAGES:
        app.apply_settings(app.settings.replace(language=lang))
        for name in names:
            try:
                push_scene(app, name, seed)
                app.step(1 / 60)
                app.step(1 / 60)
            except Exception as err:  # noqa: BLE001 -- report every broken scene
                problems.append(f"{name} ({lang}): {type(err).__name__}: {err}")
            while app.scenes:
                app.pop()
            checked += 1
    pygame.event.clear()
    app.close()
    solver, solver_problems = check_solver(args.require_compiled_solver)
    problems += solver_problems
    checked += 1
    voice = None
    if sys.platform == "win32":  # the bundle's SAPI 5 voice (Linux and macOS: their system's)
        from beloz.ui.speech import check_sapi5

        voice, voice_problems = check_sapi5()
        problems += voice_problems
        checked += 1
    for problem in problems:
        print("selftest:", problem, file=sys.stderr)
    print(f"selftest: double-dummy solver {solver}")
    if voice is not None:
        print(f"selftest: spoken table's voice {voice}")
    print(f"selftest: {checked} checks, {len(problems)} problems")
    return 1 if problems else 0


def check_solver(require_compiled: bool, positions: int = 7) -> tuple[str, list[str]]:
    """Which double-dummy solver the game uses, and the problems: a compiled core that
    values a few positions (4 expeditions left, fixed seeds) differently from its
    pure-Python twin, or none loaded when ``require_compiled`` (the release builds)."""
    import random

    from beloz.ai import dds
    from beloz.rules.cards import ALL_TRUMPS
    from beloz.rules.ruleset import BELOZ, BULGARE

    if not dds.compiled_available():
        why = f"the compiled core did not load: {dds.LOAD_ERROR}" if dds.LOAD_ERROR else (
            "no compiled core")
        problems = [f"the double-dummy solver is not compiled ({why})"] if require_compiled else []
        return f"pure Python ({why})", problems
    rng = random.Random(13)
    starts = [-dds.CAPOT - 1, *range(0, 200, 8), dds.CAPOT]  # u from a capot lost to one made
    # the four flooded plains, no and all trumps, and all trumps with seed 002's belots
    games = [*(dds.contract_game(order, BELOZ) for order in range(6)),
             dds.contract_game(ALL_TRUMPS, BULGARE)]
    for i in range(positions):
        game = games[i % len(games)]
        deck = rng.sample(range(32), 16)
        hands = [sum(1 << c for c in deck[4 * s:4 * s + 4]) for s in range(4)]
        leader = rng.randrange(4)
        py, cc = dds.PySolver(game), dds.CSolver(game)
        cands = [c for c in range(32) if hands[leader] >> c & 1]
        f0 = i % 2 == 0  # which team may still take every expedition
        a = py.solve(hands, leader, [], f0, not f0, cands, starts)
        b = cc.solve(hands, leader, [], f0, not f0, cands, starts)
        if a != b or py.nodes != cc.nodes:
            return f"compiled ({dds.LIBRARY_PATH})", [
                f"the compiled solver differs from the Python one on position {i}: values "
                f"{a} and {b}, nodes {py.nodes} and {cc.nodes}"]
    same = f"the same values as in Python on {positions} positions"
    return f"compiled ({dds.LIBRARY_PATH}), {same}", []
