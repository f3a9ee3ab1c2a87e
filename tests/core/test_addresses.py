"""The address the class opens: worked out from the routing table without sending a
packet, never 0.0.0.0, PUBLIC_URL first; the server prints it with a QR code."""

from __future__ import annotations

import socket
import types
from typing import Any

import pytest
import segno

from treasurekit import addresses
from treasurekit.addresses import is_loopback, lan_address, public_root


class _Probe:
    """A UDP socket that records what is done with it (and never sends)."""

    calls: list[str] = []

    def __init__(self, *_args: Any) -> None:
        pass

    def __enter__(self) -> _Probe:
        return self

    def __exit__(self, *_args: Any) -> None:
        pass

    def connect(self, address: tuple[str, int]) -> None:
        self.calls.append(f"connect {address[0]}")

    def getsockname(self) -> tuple[str, int]:
        return ("192.0.2.33", 40000)

    def __getattr__(self, name: str) -> Any:     # send, sendto, ...: must never happen
        raise AssertionError(f"the probe must not {name}")


def test_the_lan_address_is_read_from_the_routing_table_without_traffic(
        monkeypatch: pytest.MonkeyPatch) -> None:
    _Probe.calls = []
    monkeypatch.setattr(socket, "socket", _Probe)
    assert lan_address() == "192.0.2.33"
    assert _Probe.calls == ["connect 192.0.2.1"]      # UDP connect: no packet leaves


def test_no_network_falls_back_to_the_host_name_then_to_none(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def offline(*_args: Any) -> Any:
        raise OSError("network is unreachable")

    monkeypatch.setattr(socket, "socket", offline)
    monkeypatch.setattr(socket, "getaddrinfo", lambda *_a: [
        (socket.AF_INET, 0, 0, "", ("127.0.1.1", 0)), (socket.AF_INET, 0, 0, "", ("10.1.2.3", 0))])
    assert lan_address() == "10.1.2.3"                # loopback skipped
    monkeypatch.setattr(socket, "getaddrinfo", offline)
    assert lan_address() is None
    assert public_root("0.0.0.0", 8866) == ("http://127.0.0.1:8866", True)


@pytest.mark.parametrize("host", ["0.0.0.0", "", "::", "*"])
def test_every_interface_is_handed_out_as_the_lan_address(host: str) -> None:
    root, loopback = public_root(host, 8866, lan="192.168.1.20")
    assert root == "http://192.168.1.20:8866" and not loopback


def test_public_url_wins_and_a_named_host_is_kept() -> None:
    assert public_root("0.0.0.0", 8866, given=" https://hub.example.org/ ",
                       lan="192.168.1.20") == ("https://hub.example.org", False)
    assert public_root("127.0.0.1", 8866, given="http://localhost:9000")[1] is True
    assert public_root("10.0.0.5", 8000) == ("http://10.0.0.5:8000", False)
    assert public_root("fe80::1", 8000)[0] == "http://[fe80::1]:8000"
    assert all(is_loopback(h) for h in ("127.0.0.1", "127.8.0.1", "localhost", "[::1]"))
    assert not any(is_loopback(h) for h in ("192.0.2.1", "games.example.org", "0.0.0.0"))


def _announced(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
               ip: str, public_url: str = "") -> str:
    from treasurekit.serving import TreasurekitVoila

    monkeypatch.setattr(addresses, "lan_address", lambda: "192.0.2.44")
    server: Any = types.SimpleNamespace(ip=ip, port=8866, public_url=public_url,
                                        base_url="/", hand_out="diving_bell.ipynb")
    server.public_address = lambda: TreasurekitVoila.public_address(server)
    TreasurekitVoila.announce(server)
    return capsys.readouterr().out


def test_the_server_prints_the_link_and_its_qr_code(monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    out = _announced(monkeypatch, capsys, "0.0.0.0")
    link = "http://192.0.2.44:8866/voila/render/diving_bell.ipynb"
    assert f"hand out: {link}" in out and "0.0.0.0" not in out
    qr = segno.make(link, error="m")
    assert len([line for line in out.splitlines() if "█" in line or "▀" in line]) >= \
        qr.symbol_size()[1] // 2                      # the QR code, in half-block rows
    assert "Only this machine" not in out
    out = _announced(monkeypatch, capsys, "0.0.0.0", "https://games.example.org/class")
    assert "hand out: https://games.example.org/class/voila/render/diving_bell.ipynb" in out


def test_a_loopback_server_says_how_to_let_the_class_in(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    out = _announced(monkeypatch, capsys, "127.0.0.1")
    assert "hand out: http://127.0.0.1:8866/" in out
    assert "Only this machine can open this link" in out
    assert "make serve-class HOST=0.0.0.0" in out
