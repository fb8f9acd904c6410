"""Every win of the shared real logs scores as the log says, one by one and in a batch.

The wins are read as the scoring benchmark reads them (``benchmarks/_log_wins.py``: the
hand, melds, winning tile and the circumstances the log states, under the rules the
replayer plays the game with). ``score`` must give the log's han (dora included), fu
(where the log states it) and value without honba and deposits; ``score_batch``, with
``from_hands`` and with ``from_hands_readable``, must give what ``score`` gives.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from mahjong_rules.options import RiichiOptions, SanmaOptions
from mahjong_rules.outcome import ScoreResult
from mahjong_rules.scoring import Liability, Meld, MeldKind, WinContext, WinningHand, score
from mahjong_rules.scoring.batch import HandBatch, score_batch
from mahjong_rules.scoring.riichi import score_readable
from mahjong_rules.scoring.riichi_plan import clear_memos
from mahjong_rules.tiles import RED_FIVE_IDS, Tile, TileKind

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import _log_wins  # the benchmarks folder, added just above

pytestmark = pytest.mark.skipif(not _log_wins.LOGS.is_dir(),
                                reason=f"real logs not found at {_log_wins.LOGS}")

_MELD_KINDS = {"chi": MeldKind.CHI, "pon": MeldKind.PON, "daiminkan": MeldKind.DAIMINKAN,
               "kakan": MeldKind.KAKAN, "ankan": MeldKind.ANKAN}


def _tile(tile_id: int) -> Tile:
    return Tile(TileKind(tile_id // 4), red=tile_id in RED_FIVE_IDS)


def _inputs(win: _log_wins.LogWin) -> tuple[WinningHand, WinContext]:
    flags = win.flags
    hand = WinningHand(concealed=tuple(map(_tile, win.concealed)), win=_tile(win.win),
                       melds=tuple(Meld(kind=_MELD_KINDS[kind], tiles=tuple(map(_tile, ids)))
                                   for kind, ids in win.melds))
    context = WinContext(
        tsumo="tsumo" in flags, seat_wind=win.seat_wind, round_wind=win.round_wind,
        riichi="riichi" in flags, double_riichi="double_riichi" in flags,
        ippatsu="ippatsu" in flags, haitei="haitei" in flags, houtei="houtei" in flags,
        rinshan="rinshan" in flags, chankan="chankan" in flags, tenhou="tenhou" in flags,
        chiihou="chiihou" in flags, dora_indicators=tuple(map(_tile, win.dora)),
        ura_indicators=tuple(map(_tile, win.ura)), kita=win.kita, honba=win.honba,
        riichi_sticks=win.sticks, liability=Liability.YAKUMAN if win.pao else None)
    return hand, context


@pytest.fixture(scope="module")
def wins() -> list[_log_wins.LogWin]:
    found, left_out = _log_wins.log_wins()
    # the folder's README and the test logs' made-up results, each named with why
    assert all(name == "README.md" or "mjai-reviewer" in name for name in left_out), left_out
    assert len(found) > 1000
    return found


def _value(result: ScoreResult, win: _log_wins.LogWin) -> int:
    return result.total - win.options.honba_points * win.honba - 1000 * win.sticks


def test_every_win_scores_as_logged(wins: list[_log_wins.LogWin]) -> None:
    wrong: list[tuple[object, ...]] = []
    for win in wins:
        result = score(*_inputs(win), win.options)
        if not isinstance(result, ScoreResult):
            wrong.append((win.source, result))
            continue
        got = (result.yakuman > 0, result.han, _value(result, win))
        expected = (win.log_yakuman, win.log_han, win.log_value)
        if got != expected or (win.log_fu is not None and result.fu != win.log_fu):
            wrong.append((win.source, got, result.fu, expected, win.log_fu))
    assert not wrong, wrong[:5]


def test_every_win_from_the_memo_as_readable(wins: list[_log_wins.LogWin]) -> None:
    """The memo of hand shapes behind score answers every win as the readable path."""
    clear_memos()  # noting every hand (not sampling, as after a run of new hands)
    differ = [win.source for win in wins for _sight in range(3)  # seen once, twice, kept
              if score(*_inputs(win), win.options) != score_readable(*_inputs(win), win.options)]
    assert not differ, differ[:10]


@pytest.mark.parametrize("pack", ["from_hands", "from_hands_readable"])
def test_batch_scores_every_win_as_score(wins: list[_log_wins.LogWin], pack: str) -> None:
    for options_type in (RiichiOptions, SanmaOptions):
        group = [w for w in wins if type(w.options) is options_type]
        by_options: dict[RiichiOptions, list[_log_wins.LogWin]] = {}
        for win in group:
            by_options.setdefault(win.options, []).append(win)
        for options, part in by_options.items():
            pairs = [_inputs(win) for win in part]
            packed = getattr(HandBatch, pack)(pairs, sanma=options_type is SanmaOptions)
            scores = score_batch(packed, options)
            assert scores.reason_codes() == [None] * len(part)
            expected = []
            for hand, context in pairs:
                result = score(hand, context, options)
                assert isinstance(result, ScoreResult)
                expected.append((result.han, result.fu, result.yakuman, result.total))
            got = list(zip(scores.han.tolist(), scores.fu.tolist(), scores.yakuman.tolist(),
                           scores.total.tolist(), strict=True))
            assert got == expected
