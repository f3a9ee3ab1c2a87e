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

# %% tags=["nbval-ignore-output"]
from treasurekit.widgets.notebook import show_app
from treasurekit.widgets.sea_or_shore import sea_or_shore_app

app = show_app(sea_or_shore_app)
