"""The deployment recipes apply voila.json's settings: Binder's postBuild (run here in a
scratch prefix, without its pip install), the JupyterHub config and the Helm values."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import yaml
from traitlets.config.loader import PyFileConfigLoader

from treasurekit.classroom.service import SERVICE_NAME

ROOT = Path(__file__).resolve().parents[2]
VOILA = json.loads((ROOT / "voila.json").read_text())
HUB = ROOT / "deploy" / "jupyterhub"
CLASS_SERVICE = SERVICE_NAME


def test_voila_json_locks_the_page_down() -> None:
    conf = VOILA["VoilaConfiguration"]
    assert conf["allow_template_override"] == conf["allow_theme_override"] == "NO"
    assert conf["show_tracebacks"] is False and conf["strip_sources"] is True
    assert conf["template"] == "treasurekit"
    culling = VOILA["MappingKernelManager"]
    # A learner reading for 10 minutes keeps the game: connected kernels are never
    # culled, and an unconnected one only after far more than 10 idle minutes.
    assert culling["cull_connected"] is False and culling["cull_idle_timeout"] >= 1200


def test_binder_postbuild_installs_the_same_settings(tmp_path: Path) -> None:
    prefix = tmp_path / "prefix"
    (prefix / "bin").mkdir(parents=True)
    (prefix / "bin" / "python").symlink_to(sys.executable)
    etc = prefix / "etc" / "jupyter"
    etc.mkdir(parents=True)
    (etc / "jupyter_server_config.json").write_text('{"ServerApp": {"ip": "0.0.0.0"}}')
    env = dict(os.environ, NB_PYTHON_PREFIX=str(prefix), TK_POSTBUILD_NO_PIP="1")
    subprocess.run(["bash", "binder/postBuild"], cwd=ROOT, env=env, check=True, timeout=300)
    assert json.loads((etc / "voila.json").read_text()) == VOILA
    server = json.loads((etc / "jupyter_server_config.json").read_text())
    assert server["ServerApp"]["ip"] == "0.0.0.0"                 # kept
    assert server["ServerApp"]["kernel_manager_class"] == (
        "treasurekit.serving.ClassroomKernelManager")
    assert server["ServerApp"]["contents_manager_class"].endswith("LargeFileManager")
    assert server["MappingKernelManager"] == VOILA["MappingKernelManager"]
    assert server["VoilaExecutor"] == VOILA["VoilaExecutor"]
    template = prefix / "share" / "jupyter" / "voila" / "templates" / "treasurekit"
    assert (template / "index.html.j2").is_file()
    messages = template / "locales" / "nl" / "serving.json"        # a real file, not a link
    assert messages.is_file() and not messages.is_symlink()
    assert json.loads(messages.read_text())["retry"]


def test_jupyterhub_config_opens_the_landing_page_with_voila_settings() -> None:
    config = PyFileConfigLoader("jupyterhub_config.py", path=str(HUB)).load_config()
    spawner = config.Spawner
    assert spawner.default_url == "/voila/render/index.ipynb"
    assert Path(spawner.notebook_dir, "index.ipynb").is_file()
    args = spawner.args
    assert "--ServerApp.kernel_manager_class=treasurekit.serving.ClassroomKernelManager" in args
    for section in ("MappingKernelManager", "VoilaExecutor"):
        for key, value in VOILA[section].items():
            assert f"--{section}.{key}={json.dumps(value)}" in args
    assert Path(spawner.environment["JUPYTER_CONFIG_PATH"], "voila.json").is_file()
    assert Path(spawner.environment["JUPYTER_PATH"], "voila", "templates",
                "treasurekit", "index.html.j2").is_file()
    culler = {s["name"]: s for s in config.JupyterHub.services}["idle-culler"]
    assert culler["command"][1:3] == ["-m", "jupyterhub_idle_culler"]
    role = {r["name"]: r for r in config.JupyterHub.load_roles}["idle-culler"]
    assert "delete:servers" in role["scopes"]
    # the live class's service: run by the hub, its URL and its scope in every server
    service = {s["name"]: s for s in config.JupyterHub.services}[CLASS_SERVICE]
    assert service["command"][1:3] == ["-m", "treasurekit.classroom.service"]
    access = f"access:services!service={CLASS_SERVICE}"
    assert spawner.environment["TREASUREKIT_CLASS_URL"] == (
        f"{service['url']}/services/{CLASS_SERVICE}/")
    assert access in spawner.server_token_scopes
    assert access in {r["name"]: r for r in config.JupyterHub.load_roles}["user"]["scopes"]


def test_helm_values_match_the_recipe() -> None:
    values = yaml.safe_load((HUB / "z2jh-values.yaml").read_text())
    single = values["singleuser"]
    # repo2docker puts the repository in the home folder, the server's root.
    assert single["defaultUrl"] == "/voila/render/notebooks/index.ipynb"
    assert (ROOT / "notebooks" / "index.ipynb").is_file()
    assert values["cull"]["enabled"] is True
    hub = values["hub"]
    service = hub["services"][CLASS_SERVICE]
    assert service["command"][1:3] == ["-m", "treasurekit.classroom.service"]
    assert single["extraEnv"]["TREASUREKIT_CLASS_URL"] == (
        f"{service['url']}/services/{CLASS_SERVICE}/")
    access = f"access:services!service={CLASS_SERVICE}"
    assert access in hub["loadRoles"]["user"]["scopes"]
    assert access in hub["extraConfig"]["treasurekit-class"]
    assert values["cull"]["timeout"] >= VOILA["MappingKernelManager"]["cull_idle_timeout"]


def test_make_serve_passes_the_public_address_and_prints_no_bind_address() -> None:
    """``make serve`` / ``make serve-class`` give the server ``PUBLIC_URL`` (empty: worked
    out by the server); the address printed is the server's, never ``$(HOST)``."""
    for target in ("serve", "serve-class"):
        out = subprocess.run(["make", "-n", target, "VENV=.venv-x", "PYTHON=true",
                              "HOST=0.0.0.0", "PUBLIC_URL=http://192.0.2.10:8866"],
                             cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert out.returncode == 0, out.stderr
        assert '--public-url "http://192.0.2.10:8866"' in out.stdout
        assert "--Voila.ip=0.0.0.0" in out.stdout
        assert "http://0.0.0.0" not in out.stdout


def test_make_lab_opens_the_notebooks_in_jupyterlab_and_the_readme_says_so() -> None:
    """The landing page's apps in JupyterLab from a checkout: `make lab`, documented."""
    out = subprocess.run(["make", "-n", "lab", "VENV=.venv-x", "PYTHON=true"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert ".venv-x/bin/jupyter lab notebooks" in out.stdout
    readme = (ROOT / "README.md").read_text()
    assert "make lab" in readme and ".venv/bin/jupyter lab notebooks" in readme
