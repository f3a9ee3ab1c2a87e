"""The server compiles its page templates once (treasurekit.serving.CompiledTemplates):
Voila renders every page, and every kernel of the preheated pool, with a new nbconvert
exporter and so a new Jinja environment, which used to parse and compile the templates
again each time."""

from __future__ import annotations

from typing import Any

import jinja2
import pytest

pytest.importorskip("voila")

from voila.exporter import VoilaExporter  # noqa: E402

from treasurekit import serving  # noqa: E402


class Counting(jinja2.Environment):
    """A Jinja environment that notes every template it compiles."""

    compiled: list[str] = []

    def _compile(self, source: str, filename: str) -> Any:
        Counting.compiled.append(filename)
        return super()._compile(source, filename)


def render(env: jinja2.Environment) -> str:
    template = env.get_template("page.html")
    if env.is_async:
        import asyncio
        return asyncio.run(template.render_async(name="ann"))
    return template.render(name="ann")


def test_each_template_is_compiled_once_for_every_environment_that_renders_it() -> None:
    Counting.compiled = []
    cache = serving.CompiledTemplates()
    pages = {"page.html": "Hello {{ name | upper }}"}
    for is_async in (True, True, True, False, False):
        env = Counting(loader=jinja2.DictLoader(pages), bytecode_cache=cache,
                       enable_async=is_async)
        assert render(env) == "Hello ANN"
    # async and sync rendering compile to different code: once each
    assert len(Counting.compiled) == 2
    pages["page.html"] = "Goodbye {{ name }}"          # a changed template compiles again
    env = Counting(loader=jinja2.DictLoader(pages), bytecode_cache=cache, enable_async=True)
    assert render(env) == "Goodbye ann"
    assert len(Counting.compiled) == 3


def test_every_exporter_of_the_class_gets_the_servers_cache() -> None:
    class Exporter(VoilaExporter):  # type: ignore[misc]
        pass

    serving.CompiledTemplates.share_with(Exporter)
    serving.CompiledTemplates.share_with(Exporter)          # once per class
    first, second = Exporter(), Exporter()
    cache = first.environment.bytecode_cache
    assert isinstance(cache, serving.CompiledTemplates)
    assert second.environment.bytecode_cache is cache
    assert first.environment is not second.environment
    assert VoilaExporter().environment.bytecode_cache is not cache

    class Derived(Exporter):
        pass

    serving.CompiledTemplates.share_with(Derived)           # a class of its own: its own
    own = Derived().environment.bytecode_cache
    assert isinstance(own, serving.CompiledTemplates) and own is not cache
