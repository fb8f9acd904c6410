"""The shared table game: variant-neutral pieces of the reducer, one job a module.

Table of contents (``docs/architecture.md`` has the whole module map):

* :mod:`~mahjong_rules.game.hand_tiles`: counting, finding and removing tiles of a
  sorted hand of tile ids, and the rejections every ruleset gives alike.

Nothing here imports a ruleset, the registry or the speed layer (``fast/``):
``tests/test_layering.py`` checks it.

.. versionadded:: 0.4
"""
