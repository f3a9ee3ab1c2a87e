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
#
# The live class (a teacher's projector, the students' own servers): the class service
# `python -m treasurekit.classroom.service` runs as a hub-managed service on
# TK_CLASS_SERVICE_PORT (default 10101), keeping the classes in a SQLite file under
# TK_CLASS_DATA_DIR (default data/classes in the hub's working directory), or in
# PostgreSQL when TK_CLASS_DB_URL=postgresql://user:password@host/db is set; classes
# untouched for TK_CLASS_KEEP_DAYS (default 7) are deleted at its start and daily. Every
# learner's server gets its URL (TREASUREKIT_CLASS_URL) and a token that may use it.
# `make test-hub` runs this file with a dummy authenticator, a teacher and two learners.
# ruff: noqa: F821  (`c` and `load_subconfig` are provided by JupyterHub)

import json
import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = Path(os.environ.get("TK_NOTEBOOKS", REPO / "notebooks"))
CLASS_SERVICE = "treasurekit-class"               # treasurekit.classroom.service.SERVICE_NAME
CLASS_SERVICE_URL = f"http://127.0.0.1:{int(os.environ.get('TK_CLASS_SERVICE_PORT', '10101'))}"
CLASS_ACCESS = f"access:services!service={CLASS_SERVICE}"


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
    # the live class's store (kernels inherit the server's environment, its
    # JUPYTERHUB_API_TOKEN included: the service learns from the hub whose it is)
    "TREASUREKIT_CLASS_URL": f"{CLASS_SERVICE_URL}/services/{CLASS_SERVICE}/",
}
# The server's token: the default `server` role's scopes, and the class service's.
c.Spawner.server_token_scopes = ["users:activity!user", "access:servers!server", CLASS_ACCESS]
c.Spawner.http_timeout = 120
c.Spawner.start_timeout = 120

# Stop learners' servers that have been idle for an hour (their kernels are culled
# after 30 idle minutes by the server itself, see voila.json). The class service (see
# above; it calls the hub only to learn whose token a request holds).
c.JupyterHub.services = [{
    "name": "idle-culler",
    "command": [sys.executable, "-m", "jupyterhub_idle_culler",
                f"--timeout={os.environ.get('TK_HUB_IDLE_TIMEOUT', '3600')}",
                "--cull-every=300"],
}, {
    "name": CLASS_SERVICE,
    "url": CLASS_SERVICE_URL,
    "display": False,
    "command": [sys.executable, "-m", "treasurekit.classroom.service",
                "--data-dir", os.environ.get("TK_CLASS_DATA_DIR",
                                             str(Path.cwd() / "data" / "classes")),
                "--keep-days", os.environ.get("TK_CLASS_KEEP_DAYS", "7")],
    "environment": {k: os.environ[k] for k in ("TK_CLASS_DB_URL",) if k in os.environ},
}]
c.JupyterHub.load_roles = [{
    "name": "idle-culler",
    "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
    "services": ["idle-culler"],
}, {
    # every user may use the class service (their server's token gets the scope)
    "name": "user",
    "scopes": ["self", CLASS_ACCESS],
}]
