"""Which address the class's devices reach the server by.

The server (``treasurekit.serving``) works the address out when it starts and hands it to
the kernels in :data:`PUBLIC_URL_ENV`; the apps build every share link and QR code from
it (``treasurekit.widgets.share``). No import here beyond the standard library: the
server and the widgets both read it.

>>> public_root("0.0.0.0", 8866, lan="192.168.1.20")
('http://192.168.1.20:8866', False)
>>> public_root("127.0.0.1", 8866, lan="192.168.1.20")
('http://127.0.0.1:8866', True)
>>> public_root("0.0.0.0", 8866, given="https://games.example.org/class/")
('https://games.example.org/class', False)
>>> is_loopback("localhost"), is_loopback("::1"), is_loopback("192.168.1.20")
(True, True, False)
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

#: The environment variable holding the address before the page's path (scheme, host,
#: port, and a proxy's path prefix if any): what the server hands every kernel.
PUBLIC_URL_ENV = "TREASUREKIT_PUBLIC_URL"
#: Bind addresses that mean "every interface": never an address to give out.
ALL_INTERFACES = ("", "0.0.0.0", "::", "[::]", "*")
#: An address of the documentation range (RFC 5737) to ask the routing table about: a
#: UDP socket's ``connect`` sends nothing, it only picks the source address a packet
#: there would leave from, i.e. the machine's address on its main network.
_PROBE = ("192.0.2.1", 9)


def is_loopback(host: str) -> bool:
    """Whether ``host`` (a name or address) means this machine only."""
    host = host.strip("[]").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _usable(address: str) -> bool:
    """An address another device could open: not loopback, link-local or unspecified."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast)


def lan_address() -> str | None:
    """This machine's address on its local network, or None if it has none (offline).

    Read from the routing table (a UDP socket ``connect``: no packet is sent), else from
    the addresses of the host's name; loopback and link-local addresses never count.
    """
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_PROBE)
            address = str(probe.getsockname()[0])
        if _usable(address):
            return address
    except OSError:
        pass
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return None
    return next((str(info[4][0]) for info in infos if _usable(str(info[4][0]))), None)


def public_root(host: str, port: int, given: str = "", lan: str | None = None,
                scheme: str = "http") -> tuple[str, bool]:
    """The address before the page's path that the class opens, and whether only this
    machine can open it.

    ``given`` (``PUBLIC_URL``: a reverse proxy, JupyterHub, a named host) wins. A server
    bound to every interface (``0.0.0.0``) is reached at the LAN address (``lan``, found
    by :func:`lan_address` when not given), or at ``127.0.0.1`` on a machine with no
    network; one bound to a single address at that address.
    """
    if given.strip():
        root = given.strip().rstrip("/")
        return root, is_loopback(urlsplit(root).hostname or "")
    if host.strip() in ALL_INTERFACES:
        found = lan if lan is not None else lan_address()
        host = found or "127.0.0.1"
    host = host.strip()
    shown = f"[{host}]" if ":" in host and not host.startswith("[") else host
    return f"{scheme}://{shown}:{port}", is_loopback(host)
