"""Shared look: one stylesheet for every app, readable on a projector."""

from __future__ import annotations

import base64
from collections.abc import Iterable
from html import escape

from ..core.sections import RuleSection

CSS = """
<style>
.tk-app { font-size: 17px; line-height: 1.45; max-width: 1100px; }
.tk-app h2 { margin: 0.2em 0; }
.tk-panel { border: 2px solid #444; border-radius: 8px; padding: 6px 12px; margin: 6px 0;
            background: #fff; color: #111; }
.tk-panel h3 { margin: 2px 0 6px; font-size: 1.05em; }
/* (text in a panel spaced as text: an HTML widget's own line height is a control's, 28 px,
   which set a hint's or a status's lines twice as far apart as their letters are tall) */
.tk-app:not(.tk-present) .tk-panel,
.tk-app:not(.tk-present) .tk-lesson-feedback .widget-html-content,
.tk-app:not(.tk-present) .tk-practice-feedback .widget-html-content { line-height: 1.4; }
/* (a learner's screen: the text of the panels, the hint and the log at 15 px, not the
   13 px of a widget's own label; presenter mode sizes its own, a phone keeps 13 px) */
@media (min-width: 601px) {
  .tk-app:not(.tk-present) .widget-html-content { font-size: 15px; }
}
.tk-log-box { display: flex; flex-direction: column-reverse; max-height: 16em;
               overflow-y: auto; }
.tk-log { margin: 0; padding-left: 1.1em; }
.tk-log li { margin: 2px 0; white-space: normal; overflow-wrap: anywhere; }
.tk-app .widget-html-content { white-space: normal; }
.tk-rule { display: inline-block; font-size: 0.8em; background: #222; color: #fff;
           border-radius: 4px; padding: 0 5px; margin-right: 4px; }
.tk-good { color: #05603a; font-weight: bold; }
.tk-bad { color: #a4161a; font-weight: bold; }
.tk-row { display: flex; flex-wrap: wrap; gap: 6px; align-items: flex-end; }
.tk-chips { flex-wrap: wrap; gap: 4px 8px; margin: 4px 0; }
/* (the chips stand in for a drawing on a crowded slide only: presenter.py) */
.tk-compact-only[hidden] { display: none; }
/* (the colour band its own framed box: a white one, Captain Lucky's pearls, shows too) */
.tk-chip { display: inline-flex; align-items: stretch; gap: 8px; border: 2px solid #444;
  border-radius: 6px; padding: 0 8px 0 0; background: #fff; white-space: nowrap; }
.tk-chip-band { flex: none; width: 12px; border-right: 2px solid #444;
  border-radius: 4px 0 0 4px; }
.tk-caption { font-size: 0.85em; text-align: center; }
.tk-app .widget-button, .tk-app .widget-toggle-button { font-size: 16px; height: auto;
           min-height: 34px; }
.tk-muted { color: #555; }
/* no label is cut off, in any language: tabs, buttons, descriptions and dropdowns
   take the width their words need (ipywidgets gives them fixed widths) */
.tk-app .lm-TabBar-tab { flex: 0 0 auto !important; max-width: none !important; }
.tk-app .lm-TabBar-tabLabel { overflow: visible; text-overflow: clip; }
.tk-app .widget-button, .tk-app .widget-upload { width: auto; max-width: 100%; }
.tk-app .widget-upload { font-size: 16px; height: auto; min-height: 34px; }
.tk-app a, .tk-app a:visited { color: #0b4f9c; text-decoration: underline; }
.tk-games { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 12px; }
.tk-games li { border: 2px solid #444; border-radius: 8px; padding: 10px 16px; }
.tk-game-link { font-size: 1.25em; font-weight: bold; }
.tk-app a:hover, .tk-app a:focus { color: #062f5e; text-decoration-thickness: 2px; }
.tk-app .widget-toggle-button { min-width: fit-content; }
.tk-app .widget-inline-hbox > .widget-label { width: auto; max-width: none;
           min-width: fit-content; }
.tk-app .widget-checkbox { width: auto; }
.tk-app .widget-checkbox .widget-label-basic { width: auto; max-width: none; }
.tk-app .widget-dropdown { width: auto; max-width: 100%; }
.tk-app .widget-dropdown > select { flex: 0 1 auto; width: auto; max-width: 100%; }
.tk-app .widget-hslider { width: auto; max-width: 100%; }
.tk-app .widget-hbox { column-gap: 8px; row-gap: 6px; }
/* a box's own gap between its children: a class, as ipywidgets' Layout has no gap */
.widget-box.tk-gap-4 { gap: 4px; }
.widget-box.tk-gap-6 { gap: 6px; }
.widget-box.tk-gap-8 { gap: 8px; }
.widget-box.tk-gap-12 { gap: 12px; }
.widget-box.tk-gap-6-14 { gap: 6px 14px; }
.tk-app .widget-hslider .slider-container { flex: 1 0 14em; min-width: 14em; }
.tk-app .tk-language { flex: 0 0 auto; }
.tk-app .tk-head { flex: 1 1 auto; min-width: 0; }
.tk-log li { line-height: 1.35; }
.tk-odds-palette [data-tk-pick]:not(.tk-pickable) { opacity: .35; }
.tk-moves .tk-dim { opacity: .55; }
.tk-app svg.tk-chart { max-width: 100%; height: auto; }
.tk-cols { display: flex; flex-wrap: wrap; gap: 10px; align-items: flex-start; }
.tk-cols > * { flex: 1 1 300px; min-width: 0; }
.tk-share-address code, .tk-share-code input { overflow-wrap: anywhere; word-break: break-all; }
.tk-share .tk-panel { max-width: 100%; box-sizing: border-box; overflow-wrap: anywhere; }
.tk-status-bar p { margin: 4px 0; }
.tk-db-status { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 28px; }
.tk-db-deck { display: flex; align-items: center; gap: 10px; }
.tk-db-deck .tk-deck { display: inline-block; line-height: 0; }
.tk-db-pressure { display: flex; flex-direction: column; align-items: flex-start; }
.tk-db-pressure svg.tk-gauge { max-width: 100%; height: auto; }
.tk-sos .tk-cols > .tk-seat { flex: 1 1 250px; }
.tk-seat-items { gap: 18px; align-items: flex-end; }
.tk-seat-item, .tk-sos .tk-deck { display: flex; flex-direction: column;
           align-items: center; text-align: center; }
.tk-seat-item p, .tk-sos .tk-deck p { margin: 2px 0; line-height: 1.3; }
.tk-sos .tk-row:has(> .tk-deck) { gap: 22px; }
.tk-seat h3 .tk-starter, .tk-seat h3 .tk-to-move { font-weight: normal; font-size: 0.85em; }
/* a game in play: where it is narrow (and in presenter mode) the status, the moves and
   the recap above the table and the log under it; where it is wide the table on the
   left and all of those beside it (presenter mode sets its own sizes). "Wide" is the
   room the game has, not the screen's: in JupyterLab a notebook may be narrower. */
.tk-app .tk-play { container-type: inline-size; }
.tk-app .tk-play-area { display: flex; flex-direction: column; align-items: stretch; }
.tk-app .tk-play-area > .tk-play-side { display: contents; }
.tk-app .tk-play-side > * { order: -1; min-width: 0; }
.tk-app .tk-play-side > .tk-narrator { order: 1; }
.tk-app .tk-play-side .widget-button { white-space: normal; text-align: left; }
@container (min-width: 760px) {
  .tk-app:not(.tk-present) .tk-play-area { display: grid; align-items: start;
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); }
  .tk-app:not(.tk-present) .tk-play-area > .tk-play-side { display: flex; min-width: 0; }
  .tk-app:not(.tk-present) .tk-play-side > * { order: 0; }
  .tk-app:not(.tk-present) .tk-play-side .tk-panel { margin-top: 0; }
  .tk-app:not(.tk-present) .tk-play-side .tk-panel p { margin: 4px 0; }
}
/* practice answers and rule sections: long labels wrap (in any language) */
.tk-practice-choices .widget-button, .tk-rules-list .widget-button { white-space: normal;
  height: auto; text-align: left; overflow-wrap: anywhere; }
.tk-practice-choices .widget-button { max-width: 32em; }
/* the frame's widgets that only carry a stylesheet (or say nothing yet) take no room, and
   a widget deeper in that only carries a stylesheet (a live class's) takes none either */
.tk-app > .widget-html:not(:has(.widget-html-content > :not(style))),
.tk-app .widget-html:has(style):not(:has(.widget-html-content > :not(style))) {
  display: none; }
/* the set-up row of a game folds away on a phone only (below) */
.tk-app .tk-setup-open { display: none; }
/* a phone (below 600 px): every tab in sight (the tab bar wraps), every button a
   fingertip's size (44 px), nothing wider than the screen, the drawn table first with
   the set-up folded away, and the moves kept at the bottom of the screen while the
   table scrolls past them */
@media (max-width: 600px) {
  body #rendered_cells { padding: 0 4px !important; }
  /* (the boxes Voila puts around the app must not scroll: the moves stick to the screen) */
  body .jp-OutputArea-output:has(.tk-app), body .jp-OutputArea-child:has(.tk-app),
  body .jp-Cell-outputArea:has(.tk-app) { overflow: visible !important; }
  .tk-app .widget-html:has(> .widget-html-content:empty) { display: none; }
  .tk-app { font-size: 16px; max-width: 100%; overflow: visible !important; }
  .tk-app .tk-intro, .tk-app .tk-present-bar, .tk-app .tk-present-keys { display: none !important; }
  .tk-app .tk-head h2 { font-size: 1.3em; }
  .tk-app .widget-box, .tk-app .widget-tab, .tk-app .lm-TabPanel-stackedPanel,
  .tk-app .widget-tab-contents { overflow: visible !important; }
  .tk-app .lm-TabBar, .tk-app .lm-TabBar-content { height: auto !important;
    min-height: 0; overflow: visible !important; }
  .tk-app .lm-TabBar-content { flex-wrap: wrap !important; }
  .tk-app .lm-TabBar-tab { min-height: 44px !important; min-width: 44px; display: flex;
    align-items: center; font-size: 15px; }
  .tk-app button, .tk-app .widget-button, .tk-app .widget-toggle-button, .tk-app select,
  .tk-app input:not([type=checkbox]), .tk-app .widget-upload {
    min-height: 44px !important; min-width: 44px; height: auto !important; }
  .tk-app .widget-inline-hbox:not(.widget-html), .tk-app .widget-dropdown, .tk-app .widget-text,
  .tk-app .widget-checkbox { height: auto !important; min-height: 44px; }
  .tk-app .widget-checkbox label { min-height: 44px; display: flex; align-items: center; }
  .tk-app input[type=checkbox] { width: 26px; height: 26px; }
  .tk-app textarea { min-height: 88px !important; }
  .tk-app .widget-inline-hbox { flex-wrap: wrap; max-width: 100%; }
  .tk-app .widget-inline-hbox > input, .tk-app .widget-inline-hbox > select {
    min-width: 0; flex: 1 1 12em; max-width: 100%; }
  .tk-app .widget-html, .tk-app .widget-html-content, .tk-app .tk-table,
  .tk-app .tk-clickable-table { min-width: 0; max-width: 100%; }
  .tk-app svg { max-width: 100%; height: auto; }
  .tk-app table td, .tk-app table th { padding: 2px 3px; font-size: 14px; }
  .tk-app table { display: block; max-width: 100%; overflow-x: auto; }
  .tk-app .widget-hslider { flex-wrap: wrap; flex: 1 1 100%; min-width: 0; }
  .tk-app .widget-hslider > .widget-label { max-width: 100%; white-space: normal; }
  .tk-app .widget-hslider .slider-container { flex: 1 1 10em; min-width: 0; }
  .tk-app .tk-setup-open { display: flex; }
  .tk-app .tk-setup.tk-folded { display: none !important; }
  .tk-app .tk-play-side > .tk-moves-row { order: 0; position: sticky; bottom: 0; z-index: 2;
    background: #fff; padding: 4px 0; border-top: 1px solid #bbb; }
  .tk-app .tk-play-side > .tk-moves-row .tk-dim { opacity: 1; }
  .tk-app .tk-play-side > .tk-recap { order: 0; }
  .tk-app .tk-lesson-question { order: -3; }
  .tk-app .tk-lesson-choices { order: -1; position: sticky; bottom: 0; z-index: 2;
    background: #fff; padding: 4px 0; }
  .tk-app .tk-lesson-table { order: -2; }
  /* (a lesson step's question kept short, so that it stays in sight with its table) */
  .tk-app .tk-lesson-question .tk-panel { padding: 2px 10px; margin: 4px 0; }
  .tk-app .tk-lesson-question h3 { margin: 4px 0; font-size: 15px; }
  .tk-app .tk-lesson-question p { margin: 4px 0; line-height: 1.35; }
  .tk-app .tk-lesson-choices .widget-button { margin: 2px; white-space: normal;
    text-align: left; }
  /* a button too narrow for its words wraps them rather than cut them ("Speel vanaf …") */
  .tk-app .widget-button { white-space: normal; }
  /* a score table's five columns on a phone's width (Dutch headings the longest) */
  .tk-app table.tk-score td, .tk-app table.tk-score th { padding: 2px 4px; }
}
table.tk-score { border-collapse: collapse; }
table.tk-score td, table.tk-score th { border-bottom: 1px solid #bbb; padding: 2px 8px;
           text-align: left; }
</style>
"""


def chips(items: Iterable[tuple[str, str]]) -> str:
    """A pile of cards as the projector shows it when its table is too crowded for the
    cards' labels at 24 px (screen.py): one chip of words per (text, colour), the colour
    a band at its start, framed (a white one too); hidden (wherever the table is drawn)
    but in that case."""
    return ('<div class="tk-row tk-chips tk-compact-only" hidden>'
            + "".join(f'<span class="tk-chip"><span class="tk-chip-band" '
                      f'style="background: {escape(colour)}"></span>{escape(text)}</span>'
                      for text, colour in items) + "</div>")


def compactable(drawn: str, items: Iterable[tuple[str, str]], keep: bool = True) -> str:
    """``drawn``, or on a crowded slide the same cards as :func:`chips` (nothing when
    ``keep`` is false: what follows stands for them)."""
    listed = list(items)
    if keep and not listed:
        return drawn
    marker = chips(listed) if listed else '<i class="tk-compact-only" hidden></i>'
    return f'<div class="tk-compact-hide">{drawn}</div>{marker}'


def panel(title: str, body: str, part: str = "") -> str:
    """A titled box of HTML; ``part`` names the part of the table it is (``data-tk-part``,
    what a lesson step may be ``about``: LessonStep)."""
    named = f' data-tk-part="{escape(part)}"' if part else ""
    return f'<div class="tk-panel"{named}><h3>{escape(title)}</h3>{body}</div>'


def rule_badge(game: str, section: RuleSection, title: str, tooltip: str) -> str:
    """A § badge of ``section`` that opens it in the Rules tab (HTML, escaped)."""
    return (f'<span class="tk-rule tk-rule-link" role="link" tabindex="0" '
            f'data-tk-game="{escape(game)}" data-tk-rule="{escape(section.key)}" '
            f'title="{escape(tooltip)}">§ {escape(title)}</span>')


def download_link(filename: str, text: str, mime: str, label: str, css_class: str) -> str:
    """A link that downloads ``text`` as the file ``filename`` (a ``data:`` URL: nothing
    is fetched from the server), HTML escaped."""
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    return (f'<a class="{escape(css_class)}" download="{escape(filename)}" '
            f'href="data:{escape(mime)};base64,{data}">{escape(label)}</a>')
