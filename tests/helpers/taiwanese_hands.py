"""Taiwanese hands for the tests: an mpsz builder and a random winning-hand generator.

Test modules import these as ``from taiwanese_hands import taiwanese_hand``
(``tests/`` is on ``sys.path`` through ``tests/conftest.py``).
"""

from __future__ import annotations

import random
from typing import Any

from mahjong_rules.notation import parse_tiles
from mahjong_rules.scoring import Meld, MeldKind, TaiwaneseHand
from mahjong_rules.tiles import Tile, TileKind

WINDS = {"E": 0, "S": 1, "W": 2, "N": 3}


def flowers_of(count: int) -> tuple[Tile, ...]:
    """The first ``count`` flowers, ``1f`` upwards."""
    return tuple(Tile(TileKind(34 + i)) for i in range(count))


def taiwanese_hand(held: str, win: str, *melds: str, flowers: int = 0,
                   **circumstances: Any) -> TaiwaneseHand:
    """A hand as rules/taiwanese.md writes it.

    ``held`` is the concealed tiles *with* the winning tile ``win`` (one copy of it is
    taken out); ``melds`` are ``kind:tiles`` (``pon:555z``, ``chi:234m``,
    ``kakan:5555p``, ``ankan:9999m``); ``flowers`` the number of flowers held; the
    keyword arguments are :class:`TaiwaneseHand` fields (winds as ``E``/``S``/``W``/``N``).
    """
    tiles = list(parse_tiles(held))
    (winning,) = parse_tiles(win)
    tiles.remove(winning)
    parsed = tuple(Meld(kind=MeldKind(kind), tiles=parse_tiles(text))
                   for kind, text in (spec.split(":") for spec in melds))
    for key in ("seat_wind", "round_wind", "discarder_wind"):
        if isinstance(circumstances.get(key), str):
            circumstances[key] = WINDS[circumstances[key]]
    return TaiwaneseHand(concealed=tuple(tiles), win=winning, melds=parsed,
                         flowers=flowers_of(flowers), **circumstances)


def random_taiwanese_win(rng: random.Random) -> TaiwaneseHand:
    """A random winning hand: 5 sets and a pair (some of them melds) or seven pairs and
    a triplet, a random winning tile among its concealed tiles, random flowers and a
    random tsumo or ron. No other circumstance is set."""
    counts = [0] * 34
    tsumo = rng.random() < 0.5

    def take(kinds: list[int]) -> bool:
        if any(counts[k] + kinds.count(k) > 4 for k in set(kinds)):
            return False
        for k in kinds:
            counts[k] += 1
        return True

    concealed: list[int] = []
    melds: list[Meld] = []
    if rng.random() < 0.15:
        while len(concealed) < 14:
            kind = rng.randrange(34)
            if take([kind, kind]):
                concealed += [kind, kind]
        while True:
            kind = rng.randrange(34)
            if take([kind] * 3):
                concealed += [kind] * 3
                break
    else:
        while len(melds) * 3 + len(concealed) < 15:
            shape = rng.choice(("run", "run", "triplet", "kong"))
            if shape == "run":
                suit, start = rng.randrange(3), rng.randrange(7)
                kinds = [9 * suit + start + i for i in range(3)]
            else:
                kinds = [rng.randrange(34)] * (4 if shape == "kong" else 3)
            if not take(kinds):
                continue
            if shape == "kong":
                meld_kind = rng.choice((MeldKind.ANKAN, MeldKind.DAIMINKAN, MeldKind.KAKAN))
            elif rng.random() < 0.3:
                meld_kind = MeldKind.CHI if shape == "run" else MeldKind.PON
            else:
                concealed += kinds
                continue
            melds.append(Meld(kind=meld_kind, tiles=tuple(Tile(TileKind(k)) for k in kinds)))
        while True:
            kind = rng.randrange(34)
            if take([kind, kind]):
                concealed += [kind, kind]
                break
    win = concealed.pop(rng.randrange(len(concealed)))
    flowers = rng.sample(range(8), rng.choice((0, 0, 1, 2, 3)))
    return TaiwaneseHand(concealed=tuple(Tile(TileKind(k)) for k in sorted(concealed)),
                         win=Tile(TileKind(win)), melds=tuple(melds), tsumo=tsumo,
                         flowers=tuple(Tile(TileKind(34 + f)) for f in sorted(flowers)),
                         seat_wind=rng.randrange(4), round_wind=rng.randrange(4))
