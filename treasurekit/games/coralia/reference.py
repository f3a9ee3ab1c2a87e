"""Coralia's rules reference: for every rulebook section, the related sections and the
tables that show it (core/reference.py; the texts are the ``rules_coralia`` catalog)."""

from __future__ import annotations

from ...core.reference import Minutes, Rule, example, lesson, see, start
from .cards import Section as S

RULES: dict[S, Rule] = {
    S.CONTENTS: see(S.SET_UP, show=[start(4)]),
    S.SET_UP: see(S.FEWER_PLAYERS, S.COURSE_OF_THE_GAME, show=[start(4)]),
    S.FEWER_PLAYERS: see(S.BLOCKED_SPACES, S.ENDING, show=[start(2), start(3)]),
    S.COURSE_OF_THE_GAME: see(S.PEARL, S.FISH, S.STARFISH, S.OCTOPUS, S.DIVER, S.TURTLE,
                              S.LOCK_IN, S.ENDING, show=[lesson("station")]),
    S.PEARL: see(S.PEARL_SCORING, show=[lesson("pearl")]),
    S.FISH: see(S.FISH_SCORING, show=[lesson("fish_action")]),
    S.STARFISH: see(S.STARFISH_SCORING, show=[lesson("starfish")]),
    S.OCTOPUS: see(S.OCTOPUS_ISLAND,
                   show=[lesson("octopus"), lesson("octopus_later"), example("octopus")]),
    S.DIVER: see(S.TREASURE_CHESTS, S.DIVER_SCORING, show=[lesson("diver"), example("diver")]),
    S.TREASURE_CHESTS: see(S.TURTLE_BONUSES, S.STARFISH_SCORING, show=[example("diver", 2)]),
    S.TURTLE: see(S.TURTLE_BONUSES, S.LOCK_IN, show=[lesson("turtle")]),
    S.TURTLE_BONUSES: see(show=[lesson("turtle")]),
    S.LOCK_IN: see(show=[lesson("lock"), example("lock_in", 1)]),
    S.BLOCKED_SPACES: see(S.OCTOPUS_ISLAND, show=[example("island")]),
    S.OCTOPUS_ISLAND: see(show=[lesson("island"), example("island", 1)]),
    S.ENDING: see(S.STARFISH_SCORING, S.DIVER_SCORING, S.FISH_SCORING, S.PEARL_SCORING,
                  show=[lesson("end"), example("scoring")]),
    S.STARFISH_SCORING: see(show=[example("scoring")]),
    S.DIVER_SCORING: see(show=[lesson("divers"), example("scoring", 1)]),
    S.FISH_SCORING: see(show=[lesson("fish")]),
    S.PEARL_SCORING: see(show=[lesson("pearls")]),
}

#: no playing time in the rulebook: measured (docs/rules-notes.md, "Playing time")
PLAYING_TIME = Minutes(10, 15)
