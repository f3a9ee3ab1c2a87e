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
# # Captain Lucky: the engine at work
#
# For JupyterLab readers: the engine behind the Captain Lucky app replays Nick's roll from
# the rulebook and works out the exact chances of a steal.

# %%
LANG = "en"  # "nl" for Dutch

# %%
import numpy as np

from treasurekit.core.i18n import Percent, join, number, percent, tr
from treasurekit.games.captain_lucky import odds
from treasurekit.games.captain_lucky.cards import TYPES, Faces, Holding
from treasurekit.games.captain_lucky.examples import BECKY, GOLD_BAR, NICK, RUBIES
from treasurekit.widgets.notebook import replay, say

say("notebooks.walkthrough.intro", LANG, game=tr("captain_lucky.title", LANG),
    app="notebooks/captain_lucky.ipynb")
say("notebooks.cl.engine", LANG)

# %%
nick = replay(NICK, LANG)
view = nick.view(0)
print(tr("notebooks.cl.rolls", LANG, rolls="; ".join(Faces(faces).label(LANG)
                                                    for _, faces in view["rolls"])))
for name, held in zip(nick.players, view["collections"], strict=True):
    holding = Holding(tuple(held.get(t, 0) for t in TYPES))
    print(tr("notebooks.cl.treasure", LANG, player=name, holding=holding.label(LANG)))

# %%
say("notebooks.cl.odds", LANG)
table = odds.win_table(pirate_faces=3)
print(tr("notebooks.cl.table", LANG))
for k in range(1, 6):
    print(f"k = {k}:", "  ".join(percent(float(p), LANG) for p in table[k, :, 1]))
print(tr("notebooks.cl.no_help", LANG, chances=join([percent(0.5**k, LANG, digits=2)
                                                     for k in range(1, 6)], LANG)))
for k, m, bonus in [(1, 0, False), (3, 0, True), (3, 2, True), (5, 5, True)]:
    exact = float(table[k, m, int(bonus)])
    simulated = odds.simulate(k, m, bonus, attempts=100_000, seed=k * 10 + m)
    sigmas = abs(simulated - exact) / np.sqrt(exact * (1 - exact) / 100_000)
    print(tr("notebooks.cl.sim", LANG, k=k, m=m,
             bonus=tr(f"notebooks.cl.bonus.{'yes' if bonus else 'no'}", LANG),
             exact=Percent(exact, 2), simulated=Percent(simulated, 2),
             sigmas=number(sigmas, LANG, digits=1)))
action = odds.best_action(4, 4, False, size=4, card_value=0.5)
print(tr("notebooks.cl.best", LANG, action=tr(f"notebooks.cl.action.{action}", LANG)))

# %%
import treasurekit as tk
from treasurekit.widgets.notebook import show_simulation

say("notebooks.walkthrough.simulate", LANG)
show_simulation(tk.simulate("captain_lucky", games=1_000, players=3, seed=1), LANG)

# %%
assert RUBIES.run().view(0)["collections"][0] == {"ruby": 7}
assert GOLD_BAR.run().view(0)["collections"][0] == {"gold": 1}
assert view["collections"] == [{"ruby": 3}, {}]
becky = BECKY.run()
assert becky.scores() == [13, 13] and becky.winners() == [0]
assert abs(table[3, 0, 1] - (1 - 0.5**2) ** 3) < 1e-12
print(tr("notebooks.walkthrough.checked", LANG))
