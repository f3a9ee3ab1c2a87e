"""The page's address follows the language switch: ``?lang=nl`` is written into the URL
(without reloading), so a link copied from the address bar opens in the same language.
:class:`GoTo` opens another page when the kernel says so (the landing page's "Join a
class").

Tiny anywidgets: its front-end is shipped in anywidget's wheel and served by Voila or
JupyterLab themselves, from this machine.
"""

from __future__ import annotations

import anywidget
import traitlets

from .lang import Language

_ESM = """
function render({ model, el }) {
  el.style.display = "none";
  const sync = () => {
    const code = model.get("lang");
    const url = new URL(window.location.href);
    // only the Voila app pages: JupyterLab's own address is left alone
    if (!url.pathname.includes("/voila/")) return;
    if (url.searchParams.get("lang") === code) return;
    url.searchParams.set("lang", code);
    window.history.replaceState(window.history.state, "", url.toString());
  };
  model.on("change:lang", sync);
  sync();
}
export default { render };
"""


class UrlLanguage(anywidget.AnyWidget):  # type: ignore[misc, unused-ignore]
    """Invisible: keeps ``?lang=`` of the page's address equal to the app's language."""

    _esm = _ESM
    lang = traitlets.Unicode("en").tag(sync=True)


def url_language(lang: Language) -> UrlLanguage:
    widget = UrlLanguage(lang=lang.code)
    widget.add_class("tk-url-language")
    lang.observe(lambda change: setattr(widget, "lang", change["new"]), names="code")
    return widget


_GO_ESM = """
function render({ model, el }) {
  el.style.display = "none";
  const go = () => {
    const href = model.get("href");
    if (href) window.location.assign(new URL(href, window.location.href).toString());
  };
  model.on("change:href", go);
}
export default { render };
"""


class GoTo(anywidget.AnyWidget):  # type: ignore[misc, unused-ignore]
    """Invisible: the page opens ``href`` (relative to the page) as soon as it is set."""

    _esm = _GO_ESM
    href = traitlets.Unicode("").tag(sync=True)
