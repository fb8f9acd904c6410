"""The replay's shortcuts against the general paths they skip.

- ``_HandReplay.check`` (a discard on its own turn straight to the ruleset's discard
  check) gives ``validate``'s verdict: on every action of real logs (4-player and sanma),
  and at every state there on probe discards the log did not make (every held tile with
  and without riichi, tiles not held, another seat's discard), legal and refused alike;
- a replay with the shortcut off (every action through ``validate``) gives the same
  reports and states.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from mahjong_rules.actions import Action, Discard
from mahjong_rules.errors import Rejection
from mahjong_rules.notation.logs import read_log
from mahjong_rules.replay import replay_game
from mahjong_rules.replay.hand import _HandReplay
from mahjong_rules.state import Phase, State

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
    check: Callable[[_HandReplay, Action], Rejection | None] = _HandReplay.check

    def compared(self: _HandReplay, action: Action) -> Rejection | None:
        verdict = check(self, action)
        assert verdict == self.rules.validate(self.state, action), action
        seen["logged"] += 1
        if self.state.phase is Phase.SELF_ACTION:
            for probe in _probes(self.state):
                probe_verdict = check(self, probe)
                assert probe_verdict == self.rules.validate(self.state, probe), probe
                seen["legal" if probe_verdict is None else probe_verdict.reason.value] += 1
        return verdict

    monkeypatch.setattr(_HandReplay, "check", compared)
    reports = [replay_game(game) for game in read_log(LOGS / path).games]
    assert all(h.status == "matched" for r in reports for h in r.hands)
    assert seen["logged"] > 50
    assert seen["legal"] > 500
    assert seen["tile_not_in_hand"] > 20
    assert seen["not_your_turn"] > 20
    assert seen["riichi_requires_tenpai"] > 20


def _general_check(self: _HandReplay, action: Action) -> Rejection | None:
    return self.rules.validate(self.state, action)


@pytest.mark.parametrize("path", LOG_FILES[-3:])
def test_a_replay_without_the_shortcut_is_the_same(path: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    def record(states: list[State]) -> Callable[[_HandReplay, Action], None]:
        act = _HandReplay.act

        def recording(self: _HandReplay, action: Action) -> None:
            act(self, action)
            states.append(self.state)
        return recording

    games = read_log(LOGS / path).games
    fast: list[State] = []
    with monkeypatch.context() as patch:
        patch.setattr(_HandReplay, "act", record(fast))
        fast_reports = [replay_game(game).to_dict() for game in games]
    general: list[State] = []
    with monkeypatch.context() as patch:
        patch.setattr(_HandReplay, "act", record(general))
        patch.setattr(_HandReplay, "check", _general_check)
        general_reports = [replay_game(game).to_dict() for game in games]
    assert len(fast) > 50
    assert fast == general
    assert fast_reports == general_reports
