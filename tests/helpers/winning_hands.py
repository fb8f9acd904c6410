"""Random winning hands with consistent win circumstances, for differential scoring tests."""

from __future__ import annotations

import random

from mahjong_rules.scoring import Liability, Meld, MeldKind, WinContext, WinningHand
from mahjong_rules.tiles import Tile, TileKind

ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def _tiles(kinds: list[int], reds: set[int]) -> list[Tile]:
    out = []
    for kind in kinds:
        red = kind in reds
        if red:
            reds.discard(kind)
        out.append(Tile(TileKind(kind), red=red))
    return out


def random_winning_hand(rng: random.Random, *, sanma: bool = False) -> tuple[WinningHand,
                                                                             WinContext]:
    """A winning hand (regular, or sometimes seven pairs / thirteen orphans) and a context."""
    kinds = [k for k in range(34) if not (sanma and 1 <= k <= 7)]
    counts = dict.fromkeys(kinds, 0)
    shape = rng.random()
    melds: list[Meld] = []
    reds: set[int] = {k for k in (4, 13, 22) if k in counts and rng.random() < 0.5}
    if shape < 0.05:
        pairs = rng.sample(kinds, 7)
        concealed = [k for k in pairs for _ in range(2)]
    elif shape < 0.08:
        extra = rng.choice(ORPHANS)
        concealed = [*ORPHANS, extra]
    else:
        concealed = []
        sets = 0
        while sets < 4:
            if rng.random() < 0.55:
                suit = rng.randrange(1 if sanma else 0, 3)
                start = 9 * suit + rng.randrange(7)
                block = [start, start + 1, start + 2]
            else:
                block = [rng.choice(kinds)] * 3
            if any(counts[k] + block.count(k) > 4 for k in block):
                continue
            for k in block:
                counts[k] += 1
            sets += 1
            is_run = block[0] != block[1]
            call = rng.random()
            if is_run and not sanma and call < 0.25:
                melds.append(Meld(kind=MeldKind.CHI, tiles=tuple(_tiles(block, reds))))
            elif not is_run and call < 0.35:
                if counts[block[0]] < 4 and rng.random() < 0.4:
                    counts[block[0]] += 1
                    kind = rng.choice([MeldKind.DAIMINKAN, MeldKind.KAKAN, MeldKind.ANKAN])
                    melds.append(Meld(kind=kind, tiles=tuple(_tiles([block[0]] * 4, reds))))
                else:
                    melds.append(Meld(kind=MeldKind.PON, tiles=tuple(_tiles(block, reds))))
            else:
                concealed.extend(block)
        while True:
            pair = rng.choice(kinds)
            if counts[pair] <= 2:
                counts[pair] += 2
                concealed.extend([pair, pair])
                break
    rng.shuffle(concealed)
    win_index = rng.randrange(len(concealed))
    win_kind = concealed.pop(win_index)
    closed = all(m.kind is MeldKind.ANKAN for m in melds)
    has_kan = any(m.kind in (MeldKind.DAIMINKAN, MeldKind.KAKAN, MeldKind.ANKAN) for m in melds)
    tsumo = rng.random() < 0.45
    riichi = closed and rng.random() < 0.5
    double_riichi = riichi and rng.random() < 0.05
    last = rng.random() < 0.05
    rinshan = tsumo and has_kan and not last and rng.random() < 0.3
    used = {k: concealed.count(k) for k in set(concealed)}
    for m in melds:
        for t in m.tiles:
            used[t.kind] = used.get(t.kind, 0) + 1
    used[win_kind] = used.get(win_kind, 0) + 1
    kita = min(rng.choice([0, 0, 1, 2]), 4 - used.get(30, 0)) if sanma else 0
    if sanma:
        used[30] = used.get(30, 0) + kita
    free = [k for k in kinds for _ in range(4 - used.get(k, 0))]
    rng.shuffle(free)
    n_dora = rng.randint(1, 3)
    dora = [Tile(TileKind(free.pop())) for _ in range(n_dora)]
    ura = [Tile(TileKind(free.pop())) for _ in range(n_dora)] if riichi else []
    players = 3 if sanma else 4
    all_tiles = [*concealed, win_kind]
    hand_tiles = _tiles(all_tiles, reds)
    hand = WinningHand(concealed=tuple(hand_tiles[:-1]), win=hand_tiles[-1], melds=tuple(melds))
    liability = None
    if rng.random() < 0.1:
        liability = rng.choice([Liability.YAKUMAN, Liability.OPEN_KAN_RINSHAN])
    context = WinContext(
        tsumo=tsumo, seat_wind=rng.randrange(players), round_wind=rng.randrange(2),
        riichi=riichi and not double_riichi, double_riichi=double_riichi,
        ippatsu=riichi and not rinshan and rng.random() < 0.2,
        haitei=tsumo and last and not rinshan, houtei=not tsumo and last,
        rinshan=rinshan, chankan=not tsumo and not last and rng.random() < 0.03,
        dora_indicators=tuple(dora), ura_indicators=tuple(ura), kita=kita,
        honba=rng.choice([0, 0, 1, 3]), riichi_sticks=rng.choice([0, 0, 1, 2]),
        liability=liability,
    )
    return hand, context
