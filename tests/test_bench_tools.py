"""The measuring tools of ``bench/`` that are not run by ``make bench``: they still run,
and ``level_screen --cache`` really replays nothing it has kept."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from beloz.ai.arena import _job
from bench import inference_accuracy, level_losses, level_screen, perfect_information


def _margin(out: str, variant: str) -> float:
    m = re.search(rf"^{re.escape(variant)} vs random: ([+-][\d.]+) ", out, re.M)
    assert m, out
    return float(m.group(1))


def test_level_screen_keeps_and_reuses_played_deals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cache = tmp_path / "screens.json"
    args = ["--opponent", "random", "--seed", "3", "--deals", "4", "--jobs", "1",
            "--cache", str(cache), "heuristic", "beginner"]
    assert level_screen.main(args) == 0
    first = capsys.readouterr().out
    kept = json.loads(cache.read_text())
    assert sorted(kept) == sorted(f"{v}|random|3|{i}" for v in ("heuristic", "beginner")
                                  for i in range(4))
    # A kept deal is read back, not played again: change one and the figure follows.
    kept["heuristic|random|3|0"][2] += 400
    cache.write_text(json.dumps(kept))
    assert level_screen.main(args) == 0
    second = capsys.readouterr().out
    assert _margin(second, "heuristic") == pytest.approx(_margin(first, "heuristic") + 100,
                                                         abs=0.051)
    assert _margin(second, "beginner") == _margin(first, "beginner")


def test_level_screen_plays_the_ruleset_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--ruleset``: every deal is the arena's in that ruleset, and kept under its name
    (BeloZ's keys, without one, stay those of the caches written before)."""
    cache = tmp_path / "screens.json"
    assert level_screen.main(["--opponent", "random", "--seed", "3", "--deals", "3", "--jobs",
                              "1", "--cache", str(cache), "--ruleset", "belote-classique",
                              "heuristic"]) == 0
    out = capsys.readouterr().out
    assert "3 deals of belote-classique" in out, out
    margins = []
    for i in range(3):
        r1, r2 = _job(("heuristic", "random", 3, i, "belote-classique"))
        margins.append(((r1.a_score - r1.b_score) + (r2.a_score - r2.b_score)) / 2)
    assert _margin(out, "heuristic") == pytest.approx(sum(margins) / 3, abs=0.051)
    assert sorted(json.loads(cache.read_text())) == [
        f"heuristic|random|3|{i}|belote-classique" for i in range(3)]


@pytest.mark.slow
def test_perfect_information_prints_both_margins_and_their_difference(
    capsys: pytest.CaptureFixture[str]
) -> None:
    assert perfect_information.main(["--opponent", "random", "--deals", "2", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    honest = re.search(r"^Expert vs random: ([+-][\d.]+) ", out, re.M)
    knowing = re.search(r"true deal vs random: ([+-][\d.]+) .* minus Expert ([+-][\d.]+) ", out)
    assert honest and knowing, out
    diff = float(knowing.group(1)) - float(honest.group(1))
    assert float(knowing.group(2)) == pytest.approx(diff, abs=0.11)


@pytest.mark.slow
def test_inference_accuracy_gives_a_share_per_sampler(capsys: pytest.CaptureFixture[str]) -> None:
    assert inference_accuracy.main(["--hands", "2", "--ceiling"]) == 0
    shares = re.findall(r": (\d\.\d+) of the hidden cards placed right", capsys.readouterr().out)
    assert len(shares) == len(inference_accuracy.SAMPLERS) + len(inference_accuracy.CEILING)
    assert all(0.0 < float(x) < 1.0 for x in shares)


def test_perfect_information_by_phase_cheats_only_in_that_phase(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--phase early`` draws the true deal only before the third expedition, ``late``
    only from it on: the cheating card search is asked exactly in its phase."""
    asked: dict[str, set[int]] = {}
    real = perfect_information.choose_card

    def spy(view, rng, level, sampler=None):  # noqa: ANN001, ANN202
        asked.setdefault(phase, set()).add(len(view.tricks))
        return real(view, rng, level, sampler)

    monkeypatch.setattr(perfect_information, "choose_card", spy)
    for phase in ("early", "late", "all"):
        perfect_information._hand("random", 3, 0, 0, True, phase)
    assert asked["early"] and max(asked["early"]) < 2
    assert asked["late"] and min(asked["late"]) >= 2
    assert min(asked["all"]) < 2 <= max(asked["all"])


def test_knowing_the_partner_draws_its_true_hand_and_varies_the_opponents() -> None:
    """``--know partner``: every deal drawn holds the partner's true hand; the opponents'
    cards still vary, within what the viewer's own view allows."""
    import random

    from beloz.ai.arena import deal_setup
    from beloz.ai.heuristic import HeuristicPlayer
    from beloz.rules.ruleset import BELOZ
    from beloz.rules.state import HandState, Phase

    player = HeuristicPlayer(1)
    for index in range(20):  # the first deal somebody takes
        deck, dealer, packet = deal_setup(5, index)
        state = HandState.deal(deck, dealer, packet, BELOZ)
        while state.phase is Phase.BIDDING:
            state.apply(player.bid(state.view(state.current)))
        if state.taker is not None:
            break
    for _ in range(6):  # into the second expedition
        state.apply(player.play(state.view(state.current)))
    seat = state.current
    view = state.view(seat)
    partner = (seat + 2) % 4
    sampler = perfect_information.partner_known(view, list(state.hands))
    rng = random.Random(0)
    deals = [sampler.sample_accepted(rng, None) for _ in range(40)]
    assert all(d[partner] == state.hands[partner] and d[seat] == view.hand for d in deals)
    assert len({d[(seat + 1) % 4] for d in deals}) > 1


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="Linux's /proc (CI has it)")
def test_the_soaks_memory_peak_is_the_games_own_not_its_parents() -> None:
    """``main.py --memory`` prints the game's own peak: a soak started from a big process
    (``python -m bench`` after the AI benches) must not report the parent's size."""
    import subprocess
    import sys

    ballast = bytearray(300 * 2**20)
    ballast[::4096] = b"\x01" * len(ballast[::4096])  # resident, not just reserved
    root = Path(__file__).resolve().parents[1]
    code = "from beloz.cli import autoplay; print(autoplay.memory_line(1))"
    out = subprocess.run([sys.executable, "-c", code],
                         cwd=root, capture_output=True, text=True, check=True).stdout
    m = re.search(r"rss ([\d.]+) MB peak ([\d.]+) MB", out)
    assert m, out
    rss, peak = float(m.group(1)), float(m.group(2))
    assert 0 < rss <= peak < 150, out
    del ballast


def test_level_losses_writes_a_scale_the_game_reads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from beloz.ai import review
    from beloz.practice.level_scale import parse_levels

    from .test_ai_helpers import TINY

    monkeypatch.setattr(review, "LEVEL", TINY)
    out = tmp_path / "levels.json"
    args = ["--hands", "3", "--rulesets", "beloz", "--levels", "beginner", "--out", str(out)]
    assert level_losses.main(args) == 0
    doc = json.loads(out.read_text())
    assert doc["made_by"] == "python -m bench.level_losses " + " ".join(args)
    got = doc["rulesets"]["beloz"]["beginner"]
    assert got["hands"] == 3 and got["decisions"] == sum(n for n, _ in got["skills"].values())
    assert got["mean"] == pytest.approx(sum(s for _, s in got["skills"].values())
                                        / got["decisions"], abs=0.01)
    assert parse_levels(doc)["beloz"]["beginner"].decisions == got["decisions"]
    assert "beloz beginner: 3 hands" in capsys.readouterr().out
