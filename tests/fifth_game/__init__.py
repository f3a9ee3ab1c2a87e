"""A fifth game, Pig, declared and registered from outside the package
(docs/adding-a-game.md): ``test_pig.py`` runs the generic suite and the app checks on it."""
