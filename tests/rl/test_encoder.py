"""The observation encoder: shapes, features, batching, and views only (hidden changes)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import numpy as np
import pytest
from helpers import scenario
from helpers.rl_play import SINGLE_HAND, decision_states, hidden_shuffle
from hypothesis import given, settings
from hypothesis import strategies as st

import mahjong_rules as mr
from mahjong_rules.rl import Encoder, layout_table
from mahjong_rules.rl._spec import ORACLE_PLANES, PLANES, SCALARS, SP, SS, P, S
from mahjong_rules.rl.table import Table

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
VARIANTS = ["riichi", "sanma", "taiwanese"]


def plane(name: str) -> int:
    return next(i for i, n, _ in PLANES if n == name)


def scalar(name: str) -> int:
    return next(i for i, n, _ in SCALARS if n == name)


def kinds_set(row: np.ndarray) -> list[str]:
    return [mr.format_kinds([int(k)]) for k in np.flatnonzero(row)]


@pytest.mark.parametrize("variant", VARIANTS)
def test_planes_are_binary_and_batches_equal_singles(variant: str) -> None:
    rules = mr.make(variant, SINGLE_HAND[variant])
    encoder = Encoder(rules)
    views = [rules.view(state, seat) for state, seat in decision_states(rules, 3)][::3]
    planes, scalars = encoder.encode_batch(views)
    assert planes.dtype == np.uint8
    assert scalars.dtype == np.float32
    assert planes.shape == (len(views), len(PLANES), 34)
    assert set(np.unique(planes).tolist()) <= {0, 1}
    assert -1 <= scalars.min() <= scalars.max() <= 2
    for i in range(0, len(views), 7):
        one_planes, one_scalars = encoder.encode(views[i])
        assert (one_planes == planes[i]).all()
        assert (one_scalars == scalars[i]).all()
    for row, view in zip(planes, views, strict=True):  # the hand planes are the hand's counts
        counts = np.bincount([t >> 2 for t in view["hand"]], minlength=34)
        assert (row[P.HAND:P.HAND + 4].sum(axis=0) == counts).all()
    shanten = scalars[:, S.SHANTEN:S.SHANTEN + 8]
    assert (shanten.sum(axis=1) == 1).all()  # one shanten value per decision
    ranks = scalars[:, [SEAT_SCALAR + r * 20 + SS.RANK + k for r in range(rules.num_seats)
                        for k in range(4)]]
    assert (ranks.sum(axis=1) == rules.num_seats).all()


SEAT_SCALAR = next(i for i, n, _ in SCALARS if n == "self.points")


def test_features_of_a_known_table() -> None:
    # sanma: the dora after a 1m indicator is 9m; seat 0 holds a red 5p and waits on 5z
    rules, state = scenario.start("sanma", hands={0: "1111p23p406s789s5z"}, draws=["7z"],
                                  dora="1m")
    encoder = Encoder(rules)
    view = rules.view(state, 0)
    planes, scalars = encoder.encode(view)
    assert kinds_set(planes[plane("dora_indicator>=1")]) == ["1m"]
    assert kinds_set(planes[plane("dora>=1")]) == ["9m"]
    assert kinds_set(planes[plane("hand>=4")]) == ["1p"]
    assert kinds_set(planes[plane("hand_red")]) == ["5s"]
    assert kinds_set(planes[plane("drawn")]) == ["7z"]
    assert kinds_set(planes[plane("round_wind")]) == ["1z"]
    assert kinds_set(planes[plane("seat_wind")]) == ["1z"]
    assert kinds_set(planes[plane("discard_tenpai")]) == ["5z", "7z"]  # a tanki on the other
    assert kinds_set(planes[plane("discard_best")]) == ["5z", "7z"]
    assert scalars[scalar("shanten.0")] == 1  # a 14-tile hand: shanten of the best discard
    assert scalars[scalar("ruleset.sanma")] == 1
    assert scalars[scalar("self.dealer")] == 1
    assert scalars[scalar("self.points")] == pytest.approx(35000 / 105000)
    assert planes[SEAT_PLANE_3:].sum() == 0  # sanma leaves the fourth seat slot empty
    state = rules.apply(state, mr.Discard(seat=0, tile=view["drawn"], riichi=True))
    for seat in (1, 2):  # the other seats see the riichi tile in the river of seat 0
        planes, scalars = encoder.encode(rules.view(state, seat))
        slot = (0 - seat) % 3
        name = ("self", "right", "across")[slot]
        assert kinds_set(planes[plane(f"{name}.riichi_tile")]) == ["7z"]
        assert kinds_set(planes[plane(f"{name}.tsumogiri")]) == ["7z"]
        assert kinds_set(planes[plane(f"{name}.last1")]) == ["7z"]
        assert scalars[scalar("claim_source.discard")] in (0, 1)


SEAT_PLANE_3 = next(i for i, n, _ in PLANES if n == "left.river>=1")


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), pick=st.integers(0, 10**6), shuffle=st.integers(0, 2**31))
def test_observations_do_not_see_hidden_changes(variant: str, seed: int, pick: int,
                                                shuffle: int) -> None:
    """Same view, different walls and other hands: the same observation and mask."""
    rules = mr.make(variant, SINGLE_HAND[variant])
    table = Table(rules)
    table.reset(seed)
    steps = 0
    rng = random.Random(seed)
    while not table.over and steps < pick % 120:  # a random point of a random game
        seat = table.decider
        assert seat is not None
        table.step(seat, rng.choice(sorted(table.legal(seat))))
        steps += 1
    if table.over:
        return
    viewer = table.decider
    assert viewer is not None
    other = Table(rules)
    other.state = hidden_shuffle(table.state, viewer, random.Random(shuffle))
    other._settle()  # noqa: SLF001 - the same decider, from the shuffled state
    assert other.decider == viewer
    assert rules.view(other.state, viewer) == rules.view(table.state, viewer)
    planes, scalars = table.observe(viewer)
    moved_planes, moved_scalars = other.observe(viewer)
    assert np.array_equal(planes, moved_planes)
    assert np.array_equal(scalars, moved_scalars)
    assert (table.mask(viewer) == other.mask(viewer)).all()
    hidden = table.encoder.oracle(table.state, viewer)
    moved = other.encoder.oracle(other.state, viewer)
    assert hidden.shape == (len(ORACLE_PLANES), 34)
    assert not (hidden == moved).all() or len(table.state.live) <= 1  # the oracle does see


def test_the_oracle_is_the_hidden_table() -> None:
    rules = mr.make("riichi")
    state = rules.setup(seed=4)
    hidden = Encoder(rules).oracle(state, 1)
    counts = np.bincount([t >> 2 for t in state.seats[2].hand], minlength=34)
    first = next(i for i, n, _ in ORACLE_PLANES if n == "oracle.right.hand>=1")
    assert (hidden[first:first + 4].sum(axis=0) == counts).all()
    nxt = next(i for i, n, _ in ORACLE_PLANES if n == "oracle.next1")
    assert hidden[nxt, state.live[0] >> 2] == 1


def _doc_table(title: str) -> list[tuple[int, str, str]]:
    text = DOCS.read_text(encoding="utf-8")
    section = text.split(f"### {title}\n", 1)[1].split("\n#", 1)[0]
    rows = re.findall(r"^\| (\d+) \| `([^`]+)` \| (.+) \|$", section, flags=re.MULTILINE)
    return [(int(i), name, meaning) for i, name, meaning in rows]


@pytest.mark.parametrize(("title", "rows"), [
    ("Planes", PLANES), ("Scalars", SCALARS), ("Oracle planes", ORACLE_PLANES),
    *((f"Action ids: {v}", tuple(layout_table(v))) for v in VARIANTS)])
def test_the_spec_page_lists_every_row(title: str, rows: tuple[tuple[int, str, str], ...]) -> None:
    assert _doc_table(title) == [(i, n, m.replace("|", "\\|")) for i, n, m in rows]


def test_sp_offsets_match_the_names() -> None:
    base = plane("self.river>=1")
    assert plane("self.meld>=1") == base + SP.MELD
    assert plane("right.river>=1") == base + 22
    assert plane("unseen>=1") == P.UNSEEN
    assert scalar("furiten") == S.FURITEN
