# The Gin Rummy server as a container image.
#
#   docker build -t ginrummy .
#   docker run -p 8000:8000 -v ginrummy-data:/data ginrummy
#
# BASE_IMAGE is any Debian-like image with python3 (3.11+) and its venv module; the official slim image by
# default. `make container-check` builds on a local Debian bookworm stand-in through this argument.
ARG BASE_IMAGE=python:3.11-slim

# ---- build stage: install the package (not editable) and its dependencies into a venv ----
FROM ${BASE_IMAGE} AS build
ENV PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_ROOT_USER_ACTION=ignore \
    PYTHONDONTWRITEBYTECODE=1
RUN python3 -m venv /opt/venv
WORKDIR /src
# Dependencies first, in their own layer, so that a change of the code alone does not reinstall them.
COPY pyproject.toml ./
RUN python3 -c 'import tomllib; print("\n".join(tomllib.load(open("pyproject.toml", "rb"))["project"]["dependencies"]))' \
        > /tmp/requirements.txt \
    && /opt/venv/bin/pip install -r /tmp/requirements.txt
COPY README.md ./
COPY backend ./backend
RUN /opt/venv/bin/pip install --no-deps . \
    && /opt/venv/bin/gin-rummy --help > /dev/null

# ---- runtime stage: the venv, the browser game and an unprivileged user ----
FROM ${BASE_IMAGE} AS runtime
RUN groupadd --system --gid 10001 ginrummy \
    && useradd --system --uid 10001 --gid ginrummy --home-dir /data --no-create-home \
        --shell /usr/sbin/nologin ginrummy \
    && mkdir -p /data \
    && chown ginrummy:ginrummy /data
COPY --from=build /opt/venv /opt/venv
COPY frontend /app/frontend
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    FRONTEND_DIR=/app/frontend \
    DATABASE_URL=sqlite:////data/ginrummy.db \
    HOST=0.0.0.0 \
    PORT=8000 \
    WORKERS=1 \
    AUTO_MIGRATE=true
WORKDIR /app
USER 10001:10001
EXPOSE 8000
# Healthy when the server answers and its database does (/readyz); slim images have no curl.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["python3", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/readyz' % os.environ.get('PORT', '8000'), timeout=4)"]
# A shell only to read HOST, PORT, WORKERS and AUTO_MIGRATE; exec makes the server PID 1, which stops cleanly on
# SIGTERM. With AUTO_MIGRATE=true (the image's default) the database's schema is upgraded before the server starts,
# by `gin-rummy migrate` (which waits DATABASE_WAIT_SECONDS for the database and takes a lock, so replicas starting
# together upgrade once); a failed upgrade stops the container before it serves. With AUTO_MIGRATE=false the
# operator upgrades (`docker run --rm -e DATABASE_URL=... ginrummy gin-rummy migrate`), and a server on a database
# that is behind refuses to start, naming that command.
CMD ["sh", "-c", "case \"${AUTO_MIGRATE:-true}\" in true|True|TRUE|1|yes|on) gin-rummy migrate || exit;; esac; exec gin-rummy serve --host \"${HOST:-0.0.0.0}\" --port \"${PORT:-8000}\" --workers \"${WORKERS:-1}\""]
