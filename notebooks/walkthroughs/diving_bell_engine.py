# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Diving Bell: the engine at work
#
# For JupyterLab readers: the engine behind the Diving Bell app replays the rulebook's
# scoring example, computes exact odds and finds the best division of a row.

# %%
LANG = "en"  # "nl" for Dutch

# %%
from fractions import Fraction

from treasurekit.core.i18n import Percent, join, number, percent, tr
from treasurekit.games.diving_bell import odds
from treasurekit.games.diving_bell.cards import STANDARD_DECK, card_by_code, composition
from treasurekit.games.diving_bell.examples import RUBIES
from treasurekit.games.diving_bell.scoring import breakdown
from treasurekit.widgets.notebook import replay, say

say("notebooks.walkthrough.intro", LANG, game=tr("diving_bell.title", LANG),
    app="notebooks/diving_bell.ipynb")
say("notebooks.db.engine", LANG)

# %%
game = replay(RUBIES, LANG)
for line in breakdown(game.state_cards(0)):
    print(tr("notebooks.db.score_line", LANG, kind=tr(f"diving_bell.kind.{line.kind}", LANG),
             count=line.count, base=line.base, bonus=line.bonus, total=line.total))

# %%
say("notebooks.db.odds", LANG)
deck = composition([c.id for c in STANDARD_DECK])
p = odds.burst_chance(deck, pressure=8, krakens=0, limit=10)
print(tr("notebooks.db.burst", LANG, fraction=str(Fraction(p).limit_denominator(80)),
         chance=Percent(p)))
curve = odds.burst_curve(deck, 5, 0, 10, 4)
print(tr("notebooks.db.curve", LANG, chances=join([percent(x, LANG) for x in curve], LANG)))

# %%
row = ["gold5/3", "gold4/2", "ruby3/1", "ruby3/2", "ruby3/1", "diamond4/2",
       "map1/0", "map1/1", "map1/0", "map1/2", "compass2/1", "compass2/2",
       "cursed-2/0", "cursed-2/1", "pearl2/1", "gold1/0"]
best = odds.best_division(row, [], [], burst=False)
print(tr("notebooks.db.examined", LANG, count=number(best.examined, LANG)))
for pile, cards in (("A", best.a), ("B", best.b)):
    print(tr("notebooks.db.pile", LANG, pile=pile,
             cards=join([card_by_code(c).label(LANG) for c in cards], LANG)))
print(tr("notebooks.db.chooser", LANG, value=best.chooser_value))

# %%
import treasurekit as tk
from treasurekit.widgets.notebook import show_simulation

say("notebooks.walkthrough.simulate", LANG)
show_simulation(tk.simulate("diving_bell", games=1_000, seed=1), LANG)

# %%
assert game.scores()[0] == 12 and breakdown(game.state_cards(0))[0].total == 12
assert Fraction(p).limit_denominator(80) == Fraction(
    sum(k for code, k in deck.items() if int(code.split("/")[1]) >= 2), 80)
print(tr("notebooks.walkthrough.checked", LANG))
