"""``python -m mahjong_rules``: see :mod:`mahjong_rules.cli`."""

from mahjong_rules.cli import main

raise SystemExit(main())
