"""The one-hand example log the docstrings of the replayer play (data)."""

from __future__ import annotations

EXAMPLE = (
    '<mjloggm ver="2.3"><GO type="169" lobby="0"/><UN n0="a" n1="b" n2="c" n3="d" '
    'dan="0,0,0,0" rate="1500.00,1500.00,1500.00,1500.00" sx="M,M,M,M"/>'
    '<TAIKYOKU oya="0"/><INIT seed="0,0,0,2,3,44" ten="250,250,250,250" oya="0" '
    'hai0="0,32,36,68,72,104,108,112,116,120,124,128,5" '
    'hai1="1,2,3,4,6,7,8,9,10,11,12,13,14" hai2="15,16,17,18,19,20,21,22,23,24,25,26,27" '
    'hai3="28,29,30,31,33,34,35,37,38,39,40,41,42"/><T43/>'
    '<RYUUKYOKU type="yao9" ba="0,0" sc="250,0,250,0,250,0,250,0" '
    'owari="250,5.0,250,-5.0,250,-15.0,250,15.0"/></mjloggm>'
)
"""An mjlog of one hand: the dealer declares nine terminals on the first draw."""
