"""One tenhou.net/6 hand's turn order rebuilt from its per-seat lists of draws and discards.

The lists do not say who acted when a call cuts in; the walk tries the readings of the
call order, calls first, until one fits every list and the result.
"""

from __future__ import annotations

import re

import attrs

from mahjong_rules.notation._kinds import (
    DrawFacts,
    HandTracker,
    Misfit,
    Spec,
    WinFacts,
    add_yaku,
    add_zero_ura,
    extras,
    settle,
    shown_hands,
    yaku_id,
)
from mahjong_rules.notation.tenhou import TenhouHand, TenhouInit, TenhouReach
from mahjong_rules.notation.tenhou6.codes import HANDS_BEFORE, ActToken, CallToken, DrawToken

_YAKU = re.compile(r"(.+)\((?:(\d+)飜|(役満))\)")
_SEARCH_LIMIT = 1000
"""Readings of a hand's call order tried at most (the real logs need 4 at most)."""


_WinSpec = tuple[int, int, int | None, int | None, int, int, list[str], tuple[int, ...]]
"""who, from, pao, fu, points, limit, yaku strings, deltas."""


@attrs.frozen
class Outcome:
    """How a hand of tenhou.net/6 JSON ended, as its result row says."""
    kind: str | None
    """``None`` for wins, else the mjlog draw type (``""`` for exhaustive)."""
    wins: tuple[_WinSpec, ...] = ()
    deltas: tuple[int, ...] = (0, 0, 0, 0)


@attrs.define
class Walk:
    """Rebuilds one hand's turn order from the per-seat lists."""

    init: TenhouInit
    seats: int
    red: bool
    starts: list[list[Spec]]
    dora: list[Spec]
    ura: list[Spec]
    draws: list[list[DrawToken | CallToken]]
    acts: list[list[ActToken]]
    outcome: Outcome

    def search(self, index: int) -> TenhouHand:
        """Try the readings of the call order, calls first, until one fits."""
        choices: list[int] = []
        best: tuple[int, Misfit] | None = None
        for _ in range(_SEARCH_LIMIT):
            made: list[tuple[int, int]] = []
            tracker = HandTracker(seats=self.seats, red_fives=self.red)
            try:
                return self.walk(index, tracker, choices, made)
            except Misfit as exc:
                if best is None or len(tracker.events) > best[0]:
                    best = (len(tracker.events), exc)  # report the reading that got furthest
            while made and made[-1][0] + 1 >= made[-1][1]:
                made.pop()
            if not made:
                break
            made[-1] = (made[-1][0] + 1, made[-1][1])
            choices = [pick for pick, _ in made]
        assert best is not None
        raise best[1]

    def walk(self, index: int, t: HandTracker, choices: list[int],  # noqa: C901, PLR0912, PLR0915
             made: list[tuple[int, int]]) -> TenhouHand:
        """The hand from event ``index`` on, the choices made so far tried in order."""
        try:
            hai = tuple(t.deal(s, self.starts[s]) if s < self.seats else () for s in range(4))
            indicators = [t.new(s) for s in self.dora]
            ura = [t.new(s) for s in self.ura]
        except Misfit as exc:
            raise Misfit(exc.message, "log[2..15]") from None
        init = attrs.evolve(self.init, hai=hai, dora_indicator=indicators[0])
        t.init = init
        t.scores = list(init.ten)
        di = [0] * 4
        ai = [0] * 4
        revealed = 1
        pending = 0
        seat, phase = init.oya, "draw"

        def reveal(count: int) -> int:
            nonlocal revealed
            for _ in range(count):
                if revealed < len(indicators):
                    t.dora(indicators[revealed])
                    revealed += 1
            return 0

        def where(seat: int, offset: int, k: int) -> str:
            return f"log[{HANDS_BEFORE + 3 * seat + offset}][{k}]"

        while True:
            if phase == "draw":
                if di[seat] == len(self.draws[seat]):
                    break
                token = self.draws[seat][di[seat]]
                if token[0] != "draw":
                    raise Misfit(f"seat {seat} must draw, but its next draw is a {token[0]}",
                                 where(seat, 1, di[seat]))
                try:
                    t.draw(seat, token[1])
                except Misfit as exc:
                    raise Misfit(exc.message, where(seat, 1, di[seat])) from None
                di[seat] += 1
                phase = "act"
                continue
            if ai[seat] == len(self.acts[seat]):
                break
            act = self.acts[seat][ai[seat]]
            at = where(seat, 2, ai[seat])
            ai[seat] += 1
            if act[0] == "none":
                raise Misfit(f"seat {seat} skips a discard without an open kan", at)
            try:
                if act[0] == "ankan":
                    t.ankan(seat, act[1])
                    pending = reveal(pending + 1)
                    phase = "draw"
                    continue
                if act[0] == "kakan":
                    t.kakan(seat, act[1])
                    pending = reveal(pending) + 1
                    phase = "draw"
                    continue
                if act[0] == "kita":
                    t.kita(seat, act[1])
                    phase = "draw"
                    continue
                pending = reveal(pending)
                _, spec, riichi = act
                if riichi:
                    t.declare_riichi(seat)
                t.discard(seat, spec)
                if riichi:
                    t.accept_riichi(seat)
            except Misfit as exc:
                raise Misfit(exc.message, at) from None
            assert t.last is not None
            discarded = t.spec(t.last[2])
            options: list[tuple[int, CallToken] | None] = []
            chi: list[tuple[int, CallToken] | None] = []
            for step in range(1, self.seats):
                other = (seat + step) % self.seats
                if di[other] == len(self.draws[other]):
                    continue
                token = self.draws[other][di[other]]
                if token[0] == "draw" or token[2] != discarded:
                    continue
                call: CallToken = token
                if (other + call[1]) % 4 != seat:
                    continue
                (chi if call[0] == "chi" else options).append((other, call))
            options += [*chi, None]
            pick = 0
            if len(options) > 1:
                pick = choices[len(made)] if len(made) < len(choices) else 0
                made.append((pick, len(options)))
            chosen = options[pick]
            if chosen is None:
                seat, phase = (seat + 1) % self.seats, "draw"
                continue
            other, call = chosen
            at = where(other, 1, di[other])
            di[other] += 1
            try:
                t.call(other, call[0], seat, call[2], call[3])
            except Misfit as exc:
                raise Misfit(exc.message, at) from None
            seat, phase = other, "act"
            if call[0] == "daiminkan":
                if ai[other] == len(self.acts[other]) or self.acts[other][ai[other]][0] != "none":
                    raise Misfit(f"seat {other}'s open kan is not followed by a 0 discard", at)
                ai[other] += 1
                pending += 1
                phase = "draw"
        for s in range(4):
            if di[s] != len(self.draws[s]) or ai[s] != len(self.acts[s]):
                raise Misfit(f"seat {s} has tiles left after the hand ended",
                             where(s, 1 if di[s] != len(self.draws[s]) else 2,
                                   min(di[s], ai[s])))
        # a win counts every indicator of the list, also one the walk did not turn (the
        # mjlog's doraHai, not its DORA tags, says what counted)
        return self.finish(index, t, init, indicators, ura)

    def finish(self, index: int, t: HandTracker, init: TenhouInit, dora: list[int],
               ura: list[int]) -> TenhouHand:
        """The hand's records once every column is read."""
        outcome = self.outcome
        if outcome.kind is None:
            last = t.events[-1] if t.events else None
            if (isinstance(last, TenhouReach) and last.step == 2 and t.last is not None
                    and t.last[0] == "discard" and any(w[1] != w[0] for w in outcome.wins)):
                t.events.pop()  # a ron on the riichi discard: the deposit is never paid
                t.riichi[last.who] = False
                t.scores[last.who] += 10
            round_wind = init.round // 4
            facts: list[WinFacts | DrawFacts] = []
            for who, frm, pao, fu, stated, limit, names, deltas in outcome.wins:
                yaku: list[tuple[int, int]] = []
                yakuman: list[int] = []
                for text in names:
                    match = _YAKU.fullmatch(text)
                    ident = None if match is None else yaku_id(
                        match.group(1), round_wind=round_wind,
                        seat_wind=(who - init.oya) % self.seats)
                    if match is None or ident is None:
                        raise Misfit(f"unknown yaku {text!r}", "log[16]")
                    if match.group(3):
                        yakuman.append(ident)
                    else:
                        add_yaku(yaku, ident, int(match.group(2)))
                points = stated
                if points < 0:  # stripped details: the winner's delta without extras
                    points = deltas[who] - sum(extras(t, first=not facts))
                add_zero_ura(yaku)
                facts.append(WinFacts(
                    who=who, from_who=frm, pao_who=pao, fu=fu, points=points, limit=limit,
                    yaku=tuple(yaku), yakuman=tuple(yakuman), deltas=deltas,
                    dora_hai=tuple(dora), ura_hai=tuple(ura) if t.riichi[who] else (),
                ))
        else:
            kind = outcome.kind or None
            declarer = t.last[1] if t.last is not None and t.last[0] == "draw" else None
            hai, known = shown_hands(t, kind, outcome.deltas, declarer)
            facts = [DrawFacts(type=kind, deltas=outcome.deltas, hai=hai, hai_known=known)]
        results = settle(t, facts)
        return TenhouHand(index=index, init=init, events=tuple(t.events), results=results)
