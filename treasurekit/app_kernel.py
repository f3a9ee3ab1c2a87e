"""The kernel the served apps run in: ipykernel without its debugger.

ipykernel imports debugpy at every start, to offer a debugger that a Voila page never
uses: about 0.2 CPU-seconds and 7 MB of each kernel's start (measured on 26 Nov, a
kernel's start 0.8 -> 0.6 CPU-s, 50 -> 43 MB), which a class reloading at once pays 30
times over. The server's kernel specs (``serving.AppKernelSpecManager``, named in
``voila.json``) start this module instead of ``ipykernel_launcher``; JupyterLab keeps the
usual kernel, debugger included.

Run as ``python -m treasurekit.app_kernel -f <connection file>``.
"""

from __future__ import annotations

import sys


def main() -> None:
    # an import of debugpy now fails, which ipykernel takes for "no debugger installed"
    sys.modules["debugpy"] = None  # type: ignore[assignment]
    from ipykernel import kernelapp

    app = kernelapp.IPKernelApp.instance()
    app.initialize()  # type: ignore[no-untyped-call]
    if "ipywidgets" in sys.modules:
        # imported before this kernel existed (a kernel forked from the server's zygote,
        # treasurekit.kernel_fork): ipywidgets registers its comm targets when it is
        # imported in a kernel, so without this no page would get its widgets
        sys.modules["ipywidgets"].register_comm_target()
    app.start()  # type: ignore[no-untyped-call]


if __name__ == "__main__":
    main()
