# JupyterHub for a school: each learner logs in and gets their own single-user server,
# which opens on the treasurekit landing page (Voila) with the same settings as
# `make serve` (the repo's voila.json: no URL overrides, no tracebacks, stripped
# sources, the treasurekit template, kernels culled after 30 idle minutes).
#
#   pip install -e '.[app,hub]'  &&  npm install configurable-http-proxy
#   jupyterhub -f deploy/jupyterhub/jupyterhub_config.py
#
# Defaults: local Unix accounts (PAM) and the local process spawner (each learner's
# server runs as their own Unix user, so run the hub as root); listens on
# 127.0.0.1:8000 -- put it behind your HTTPS reverse proxy, or set TK_HUB_BIND_URL.
# jupyterhub-idle-culler stops learners' servers after TK_HUB_IDLE_TIMEOUT seconds
# (default an hour) without activity. For Kubernetes see z2jh-values.yaml next to this file.
# `make test-hub` runs this file with a dummy authenticator and two learners.
# ruff: noqa: F821  (`c` and `load_subconfig` are provided by JupyterHub)

import json
import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = Path(os.environ.get("TK_NOTEBOOKS", REPO / "notebooks"))


def voila_server_args(voila_json: Path = REPO / "voila.json") -> list[str]:
    """voila.json's server-side sections as command-line options of the single-user
    server, where Voila runs as a server extension (it reads voila.json's
    VoilaConfiguration itself, from JUPYTER_CONFIG_PATH)."""
    config = json.loads(voila_json.read_text())
    args = ["--ServerApp.kernel_manager_class=treasurekit.serving.ClassroomKernelManager"]
    for section in ("MappingKernelManager", "VoilaExecutor"):
        for key, value in config.get(section, {}).items():
            args.append(f"--{section}.{key}={json.dumps(value)}")
    return args


c.JupyterHub.bind_url = os.environ.get("TK_HUB_BIND_URL", "http://127.0.0.1:8000")

# Every learner's server: the apps' folder, opened on the landing page.
c.Spawner.cmd = [sys.executable, "-m", "jupyterhub.singleuser"]
c.Spawner.notebook_dir = str(NOTEBOOKS)
c.Spawner.default_url = "/voila/render/index.ipynb"
c.Spawner.args = voila_server_args()
c.Spawner.environment = {
    "JUPYTER_CONFIG_PATH": str(REPO),                   # voila.json
    "JUPYTER_PATH": str(REPO / "share" / "jupyter"),    # the treasurekit Voila template
}
c.Spawner.http_timeout = 120
c.Spawner.start_timeout = 120

# Stop learners' servers that have been idle for an hour (their kernels are culled
# after 30 idle minutes by the server itself, see voila.json).
c.JupyterHub.services = [{
    "name": "idle-culler",
    "command": [sys.executable, "-m", "jupyterhub_idle_culler",
                f"--timeout={os.environ.get('TK_HUB_IDLE_TIMEOUT', '3600')}",
                "--cull-every=300"],
}]
c.JupyterHub.load_roles = [{
    "name": "idle-culler",
    "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
    "services": ["idle-culler"],
}]
