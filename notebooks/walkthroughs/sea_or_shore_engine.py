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
# # Sea or Shore: the engine at work
#
# For JupyterLab readers: the engine behind the Sea or Shore app replays the rulebook's
# examples and shows what each player may see of a covered card.

# %%
LANG = "en"  # "nl" for Dutch

# %%
from treasurekit.core.i18n import join, tr
from treasurekit.games.sea_or_shore.cards import island, treasure
from treasurekit.games.sea_or_shore.examples import BLUE_TEN, EXCEPTION, STEAL
from treasurekit.widgets.notebook import replay, say

say("notebooks.walkthrough.intro", LANG, game=tr("sea_or_shore.title", LANG),
    app="notebooks/sea_or_shore.ipynb")
say("notebooks.sos.engine", LANG)

# %%
game = replay(STEAL, LANG)
for seat, name in enumerate(game.players):
    view = game.view(seat)
    pile = join([treasure(t).label(LANG) for t in view["my_pile"]], LANG)
    print(tr("notebooks.sos.after", LANG, player=name, pile=pile or tr("core.nothing", LANG),
             additions=view["additions"][seat]))

# %%
say("notebooks.sos.views", LANG)
start = STEAL.start()
start.play("play:r8/sea")
for seat in (0, 3):
    seen = start.view(seat)["played"][0]
    who = start.players[seat]
    if "card" in seen:
        print(tr(f"notebooks.sos.sees_own.{seen['shows']}", LANG, player=who,
                 card=island(seen["card"]).label(LANG)))
    elif "colour" in seen:
        print(tr("notebooks.sos.sees_sea", LANG, player=who,
                 colour=tr(f"sea_or_shore.adj.{seen['colour']}", LANG)))
    else:
        print(tr("notebooks.sos.sees_shore", LANG, player=who, number=seen["number"]))

# %%
import treasurekit as tk
from treasurekit.widgets.notebook import show_simulation

say("notebooks.walkthrough.simulate", LANG)
show_simulation(tk.simulate("sea_or_shore", games=1_000, players=4, seed=1), LANG)

# %%
eric, stephanie, niels = (game.view(p) for p in range(3))
assert eric["my_pile"] == ["r4"] and stephanie["my_pile"] == ["b1"]
assert niels["additions"][2] == 3
three = EXCEPTION.run()
assert three.view(0)["my_pile"] == ["r2"] and three.view(0)["additions"] == [0, 2, 0]
values = [e.param("value") for e in BLUE_TEN.run().events if e.kind == "reveal"]
assert values == [10, 9, 12]
assert "card" not in start.view(3)["played"][0]
print(tr("notebooks.walkthrough.checked", LANG))
