"""The replay's shortcuts against the general paths they skip.

- ``HandReplay.check`` (a discard on its own turn straight to the ruleset's discard
  check) gives ``validate``'s verdict: on every action of real logs (4-player and sanma),
  and at every state there on probe discards the log did not make (every held tile with
  and without riichi, tiles not held, another seat's discard), legal and refused alike;
- a replay with the shortcut off (every action through ``validate``) gives the same
  reports and states;
- ``build_wall`` against its readable twin, kept here: every hand of every shared log,
  with its SHUFFLE seed's wall, with another hand's (a wall the log disagrees with) and
  with none.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

import attrs
import pytest

from mahjong_rules.actions import Action, Discard
from mahjong_rules.errors import LogFormatError, NotALogError, Rejection
from mahjong_rules.notation.logs import log_paths, read_log
from mahjong_rules.notation.tenhou import TenhouDraw, TenhouHand, rebuild_wall
from mahjong_rules.replay import replay_game
from mahjong_rules.replay.game import rules_for
from mahjong_rules.replay.hand import HandReplay
from mahjong_rules.replay.reports import Mismatch
from mahjong_rules.replay.wall import _indicators, _layout, _place_draws, build_wall
from mahjong_rules.state import Phase, State
from mahjong_rules.walls import WallLayout

LOGS = Path(__file__).resolve().parents[2] / "shared" / "data" / "logs"
LOG_FILES = [*sorted(str(p.relative_to(LOGS)) for p in (LOGS / "mjx-tests").glob("*.mjlog"))[:6],
             "dnovikoff-tenhou/sanma2.xml", "mjai-reviewer3p/double_nukidora.json"]
pytestmark = pytest.mark.skipif(not LOGS.is_dir(), reason=f"no shared logs at {LOGS}")


def _probes(state: State) -> list[Discard]:
    """Discards to ask about in ``state``: legal ones and refused ones of every kind."""
    seat = state.turn
    hand = state.seats[seat].hand
    other = (seat + 1) % len(state.seats)
    probes = [Discard(seat=seat, tile=t, riichi=r) for t in hand for r in (False, True)]
    missing = next(t for t in range(136) if t not in hand)
    probes += [Discard(seat=seat, tile=missing), Discard(seat=other, tile=hand[0])]
    probes += [Discard(seat=other, tile=t) for t in state.seats[other].hand[:2]]
    return probes


@pytest.mark.parametrize("path", LOG_FILES)
def test_the_replay_check_gives_validates_verdict(path: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    seen: Counter[str] = Counter()
    check: Callable[[HandReplay, Action], Rejection | None] = HandReplay.check

    def compared(self: HandReplay, action: Action) -> Rejection | None:
        verdict = check(self, action)
        assert verdict == self.rules.validate(self.state, action), action
        seen["logged"] += 1
        if self.state.phase is Phase.SELF_ACTION:
            for probe in _probes(self.state):
                probe_verdict = check(self, probe)
                assert probe_verdict == self.rules.validate(self.state, probe), probe
                seen["legal" if probe_verdict is None else probe_verdict.reason.value] += 1
        return verdict

    monkeypatch.setattr(HandReplay, "check", compared)
    reports = [replay_game(game) for game in read_log(LOGS / path).games]
    assert all(h.status == "matched" for r in reports for h in r.hands)
    assert seen["logged"] > 50
    assert seen["legal"] > 500
    assert seen["tile_not_in_hand"] > 20
    assert seen["not_your_turn"] > 20
    assert seen["riichi_requires_tenpai"] > 20


def _general_check(self: HandReplay, action: Action) -> Rejection | None:
    return self.rules.validate(self.state, action)


@pytest.mark.parametrize("path", LOG_FILES[-3:])
def test_a_replay_without_the_shortcut_is_the_same(path: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    def record(states: list[State]) -> Callable[[HandReplay, Action], None]:
        act = HandReplay.act

        def recording(self: HandReplay, action: Action) -> None:
            act(self, action)
            states.append(self.state)
        return recording

    games = read_log(LOGS / path).games
    fast: list[State] = []
    with monkeypatch.context() as patch:
        patch.setattr(HandReplay, "act", record(fast))
        fast_reports = [replay_game(game).to_dict() for game in games]
    general: list[State] = []
    with monkeypatch.context() as patch:
        patch.setattr(HandReplay, "act", record(general))
        patch.setattr(HandReplay, "check", _general_check)
        general_reports = [replay_game(game).to_dict() for game in games]
    assert len(fast) > 50
    assert fast == general
    assert fast_reports == general_reports


def readable_build_wall(hand: TenhouHand, tile_ids: Sequence[int], layout: WallLayout,
                        seed_wall: Sequence[int] | None = None,
                        ) -> tuple[list[int], list[Mismatch]]:
    """The readable twin of ``build_wall``: each place of the seed's wall looked up."""
    size = len(tile_ids)
    seats = layout.seats
    wall: list[int | None] = [None] * size
    dealer = hand.init.oya
    deals = [layout.deal_places(i) for i in range(seats)]
    for i, places in enumerate(deals):
        for place, tile in zip(places, sorted(hand.init.hai[(dealer + i) % seats]),
                               strict=True):
            wall[place] = tile
    live_slots = _place_draws(hand, wall, layout)
    _replacement, dora_places, ura_places = layout.dead_places(size)
    for indicators, part in zip(_indicators(hand), (dora_places, ura_places), strict=True):
        for place, tile in zip(part, indicators, strict=False):
            wall[place] = tile
    shown = [t for t in wall if t is not None]
    if len(set(shown)) != len(shown) or not set(shown) <= set(tile_ids):
        raise LogFormatError("the log shows a tile twice (more copies than the set holds) "
                             "or a tile outside the set", hand=hand.index, element="wall")
    problems: list[Mismatch] = []
    used = set(shown)
    if seed_wall is not None:
        source = _layout(size, layout)
        wrong = [s for s in live_slots if seed_wall[source[s]] != wall[s]]
        wrong.extend(i for i, places in enumerate(deals) if sorted(
            seed_wall[source[s]] for s in places) != [wall[s] for s in places])
        if wrong:
            problems.append(Mismatch(field="wall", expected=f"the seed's tile in {len(wrong)} "
                                     "dealt or drawn slots", got="other tiles in the log"))
        for slot, known in enumerate(wall):
            if known is None and seed_wall[source[slot]] not in used:
                wall[slot] = seed_wall[source[slot]]
                used.add(seed_wall[source[slot]])
    rest = iter(t for t in tile_ids if t not in used)
    full = [t if t is not None else next(rest) for t in wall]
    return full, problems


def _built(hand: TenhouHand, tile_ids: Sequence[int], layout: WallLayout,
           seed_wall: Sequence[int] | None,
           build: Callable[..., tuple[list[int], list[Mismatch]]]) -> object:
    try:
        return build(hand, tile_ids, layout, seed_wall)
    except LogFormatError as exc:
        return exc.message


def test_build_wall_equals_its_readable_twin_on_every_log() -> None:
    seen: Counter[str] = Counter()
    for path in log_paths([LOGS]):
        try:
            games = read_log(path).games
        except NotALogError:
            continue
        for game in games:
            try:
                rules, _ = rules_for(game)
            except LogFormatError:
                continue
            layout = rules.wall_layout()  # type: ignore[attr-defined]
            tile_ids = rules.tile_ids()  # type: ignore[attr-defined]
            seeds: list[list[int]] = []
            if game.shuffle_seed is not None:
                seeds = rebuild_wall(game.shuffle_seed, hands=len(game.hands) + 1,
                                     sanma=game.sanma)
            for k, hand in enumerate(game.hands):
                if k == 0:  # a copy with the first dealt tile drawn again: no real wall
                    draw = TenhouDraw(seat=0, tile=hand.init.hai[0][0])
                    broken = attrs.evolve(hand, events=(draw, *hand.events))
                    assert _built(broken, tile_ids, layout, None, build_wall) == _built(
                        broken, tile_ids, layout, None, readable_build_wall)
                    seen["refused"] += isinstance(_built(broken, tile_ids, layout, None,
                                                         build_wall), str)
                for seed_wall in (seeds[k:k + 2] if seeds else [None]):
                    got = _built(hand, tile_ids, layout, seed_wall, build_wall)
                    assert got == _built(hand, tile_ids, layout, seed_wall,
                                         readable_build_wall), (path, k)
                    seen["refused" if isinstance(got, str) else "none" if seed_wall is None
                         else "disagrees" if got[1] else "agrees"] += 1  # type: ignore[index]
    assert min(seen[k] for k in ("none", "agrees", "disagrees", "refused")) > 0, seen
