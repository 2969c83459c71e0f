"""The window every mode of the command line opens (``make_app``): its size, full screen
or not, language and ruleset from the options, headless for the modes without a screen; and
the moment the process started, as early as the package can see it (``STARTED``)."""

from __future__ import annotations

import argparse
import os
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from beloz.ui.app import App

STARTED = time.perf_counter()  # the earliest moment the command line can see (process_age)
#: The App the last mode opened (the running one), for the crash log's hand record.
running: App | None = None


def headless_requested(args: argparse.Namespace) -> bool:
    return bool(args.fast or args.screenshot or args.selftest or args.headless)


def make_app(args: argparse.Namespace, *, save: bool = True) -> App:
    global running
    from beloz.ui.app import App

    fullscreen = True if args.fullscreen else False if (args.windowed or args.size) else None
    if headless_requested(args):
        fullscreen = False
    app = App(size=args.size, fullscreen=fullscreen, fast=args.fast, save=save)
    if args.lang and args.lang != app.settings.language:
        from beloz import i18n

        app.settings = app.settings.replace(language=args.lang)
        i18n.set_language(args.lang)
        app.ui.set_locale(args.lang)
    if args.ruleset:
        app.settings = app.settings.replace(ruleset=args.ruleset)
    app.seed = args.seed
    running = app
    return app


def process_age() -> float:
    """Seconds since the process started: from /proc on Linux (10 ms steps, and it counts
    a bundle's bootloader), else since the command line was first imported (``STARTED``)."""
    try:
        with open("/proc/self/stat", encoding="ascii") as f:
            start_ticks = int(f.read().rpartition(")")[2].split()[19])
        with open("/proc/uptime", encoding="ascii") as f:
            uptime = float(f.read().split()[0])
        return max(0.0, uptime - start_ticks / os.sysconf("SC_CLK_TCK"))
    except (OSError, ValueError, IndexError, AttributeError):
        return time.perf_counter() - STARTED
