"""``make sweep``: every screen at every size in both languages, at every text size,
checked (beloz/ui/sweep.py); the PNGs under build/sweep/.  Exit 1 when a check fails,
each problem said.

    python -m tools.sweep [--only NAME ...] [--size WxH ...] [--lang en|fr ...] [--out DIR]
                          [--text-size 100 125 150 200]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--only", nargs="*", help="shot names (menu, hint-belot-bulgare...)")
    p.add_argument("--size", nargs="*", help="window sizes, e.g. 960x600")
    p.add_argument("--lang", nargs="*", choices=("en", "fr"))
    p.add_argument("--out", default="build/sweep", help="folder of the PNGs")
    p.add_argument("--text-size", nargs="*", type=int, choices=(100, 125, 150, 200),
                   help="the text sizes, in percent (all four unless given)")
    args = p.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    # A data folder of its own: the player's settings, saves and statistics stay untouched.
    os.environ["BELOZ_DATA_DIR"] = tempfile.mkdtemp(prefix="beloz-sweep-")
    from beloz.ui import sweep

    shots = sweep.shots()
    if args.only:
        shots = [s for s in shots if s.name in args.only]
        if not shots:
            p.error(f"no such shot; the shots: {', '.join(s.name for s in sweep.shots())}")
    sizes = tuple(tuple(int(v) for v in s.split("x")) for s in args.size) if args.size \
        else sweep.SIZES
    langs = tuple(args.lang) if args.lang else sweep.LANGUAGES
    pcts = tuple(args.text_size) if args.text_size else sweep.TEXT_SIZES
    found = sweep.sweep(Path(args.out), sizes, langs, shots,  # type: ignore[arg-type]
                        pcts)
    for key, problems in found.items():
        print(key)
        for problem in problems:
            print("   ", problem)
    total = len(shots) * len(sizes) * len(langs) * len(pcts)
    print(f"{total - len(found)} of {total} screens without a problem; PNGs in {args.out}/")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
