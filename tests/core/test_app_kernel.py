"""The served apps' kernel (treasurekit/app_kernel.py): ipykernel without its debugger,
started in place of ``ipykernel_launcher`` by the server's kernel specs."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from jupyter_client.manager import KernelManager

from treasurekit.serving import AppKernelSpecManager


def spec_manager(tmp_path: Path) -> AppKernelSpecManager:
    """A spec manager that finds only ``python3`` (ipykernel's own spec) and ``other``."""
    for name, argv in (("python3", [sys.executable, "-m", "ipykernel_launcher", "-f",
                                    "{connection_file}"]),
                       ("other", [sys.executable, "-m", "somekernel", "{connection_file}"])):
        folder = tmp_path / "kernels" / name
        folder.mkdir(parents=True)
        (folder / "kernel.json").write_text(json.dumps(
            {"argv": argv, "display_name": name, "language": "python",
             "metadata": {"debugger": True}}))
    return AppKernelSpecManager(kernel_dirs=[str(tmp_path / "kernels")])


def test_ipykernel_specs_start_the_app_kernel_and_others_are_left_alone(
        tmp_path: Path) -> None:
    specs = spec_manager(tmp_path)
    python3 = specs.get_kernel_spec("python3")
    assert python3.argv == [sys.executable, "-m", "treasurekit.app_kernel", "-f",
                            "{connection_file}"]
    assert python3.metadata["debugger"] is False
    assert specs.get_kernel_spec("other").argv[1:3] == ["-m", "somekernel"]


def test_the_app_kernel_runs_code_without_loading_the_debugger(tmp_path: Path) -> None:
    manager = KernelManager(kernel_name="python3", kernel_spec_manager=spec_manager(tmp_path))
    manager.start_kernel()
    client = manager.client()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=180)   # (make test runs this at nice 19)
        assert manager.kernel_spec is not None
        assert "treasurekit.app_kernel" in manager.kernel_spec.argv
        shown: list[str] = []
        reply = client.execute_interactive(
            "import sys, ipywidgets\n"
            "print(6 * 7, sys.modules.get('debugpy'), 'pydevd' in sys.modules)",
            output_hook=lambda msg: shown.append(msg["content"].get("text", "")),
            timeout=180)
        assert reply["content"]["status"] == "ok"
        assert "".join(shown).split() == ["42", "None", "False"]
        info = client.kernel_info(reply=True, timeout=120)
        assert "debugger" not in info["content"].get("supported_features", [])
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)
