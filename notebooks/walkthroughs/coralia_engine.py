# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Coralia: the engine at work
#
# For JupyterLab readers: the engine behind the Coralia app replays the rulebook's
# two-player scoring example and works out the exact odds at the research station.

# %%
LANG = "en"  # "nl" for Dutch

# %%
from fractions import Fraction

from treasurekit.core.i18n import Percent, tr
from treasurekit.games.coralia.cards import COLOURS
from treasurekit.games.coralia.examples import LOCK_IN, SCORING
from treasurekit.games.coralia.odds import wanted_chance
from treasurekit.widgets.notebook import replay, say

say("notebooks.walkthrough.intro", LANG, game=tr("coralia.title", LANG),
    app="notebooks/coralia.ipynb")
say("notebooks.co.engine", LANG)

# %%
scoring = replay(SCORING, LANG)
for name, points in zip(scoring.players, scoring.scores(), strict=True):
    print(tr("notebooks.co.total", LANG, player=name, points=points))

# %%
say("notebooks.co.odds", LANG)
station = LOCK_IN.start().view(None)["station"]
for colour in COLOURS:
    chance = wanted_chance(station, colour, "blue", "octopus")
    print(tr("notebooks.co.chance", LANG, colour=tr(f"coralia.colour.{colour}", LANG),
             chance=Percent(float(chance))))

# %%
import treasurekit as tk
from treasurekit.widgets.notebook import show_simulation

say("notebooks.walkthrough.simulate", LANG)
show_simulation(tk.simulate("coralia", games=1_000, players=3, seed=1), LANG)

# %%
assert scoring.scores() == [44, 59] and scoring.winners() == [1]
# two blue dice rolled (the station's blue one and the blue one from the supply): 1 - (5/6)^2
assert wanted_chance(station, "blue", "blue", "octopus") == 1 - Fraction(5, 6) ** 2
assert wanted_chance(station, "red", "blue", "octopus") == Fraction(1, 6)
print(tr("notebooks.walkthrough.checked", LANG))
