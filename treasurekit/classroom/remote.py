"""The class service's client: :class:`RemoteClassStore`, a :class:`~.api.ClassAPI`.

A kernel of a learner's single-user server (JupyterHub) reaches the school's class
service (:mod:`.service`) at the URL the hub hands every server
(:data:`~.config.CLASS_URL_ENV`), with the server's own ``JUPYTERHUB_API_TOKEN``: same
methods, return types and errors as :class:`~.store.ClassStore`. The widgets call it
from the kernel's thread, so every request is bounded in time (:data:`TIMEOUT`) and in
what it reads (:data:`ANSWER_MAX`); a service that does not answer, or answers what it
should not, is the :class:`~.store.ClassError` ``classroom.error.unavailable``. The
URL's proxy settings (``http_proxy``) are ignored: the service is inside the school.
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from typing import Any, cast

from .store import ClassError, Item, Mine, Now, Result, Started, Tally

#: seconds a request may take (the widgets wait for it)
TIMEOUT = 3.0
#: the longest answer read (a class's results as CSV: 200 students, many questions)
ANSWER_MAX = 4 * 1024 * 1024
_KEY = re.compile(r"classroom\.error\.\w{1,40}")
_PARAM = re.compile(r"\w{1,20}")


def _unavailable() -> ClassError:
    return ClassError("classroom.error.unavailable")


def _refusal(status: int, body: bytes) -> ClassError:
    """The service's refusal as the ClassError it was (a catalog key and parameters)."""
    try:
        said = json.loads(body)
        key, params = said["error"], said.get("params") or {}
        if (type(key) is str and _KEY.fullmatch(key) and type(params) is dict
                and all(type(k) is str and _PARAM.fullmatch(k) for k in params)
                and all(type(v) in (str, int, float) for v in params.values())):
            return ClassError(key, **params)
    except (ValueError, KeyError, TypeError):
        pass
    return _unavailable()


class RemoteClassStore:
    """The live classes kept by the class service at ``url`` (its prefix included,
    e.g. ``http://127.0.0.1:10101/services/treasurekit-class/``), for the hub user
    whose API ``token`` this is."""

    def __init__(self, url: str, token: str, timeout: float = TIMEOUT) -> None:
        self.url = url if url.endswith("/") else url + "/"
        self._token, self.timeout = token, timeout
        self._opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))

    def _call(self, operation: str, **args: Any) -> Any:
        request = urllib.request.Request(
            f"{self.url}api/{operation}", data=json.dumps(args).encode(), method="POST",
            headers={"Authorization": f"token {self._token}",
                     "Content-Type": "application/json"})
        try:
            with self._opener.open(request, timeout=self.timeout) as response:
                return json.loads(response.read(ANSWER_MAX + 1)[:ANSWER_MAX])["result"]
        except urllib.error.HTTPError as err:
            try:
                with err:
                    said = err.read(64 * 1024)
            except OSError:
                said = b""
            raise _refusal(err.code, said) from None
        except (OSError, ValueError, KeyError, TypeError):
            raise _unavailable() from None

    def _shaped(self, make: Any, value: Any) -> Any:
        """``make(value)``, or ``classroom.error.unavailable`` for an answer of another
        shape (a service of another version)."""
        try:
            return make(value)
        except (TypeError, KeyError, ValueError):
            raise _unavailable() from None

    # ---- the teacher -----------------------------------------------------------------
    def start(self, game: str) -> Started:
        return cast(Started, self._shaped(lambda d: Started(**d),
                                          self._call("start", game=game)))

    def show(self, code: str, teacher: str, item: Item) -> int:
        number = self._call("show", code=code, teacher=teacher, item=item.item,
                            choices=list(item.choices), answer=item.answer)
        if type(number) is not int:
            raise _unavailable()
        return number

    def close(self, code: str, teacher: str) -> None:
        self._call("close", code=code, teacher=teacher)

    def reveal(self, code: str, teacher: str) -> None:
        self._call("reveal", code=code, teacher=teacher)

    def end(self, code: str, teacher: str) -> None:
        self._call("end", code=code, teacher=teacher)

    def tally(self, code: str, teacher: str) -> Tally:
        return cast(Tally, self._shaped(lambda d: Tally(**d),
                                        self._call("tally", code=code, teacher=teacher)))

    def who_answered(self, code: str, teacher: str) -> dict[str, str]:
        return cast(dict[str, str], self._shaped(
            dict, self._call("who_answered", code=code, teacher=teacher)))

    def results(self, code: str, teacher: str) -> list[Result]:
        return cast(list[Result], self._shaped(
            list, self._call("results", code=code, teacher=teacher)))

    def results_csv(self, code: str, teacher: str) -> str:
        return str(self._call("results_csv", code=code, teacher=teacher))

    # ---- the students ----------------------------------------------------------------
    def join(self, code: object, nickname: object, client: str = "") -> str:
        """``client`` is not sent: the service counts wrong codes per hub user."""
        return str(self._call("join", code=code, nickname=nickname))

    def game_of(self, code: object, client: str = "") -> str:
        return str(self._call("game_of", code=code))

    def now(self, code: str) -> Now:
        def make(d: dict[str, Any]) -> Now:
            return Now(**{**d, "choices": tuple(d["choices"])})
        return cast(Now, self._shaped(make, self._call("now", code=code)))

    def answer(self, code: str, student: str, item_no: object, choice: object) -> None:
        self._call("answer", code=code, student=student, item_no=item_no, choice=choice)

    def mine(self, code: str, student: str, item_no: int) -> Mine:
        return cast(Mine, self._shaped(lambda d: Mine(**d), self._call(
            "mine", code=code, student=student, item_no=item_no)))

    # ---- shared tables -----------------------------------------------------------------
    def share(self, code: object) -> str:
        return self._text(self._call("share", code=code))

    def shared(self, short: object) -> str:
        return self._text(self._call("shared", short=short))

    @staticmethod
    def _text(value: Any) -> str:
        if type(value) is not str:
            raise _unavailable()
        return value
