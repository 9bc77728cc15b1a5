#!/usr/bin/env bash
# Opt-in proof of the Dockerfile (`make container-check`), for a machine with no Docker engine: builds the image
# with podman on a local Debian bookworm stand-in for the official python base, runs it, waits for /healthz and
# for the image's HEALTHCHECK (/readyz), checks that the server is not root, plays whole hands over HTTP, restarts
# the container and finds the game again in /data; then runs two containers behind the reverse proxy of
# docker-compose.yml (deploy/Caddyfile, on the host's caddy: the caddy:2 image is not reachable here) and plays a
# hand through it; and always removes its containers and stops its caddy. Every request goes to 127.0.0.1 (the
# containers share the host's network and listen on 127.0.0.1 only; so does the proxy). The compose stack itself
# is not run (no Docker engine, and the caddy, postgres and redis images cannot be pulled): it is only parsed.
#
#   scripts/container-check.sh [--postgres] [--no-proxy] [--rebuild-base] [--hands N]
#
#   --postgres      also run two containers of the image on the PostgreSQL at 127.0.0.1:5432 (trust auth, user
#                   postgres, database test) and play a hand spread over both; or set CONTAINER_CHECK_POSTGRES=1.
#                   The two containers behind the proxy then use it too (else one SQLite file in a shared volume)
#   --no-proxy      skip the part behind the proxy (or set CONTAINER_CHECK_PROXY=0)
#   --rebuild-base  debootstrap the stand-in base again even if localhost/ginrummy-base:bookworm exists
#   --hands N       hands to play against each container (default 2)
#
# Needs root (podman, debootstrap). Installs podman, debootstrap, runc and caddy with apt-get when they are missing.
# The images localhost/ginrummy-base:bookworm and localhost/ginrummy:check are kept as a cache; remove them with
# `podman rmi localhost/ginrummy:check localhost/ginrummy-base:bookworm`.
set -euo pipefail
cd "$(dirname "$0")/.."

BASE=localhost/ginrummy-base:bookworm
IMAGE=localhost/ginrummy:check
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
POSTGRES=${CONTAINER_CHECK_POSTGRES:-0}
PROXY=${CONTAINER_CHECK_PROXY:-1}
POSTGRES_URL=${CONTAINER_CHECK_POSTGRES_URL:-postgresql+psycopg://postgres@127.0.0.1:5432/test}
REBUILD_BASE=0
HANDS=2
while [ $# -gt 0 ]; do
    case "$1" in
        --postgres) POSTGRES=1 ;;
        --rebuild-base) REBUILD_BASE=1 ;;
        --hands) HANDS=$2; shift ;;
        --no-proxy) PROXY=0 ;;
        -h|--help) sed -n '2,23p' "$0"; exit 0 ;;
        *) echo "unknown option: $1 (see --help)" >&2; exit 2 ;;
    esac
    shift
done

START=$(date +%s)
SUMMARY=()
CONTAINERS=()
VOLUMES=()
CADDY_PID=""
WORK=$(mktemp -d /var/tmp/ginrummy-container-check.XXXXXX)
FAILED_STEP=""

say() { printf '[container-check %4ss] %s\n' "$(( $(date +%s) - START ))" "$*"; }
note() { SUMMARY+=("$*"); say "$*"; }
fail() { say "FAILED: $*"; exit 1; }

caddy_alive() {  # our caddy runs (an exited child stays a zombie until waited for: that one does not count)
    [ -r "/proc/$CADDY_PID/stat" ] && [ "$(awk '{print $3}' "/proc/$CADDY_PID/stat" 2>/dev/null)" != Z ]
}

cleanup() {
    local status=$?
    for name in "${CONTAINERS[@]}"; do
        if [ "$status" -ne 0 ] && [ "$name" = "${CONTAINERS[-1]}" ] && podman container exists "$name" 2>/dev/null; then
            say "last log lines of $name:"
            podman logs --tail 40 "$name" 2>&1 | sed 's/^/    /' || true
        fi
        podman rm -f -v -t 5 "$name" >/dev/null 2>&1 || true
        say "removed container $name"
    done
    for volume in "${VOLUMES[@]}"; do
        podman volume rm -f "$volume" >/dev/null 2>&1 || true
        say "removed volume $volume"
    done
    if [ -n "$CADDY_PID" ] && caddy_alive; then
        if [ "$status" -ne 0 ] && [ -f "$WORK/caddy.log" ]; then
            say "last log lines of caddy:"
            tail -n 20 "$WORK/caddy.log" | cut -c1-400 | sed 's/^/    /' || true
        fi
        kill "$CADDY_PID" 2>/dev/null || true
        for _ in $(seq 1 15); do caddy_alive || break; sleep 1; done
        if caddy_alive; then
            kill -9 "$CADDY_PID" 2>/dev/null || true
            say "killed caddy (pid $CADDY_PID): still running 15 s after SIGTERM"
        else
            say "stopped caddy (pid $CADDY_PID)"
        fi
        wait "$CADDY_PID" 2>/dev/null || true
    fi
    rm -rf "$WORK"
    if [ "$status" -ne 0 ]; then
        say "container-check FAILED${FAILED_STEP:+ at: $FAILED_STEP} (exit $status)"
    else
        echo "container-check: OK"
    fi
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

[ "$(id -u)" -eq 0 ] || fail "run as root (podman and debootstrap need it here)"

# ---- tools ----
FAILED_STEP="installing tools"
missing=()
tools=(podman debootstrap runc)
[ "$PROXY" = 1 ] && tools+=(caddy)  # Debian's caddy stands in for the caddy:2 image of docker-compose.yml
for tool in "${tools[@]}"; do
    command -v "$tool" >/dev/null || missing+=("$tool")
done
if [ ${#missing[@]} -gt 0 ]; then
    say "installing ${missing[*]} with apt-get"
    apt-get update -qq >"$WORK/apt.log" 2>&1 || { cat "$WORK/apt.log"; fail "apt-get update"; }
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >>"$WORK/apt.log" 2>&1 \
        || { cat "$WORK/apt.log"; fail "apt-get install ${missing[*]}"; }
fi
command -v python3 >/dev/null || fail "python3 is needed on the host to play the hands"

# No systemd here (cgroup v1): runc with cgroupfs, and no default ulimits for the containers.
printf '[containers]\ndefault_ulimits = []\n' >"$WORK/containers.conf"
export CONTAINERS_CONF="$WORK/containers.conf"
# podman 4.3 reports on stderr at every run, stop and rm that it has no systemd to time health checks with
# (`podman healthcheck run` below runs them instead): drop that line, keep every other.
podman() {
    command podman --runtime runc --cgroup-manager=cgroupfs "$@" 2> >(grep -v 'unable to get systemd connection' >&2)
}
say "$(command podman --version), $(runc --version | head -n 1)"

# ---- the stand-in base: Debian bookworm with python3 and venv (the official python image is not reachable) ----
FAILED_STEP="building the stand-in base image"
if [ "$REBUILD_BASE" = 1 ] || ! podman image exists "$BASE"; then
    say "debootstrap bookworm (minbase + python3, python3-venv, ca-certificates) from $MIRROR"
    rootfs="$WORK/rootfs"
    if ! debootstrap --variant=minbase --include=python3,python3-venv,ca-certificates bookworm "$rootfs" "$MIRROR" \
            >"$WORK/debootstrap.log" 2>&1; then
        tail -n 30 "$WORK/debootstrap.log"
        fail "debootstrap"
    fi
    rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
    # An imported tarball has no environment: give it the PATH that the official images set.
    tar -C "$rootfs" -c . | podman import \
        --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
        --change 'CMD ["/bin/sh"]' - "$BASE" >"$WORK/import.log" 2>&1 || { cat "$WORK/import.log"; fail "podman import"; }
    rm -rf "$rootfs"
    note "base: built $BASE by debootstrap ($(podman run --rm "$BASE" python3 --version))"
else
    note "base: reused cached $BASE ($(podman run --rm "$BASE" python3 --version); --rebuild-base to redo)"
fi

# ---- our image ----
FAILED_STEP="building the image"
say "building $IMAGE from ./Dockerfile on $BASE (pip installs from the package index; slow on a busy machine)"
mounts=()
[ -d /etc/ssl/certs ] && mounts+=(-v /etc/ssl/certs:/etc/ssl/certs:ro)
[ -f /etc/pip.conf ] && mounts+=(-v /etc/pip.conf:/etc/pip.conf:ro)
build_start=$(date +%s)
previous=$(podman image inspect "$IMAGE" --format '{{.Id}}' 2>/dev/null || true)
# --format docker: the OCI image format has no HEALTHCHECK, and podman would drop it.
if ! podman build --format docker --network host "${mounts[@]}" \
        --build-arg BASE_IMAGE="$BASE" -t "$IMAGE" . >"$WORK/build.log" 2>&1; then
    cat "$WORK/build.log"
    fail "podman build"
fi
grep -E '^(STEP|COMMIT|Successfully)' "$WORK/build.log" | sed 's/^/    /'
if [ -n "$previous" ] && [ "$previous" != "$(podman image inspect "$IMAGE" --format '{{.Id}}')" ]; then
    podman rmi "$previous" >/dev/null 2>&1 || true  # the last check's image, now untagged
fi
size=$(podman image inspect "$IMAGE" --format '{{.Size}}')
user=$(podman image inspect "$IMAGE" --format '{{.Config.User}}')
health=$(podman image inspect "$IMAGE" --format '{{if .Config.Healthcheck}}{{json .Config.Healthcheck.Test}}{{end}}')
[ -n "$health" ] || fail "the image has no HEALTHCHECK"
[ -n "$user" ] && [ "${user%%:*}" != 0 ] && [ "${user%%:*}" != root ] || fail "the image's USER is '$user'"
note "image: built $IMAGE in $(( $(date +%s) - build_start ))s, $(( size / 1000000 )) MB, USER $user, HEALTHCHECK set"

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# wait_until SECONDS NAME COMMAND...: retry COMMAND until it succeeds; fail if the container stops.
wait_until() {
    local seconds=$1 name=$2
    shift 2
    local deadline=$(( $(date +%s) + seconds ))
    until "$@" >/dev/null 2>&1; do
        [ "$(podman inspect "$name" --format '{{.State.Running}}')" = true ] || fail "$name stopped"
        [ "$(date +%s)" -lt "$deadline" ] || return 1
        sleep 1
    done
}

http_ok() {
    python3 - "$1" <<'PY'
import sys, urllib.request
opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
with opener.open(sys.argv[1], timeout=5) as response:
    sys.exit(0 if response.status == 200 else 1)
PY
}

# play URLS HANDS GAME_FILE: whole hands over HTTP, following legal_actions; URLS is one base URL or several,
# comma-separated, taken in turn for successive requests (replicas on one database). Saves the game id and token.
play() {
    python3 - "$@" <<'PY'
import hashlib, json, sys, time, urllib.error, urllib.request

bases, hands_wanted, game_file = sys.argv[1].split(","), int(sys.argv[2]), sys.argv[3]
opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # 127.0.0.1 only, never a proxy
ROUTES = {"take_upcard": "take-upcard", "pass": "pass", "draw": "draw", "discard": "discard", "knock": "knock",
          "big_gin": "big-gin", "next_hand": "next-hand"}
requests = 0
limited = 0  # answers 429 (the server's rate limits, e.g. moves per second in one game), each retried once due


def call(method, path, body=None, token=None, expect=200):
    global requests, limited
    for _ in range(30):
        base = bases[requests % len(bases)]
        requests += 1
        request = urllib.request.Request(base + path, method=method,
                                         data=None if body is None else json.dumps(body).encode())
        if body is not None:
            request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", "Bearer " + token)
        try:
            with opener.open(request, timeout=120) as response:
                status, payload = response.status, response.read()
        except urllib.error.HTTPError as error:
            status, payload, retry_after = error.code, error.read(), error.headers.get("Retry-After", "1")
        if status != 429 or expect == 429:
            break
        limited += 1
        time.sleep(min(float(retry_after), 10))  # as a polite client does: wait as long as the server asks
    if status != expect:
        sys.exit(f"{method} {path} answered {status}: {payload[:400]!r}")
    return json.loads(payload)


def choose(view):
    actions = view["legal_actions"]
    kinds = {a["kind"]: a for a in actions}
    deadwood = {o["card"]: o["deadwood"] for o in view.get("discard_options", [])}
    for kind in ("big_gin", "knock", "discard"):  # knock as soon as allowed, else shed the least useful card
        choices = [a for a in actions if a["kind"] == kind]
        if choices:
            return min(choices, key=lambda a: deadwood.get(a.get("card"), 99))
    if "draw" in kinds:
        return next(a for a in actions if a["kind"] == "draw" and a["source"] == "stock")
    if "pass" in kinds:
        return kinds["pass"]
    return actions[0]


created = call("POST", "/api/games", {"level": "easy"}, expect=201)
game, token, view = created["game_id"], created["seat_token"], created["view"]
with open(game_file, "w") as f:
    json.dump({"game_id": game, "seat_token": token}, f)  # the version is added at the end
moves, results = 0, []
commitment = view["commitment"]
while True:
    if view["phase"] in ("hand_over", "match_over"):
        result = view["result"] or {}
        deck_text = " ".join(view["deck"])
        fair = hashlib.sha256(f"{view['salt']}:{deck_text}".encode()).hexdigest() == commitment
        if not fair:
            sys.exit(f"hand {view['hand_number']}: the revealed deck does not match the commitment")
        who = {0: "us", 1: "computer", None: "nobody"}[result.get("winner")]
        results.append(f"hand {view['hand_number']}: {result.get('outcome')}, {result.get('points', 0)} points to "
                       f"{who}, deck matches commitment")
        if len(results) >= hands_wanted or view["phase"] == "match_over":
            break
        view = call("POST", f"/api/games/{game}/next-hand", token=token)["view"]
        commitment = view["commitment"]
        continue
    if not view["legal_actions"]:
        sys.exit(f"no legal action for us in phase {view['phase']}")
    action = choose(view)
    body = {"source": action["source"]} if action["kind"] == "draw" else (
        {"card": action["card"]} if action["kind"] in ("discard", "knock") else None)
    view = call("POST", f"/api/games/{game}/{ROUTES[action['kind']]}", body, token)["view"]
    moves += 1
    if moves > 400:
        sys.exit("no end of hand after 400 moves")
final = call("GET", f"/api/games/{game}", token=token)
with open(game_file, "w") as f:
    json.dump({"game_id": game, "seat_token": token, "version": final["version"]}, f)
for line in results:
    print("  " + line)
across = f" spread over {len(bases)} servers" if len(bases) > 1 else ""
waits = f" ({limited} answered 429 by a rate limit, retried after Retry-After)" if limited else ""
print(f"  game {game}: {len(results)} hand(s), {moves} moves of ours, {requests} requests{across}{waits}, "
      f"score {final['view']['scores'][0]}-{final['view']['scores'][1]}, version {final['version']}")
PY
}

# check_container LABEL NAME PORT: readiness, health check, user, browser page.
check_container() {
    local label=$1 name=$2 port=$3 url="http://127.0.0.1:$3"
    FAILED_STEP="$label: waiting for /healthz"
    wait_until 180 "$name" http_ok "$url/healthz" || fail "$label: /healthz did not answer within 180 s"
    note "$label: /healthz answered 200 after $(( $(date +%s) - started ))s"
    FAILED_STEP="$label: HEALTHCHECK"
    wait_until 120 "$name" podman healthcheck run "$name" || fail "$label: the image's HEALTHCHECK stays unhealthy"
    http_ok "$url/readyz" || fail "$label: /readyz"
    note "$label: the image's HEALTHCHECK (python3 + urllib, GET /readyz) passes; podman reports the container" \
        "$(podman inspect "$name" --format '{{.State.Health.Status}}'), and GET /readyz answers 200"
    FAILED_STEP="$label: user"
    local uid pid1
    uid=$(podman exec "$name" id -u)
    pid1=$(podman exec "$name" python3 -c 'import os; print(os.stat("/proc/1").st_uid)')
    [ "$uid" != 0 ] && [ "$pid1" != 0 ] || fail "$label: runs as root (id -u $uid, PID 1 owned by $pid1)"
    local users
    users=$(podman top "$name" user | tail -n +2 | sort | uniq -c | awk '{printf "%s%s process(es) of user %s", \
        (NR > 1 ? ", " : ""), $1, $2}')
    note "$label: not root: id -u = $uid, the server (PID 1) runs as uid $pid1; $users"
    FAILED_STEP="$label: browser page"
    python3 - "$url/" <<'PY' || fail "$label: GET / did not serve the browser game"
import sys, urllib.request
opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
with opener.open(sys.argv[1], timeout=10) as response:
    page = response.read().decode()
sys.exit(0 if response.status == 200 and "<html" in page.lower() else 1)
PY
    note "$label: GET / serves the browser game from FRONTEND_DIR"
}

play_hands() {  # play_hands LABEL URLS GAME_FILE
    FAILED_STEP="$1: playing"
    local hands_out
    hands_out=$(play "$2" "$HANDS" "$3") || { echo "$hands_out"; fail "$1: playing a hand"; }
    note "$1: played over HTTP:"
    echo "$hands_out"
    while IFS= read -r line; do SUMMARY+=("    $line"); done <<<"$hands_out"
}

run_container() {  # run_container NAME PORT EXTRA-ARGS...: start it detached on the host network
    local name=$1 port=$2
    shift 2
    CONTAINERS+=("$name")
    started=$(date +%s)
    podman run -d --name "$name" --network host -e HOST=127.0.0.1 -e PORT="$port" -e LOG_FORMAT=text "$@" \
        "$IMAGE" >/dev/null
}

# ---- SQLite in /data ----
FAILED_STEP="starting the SQLite container"
port=$(free_port)
name=ginrummy-check-sqlite-$$
say "starting $name on 127.0.0.1:$port (SQLite in /data, WORKERS=2)"
run_container "$name" "$port" -e WORKERS=2
check_container sqlite "$name" "$port"
play_hands sqlite "http://127.0.0.1:$port" "$WORK/$name.game"
FAILED_STEP="sqlite: data in /data"
owner=$(podman exec "$name" stat -c '%U (uid %u), mode %a: %n' /data/ginrummy.db)
note "sqlite: the database file is owned by $owner"
FAILED_STEP="sqlite: stop and start"
stop_start=$(date +%s%N)
podman stop -t 20 "$name" >/dev/null
stop_ms=$(( ($(date +%s%N) - stop_start) / 1000000 ))
exit_code=$(podman inspect "$name" --format '{{.State.ExitCode}}')
[ "$exit_code" = 0 ] || fail "the server exited with $exit_code on SIGTERM"
note "sqlite: 'podman stop' (SIGTERM to PID 1): the server shut down cleanly in ${stop_ms} ms, exit code 0"
podman start "$name" >/dev/null
started=$(date +%s)
wait_until 180 "$name" http_ok "http://127.0.0.1:$port/healthz" || fail "no /healthz after the restart"
python3 - "http://127.0.0.1:$port" "$WORK/$name.game" <<'PY' || fail "the game is gone after a restart"
import json, sys, urllib.request
saved = json.load(open(sys.argv[2]))
opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
request = urllib.request.Request(f"{sys.argv[1]}/api/games/{saved['game_id']}",
                                 headers={"Authorization": "Bearer " + saved["seat_token"]})
with opener.open(request, timeout=30) as response:
    body = json.load(response)
if body["version"] != saved["version"]:
    sys.exit(f"after the restart the game is at version {body['version']}, not {saved['version']}")
print(f"  after the restart: game {body['game_id']} at version {body['version']} as before, "
      f"phase {body['view']['phase']}")
PY
note "sqlite: after 'podman start' the game is there as it was left (stored in /data)"

# ---- PostgreSQL (opt-in) ----
if [ "$POSTGRES" = 1 ]; then
    FAILED_STEP="postgres: reaching 127.0.0.1:5432"
    python3 -c 'import socket; socket.create_connection(("127.0.0.1", 5432), 3).close()' \
        || fail "no PostgreSQL at 127.0.0.1:5432"
    # Two replicas on one database, as `docker compose up --scale app=2` makes them; one hand spread over both.
    urls=()
    for replica in 1 2; do
        port=$(free_port)
        name=ginrummy-check-postgres$replica-$$
        say "starting $name on 127.0.0.1:$port with DATABASE_URL=$POSTGRES_URL"
        run_container "$name" "$port" -e DATABASE_URL="$POSTGRES_URL" -e DATABASE_WAIT_SECONDS=30
        check_container "postgres replica $replica" "$name" "$port"
        urls+=("http://127.0.0.1:$port")
    done
    play_hands "postgres, 2 replicas" "$(IFS=,; echo "${urls[*]}")" "$WORK/postgres.game"
else
    say "PostgreSQL run skipped (add --postgres, or CONTAINER_CHECK_POSTGRES=1)"
fi

# ---- behind the proxy: deploy/Caddyfile on the host's caddy, in front of two containers ----
# docker-compose.yml's proxy is the caddy:2 image, which cannot be pulled here: Debian's caddy runs the same
# Caddyfile on the host instead, with the replicas' 127.0.0.1 ports for the compose stack's container names, and
# its listen address moved from all interfaces to 127.0.0.1 (the only change made to the adapted config).
wait_http() {  # wait_http SECONDS URL: until URL answers 200; fail if caddy stops
    local deadline=$(( $(date +%s) + $1 ))
    until http_ok "$2" >/dev/null 2>&1; do
        caddy_alive || { cat "$WORK/caddy.log"; fail "caddy stopped"; }
        [ "$(date +%s)" -lt "$deadline" ] || return 1
        sleep 0.5
    done
}

replica_hits() {  # replica_hits NAME TEXT: uvicorn's access-log lines of NAME (with the query) that contain TEXT
    podman logs "$1" 2>&1 | grep -F ' - "' | grep -cF -- "$2" || true
}

caddy_env() {  # caddy_env VAR=VALUE... COMMAND...: run a caddy command with its state kept in $WORK
    env XDG_DATA_HOME="$WORK/caddy-state" XDG_CONFIG_HOME="$WORK/caddy-state" HOME="$WORK/caddy-state" "$@"
}

if [ "$PROXY" = 1 ]; then
    FAILED_STEP="proxy: validating deploy/Caddyfile"
    caddy_version=$(caddy version 2>/dev/null | awk '{print $1}')
    for site in ":80" "games.example.com"; do
        caddy_env SITE_ADDRESS="$site" APP_UPSTREAMS="ginrummy-app-1:8000 ginrummy-app-2:8000" \
            caddy validate --config deploy/Caddyfile --adapter caddyfile >"$WORK/caddy-validate.log" 2>&1 \
            || { cat "$WORK/caddy-validate.log"; fail "caddy validate deploy/Caddyfile with SITE_ADDRESS=$site"; }
    done
    note "proxy: caddy $caddy_version (Debian's, standing in for the caddy:2 image) validates deploy/Caddyfile" \
        "with a domain (automatic HTTPS, HSTS) and without one (plain HTTP)"

    FAILED_STEP="proxy: starting two containers"
    if [ "$POSTGRES" = 1 ]; then
        replica_db=(-e DATABASE_URL="$POSTGRES_URL" -e DATABASE_WAIT_SECONDS=30)
        shared="the PostgreSQL at 127.0.0.1:5432"
    else
        volume=ginrummy-check-data-$$
        podman volume create "$volume" >/dev/null
        VOLUMES+=("$volume")
        replica_db=(-v "$volume:/data")
        shared="one SQLite file in a shared volume (--postgres: PostgreSQL, as in the compose stack)"
    fi
    replica_ports=()
    replica_names=()
    for replica in 1 2; do
        port=$(free_port)
        name=ginrummy-check-proxied$replica-$$
        say "starting $name on 127.0.0.1:$port behind the proxy (database: $shared)"
        # JSON logs carry the request id; uvicorn trusts X-Forwarded-For from the proxy's address only.
        run_container "$name" "$port" "${replica_db[@]}" -e LOG_FORMAT=json -e FORWARDED_ALLOW_IPS=127.0.0.1
        replica_ports+=("$port")
        replica_names+=("$name")
    done
    for i in 0 1; do
        wait_until 180 "${replica_names[$i]}" http_ok "http://127.0.0.1:${replica_ports[$i]}/readyz" \
            || fail "proxy: ${replica_names[$i]} not ready within 180 s"
    done
    note "proxy: two containers of the image ready (/readyz) on 127.0.0.1:${replica_ports[0]} and" \
        ":${replica_ports[1]}, sharing $shared"

    FAILED_STEP="proxy: starting caddy"
    proxy_port=$(free_port)
    admin_port=$(free_port)
    caddy_env SITE_ADDRESS=":$proxy_port" CADDY_ADMIN="localhost:$admin_port" \
        APP_UPSTREAMS="127.0.0.1:${replica_ports[0]} 127.0.0.1:${replica_ports[1]}" \
        caddy adapt --config deploy/Caddyfile --adapter caddyfile >"$WORK/caddy.json" 2>"$WORK/caddy-adapt.log" \
        || { cat "$WORK/caddy-adapt.log"; fail "caddy adapt"; }
    python3 - "$WORK/caddy.json" "$proxy_port" <<'PY'
import json, sys
path, port = sys.argv[1], sys.argv[2]
config = json.load(open(path))
servers = config["apps"]["http"]["servers"]
assert [server["listen"] for server in servers.values()] == [[f":{port}"]], servers
for server in servers.values():
    server["listen"] = [f"127.0.0.1:{port}"]
json.dump(config, open(path, "w"))
PY
    # env execs caddy: $! is caddy's own pid (a shell function here would leave it a grandchild)
    env XDG_DATA_HOME="$WORK/caddy-state" XDG_CONFIG_HOME="$WORK/caddy-state" HOME="$WORK/caddy-state" \
        caddy run --config "$WORK/caddy.json" >"$WORK/caddy.log" 2>&1 &
    CADDY_PID=$!
    proxy="http://127.0.0.1:$proxy_port"
    wait_http 30 "$proxy/readyz" || fail "no answer through the proxy within 30 s"
    sleep 1  # one round of health checks
    note "proxy: caddy (pid $CADDY_PID) on $proxy, round robin over the two, /readyz checked every 5 s"

    play_hands "through the proxy" "$proxy" "$WORK/proxy.game"
    FAILED_STEP="proxy: requests spread"
    game=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["game_id"])' "$WORK/proxy.game")
    hits1=$(replica_hits "${replica_names[0]}" "$game")
    hits2=$(replica_hits "${replica_names[1]}" "$game")
    [ "$hits1" -gt 0 ] && [ "$hits2" -gt 0 ] || fail "the game's requests were not spread: $hits1 and $hits2"
    note "proxy: that game's requests reached both containers: $hits1 and $hits2 (from their access logs)"

    FAILED_STEP="proxy: headers, limits and /metrics"
    checks=$(python3 - "$proxy_port" "check-$$" <<'PY'
import http.client, re, sys
port, tag = int(sys.argv[1]), sys.argv[2]

def call(method, path, body=None, headers=None, source=None, chunked=False):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(source, 0) if source else None)
    try:
        c.request(method, path, body=body, headers=headers or {}, encode_chunked=chunked)
        r = c.getresponse()
        return r.status, {k.lower(): v for k, v in r.getheaders()}, r.read()
    finally:
        c.close()

def expect(what, got, want):
    if got != want:
        sys.exit(f"{what}: got {got!r}, expected {want!r}")

status, headers, _ = call("GET", f"/api/rules?{tag}-plain")
expect("GET /api/rules", status, 200)
expect("Server header", headers.get("server"), None)
expect("HSTS over plain HTTP", headers.get("strict-transport-security"), None)
made = headers.get("x-request-id", "")
if not re.fullmatch(r"[0-9a-f-]{36}", made):
    sys.exit(f"no request id made by the proxy: {made!r}")
print(f"  GET /api/rules: 200, no Server header, no HSTS (plain HTTP), X-Request-ID {made} made by the proxy")
print(f"MADE_ID={made}")
status, headers, _ = call("GET", f"/api/rules?{tag}-xff", source="127.0.0.2",
                          headers={"X-Forwarded-For": "203.0.113.9", "X-Request-ID": f"{tag}-rid"})
expect("X-Request-ID kept", headers.get("x-request-id"), f"{tag}-rid")
print(f"  a caller's X-Request-ID ({tag}-rid) comes back unchanged")
for path in ("/metrics", "/metrics/", "/METRICS", "/%6detrics", "/metrics?format=prometheus"):
    status, headers, body = call("GET", path)
    expect(f"GET {path}", (status, headers.get("server")), (404, None))
print("  /metrics, /metrics/, /METRICS, /%6detrics, /metrics?format=prometheus: 404 from the proxy")
status, headers, body = call("POST", f"/api/games?{tag}-big", body=b"x" * 65536,
                             headers={"Content-Type": "application/json"})
expect("64 KiB body", (status, body), (413, b"request body too large"))
status, headers, body = call("POST", f"/api/games?{tag}-chunked", body=iter([b"x" * 8192] * 8), chunked=True,
                             headers={"Content-Type": "application/json"})
expect("64 KiB chunked body", status, 413)
status, headers, body = call("POST", f"/api/games?{tag}-18k", body=b"x" * 18000,
                             headers={"Content-Type": "application/json"})
expect("18 KB body (past the app's 16 KiB, within the proxy's 20 KiB)", status, 413)
if b"body_too_large" not in body:
    sys.exit(f"the 18 KB body was not refused by the app: {body[:200]!r}")
print("  bodies: 64 KiB (declared or chunked) 413 from the proxy; 18 KB 413 from the app (problem+json)")
expect("6 KB of headers", call("GET", "/readyz", headers={"X-Big": "b" * 6000})[0], 200)
expect("20 KB of headers", call("GET", "/readyz", headers={"X-Big": "b" * 20000})[0], 431)
print("  headers: 6 KB pass, 20 KB get 431")
PY
) || { echo "$checks"; fail "proxy: headers, limits or /metrics"; }
    made_id=$(sed -n 's/^MADE_ID=//p' <<<"$checks")
    checks=$(grep -v '^MADE_ID=' <<<"$checks")
    echo "$checks"
    while IFS= read -r line; do SUMMARY+=("  $line"); done <<<"$checks"
    logs=$(podman logs "${replica_names[0]}" 2>&1; podman logs "${replica_names[1]}" 2>&1)
    grep -qF "\"request_id\": \"$made_id\"" <<<"$logs" || fail "the app did not log the proxy's request id $made_id"
    grep -qF "\"request_id\": \"check-$$-rid\"" <<<"$logs" || fail "the app did not log the caller's request id"
    grep -qF "127.0.0.2:0 - \"GET /api/rules?check-$$-xff" <<<"$logs" \
        || fail "the app did not see the client address 127.0.0.2 (X-Forwarded-For from the proxy)"
    ! grep -qF "203.0.113.9" <<<"$logs" || fail "the app took the client's own X-Forwarded-For"
    ! grep -qiE '"path": "/(metrics|%6detrics)' <<<"$logs" || fail "a /metrics request reached the app"
    ! grep -qF "check-$$-big" <<<"$logs" || fail "the 64 KiB body reached the app"
    note "proxy: no Server header; /metrics (5 spellings) 404 at the proxy, never reaching the app; bodies over" \
        "20 KiB 413 at the proxy (the app's own 413 between 16 and 20 KiB); 20 KB of headers 431"
    note "proxy: X-Request-ID kept or made by the proxy, and logged by the app; the app saw the client's" \
        "address (127.0.0.2) through X-Forwarded-For, not the address that client forged in its own"

    FAILED_STEP="proxy: a stopped container leaves the rotation"
    podman stop -t 10 "${replica_names[1]}" >/dev/null
    sleep 6  # longer than the 5 s between health checks
    python3 - "$proxy" "check-$$-down" 20 <<'PY' || fail "requests failed with one container stopped"
import sys, urllib.request
opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
for n in range(int(sys.argv[3])):
    with opener.open(f"{sys.argv[1]}/api/rules?{sys.argv[2]}={n}", timeout=30) as response:
        assert response.status == 200
PY
    down1=$(replica_hits "${replica_names[0]}" "check-$$-down")
    [ "$down1" = 20 ] || fail "with ${replica_names[1]} stopped, ${replica_names[0]} served $down1 of 20"
    grep -qE "health_checker.*127\.0\.0\.1:${replica_ports[1]}.*refused" "$WORK/caddy.log" \
        || fail "caddy's health checks did not see ${replica_names[1]} down"
    podman start "${replica_names[1]}" >/dev/null
    started=$(date +%s)
    wait_until 180 "${replica_names[1]}" http_ok "http://127.0.0.1:${replica_ports[1]}/readyz" \
        || fail "${replica_names[1]} not ready after its restart"
    back=0
    for n in $(seq 1 60); do  # the next health check (at most 5 s) puts it back
        http_ok "$proxy/api/rules?check-$$-up=$n" || fail "a request failed while the container came back"
        back=$(replica_hits "${replica_names[1]}" "check-$$-up")
        [ "$back" -gt 0 ] && break
        sleep 0.5
    done
    [ "$back" -gt 0 ] || fail "${replica_names[1]} did not come back into the rotation"
    note "proxy: with one container stopped ('podman stop'), caddy's health check (GET /readyz) found it down and" \
        "20 of 20 requests were answered by the other; restarted, it was back in the rotation" \
        "$(( $(date +%s) - started ))s after its start"
else
    say "proxy part skipped (--no-proxy)"
fi

# ---- docker-compose.yml: parsed and checked, not run (no engine, and the postgres image is not reachable) ----
FAILED_STEP="checking docker-compose.yml"
compose_out=$(python3 - docker-compose.yml <<'PY'
import sys
try:
    import yaml
except ImportError:
    print("PyYAML not installed on the host: docker-compose.yml not parsed")
    sys.exit(0)
compose = yaml.safe_load(open(sys.argv[1]))
services = compose["services"]
app, db, redis, proxy = services["app"], services["db"], services["redis"], services["proxy"]
assert app["depends_on"]["db"]["condition"] == "service_healthy", app["depends_on"]
assert app["depends_on"]["redis"]["condition"] == "service_healthy", app["depends_on"]
assert "pg_isready" in " ".join(db["healthcheck"]["test"]), db["healthcheck"]
for key in ("DATABASE_URL", "DATABASE_WAIT_SECONDS", "WORKERS", "RATE_LIMIT_STORAGE_URL", "FORWARDED_ALLOW_IPS"):
    assert key in app["environment"], key
assert app["environment"]["RATE_LIMIT_STORAGE_URL"] == "redis://redis:6379/0"
assert any(":/var/lib/postgresql/data" in v for v in db["volumes"]), db["volumes"]
assert "container_name" not in app, "a fixed container name would stop --scale"
assert "ports" not in app, "the app must publish no port: the proxy reaches it"
assert "redis-cli ping" in " ".join(redis["healthcheck"]["test"]) and any(":/data" in v for v in redis["volumes"])
assert "./deploy/Caddyfile:/etc/caddy/Caddyfile:ro" in proxy["volumes"] and proxy["image"].endswith("caddy:2")
print("docker-compose.yml parses (PyYAML): only the proxy (caddy:2, deploy/Caddyfile) publishes ports; app waits "
      "for a healthy db and redis, reads DATABASE_URL and RATE_LIMIT_STORAGE_URL; db and redis health-checked, "
      "with named volumes")
PY
) || { echo "$compose_out"; fail "docker-compose.yml"; }
note "compose: $compose_out"
if command -v podman-compose >/dev/null; then
    # --dry-run prints the podman commands of `up` without starting anything (it does create the project's
    # network and volume, removed right after). The stack is not run: docker.io's postgres image is not reachable.
    project=ginrummy-check-$$
    HTTP_PORT=18000 HTTPS_PORT=18443 podman-compose --dry-run -p "$project" up -d >"$WORK/compose.txt" 2>&1 \
        || { cat "$WORK/compose.txt"; fail "podman-compose --dry-run up"; }
    podman network rm -f "${project}_default" >/dev/null 2>&1 || true
    for volume in pgdata redisdata caddy-data caddy-config; do
        podman volume rm -f "${project}_$volume" >/dev/null 2>&1 || true
    done
    app_line=$(grep -- "--label com.docker.compose.service=app " "$WORK/compose.txt" || true)
    grep -q -- "--healthcheck-command /bin/sh -c 'pg_isready" "$WORK/compose.txt" \
        && grep -q -- "--healthcheck-command /bin/sh -c 'redis-cli ping" "$WORK/compose.txt" \
        && grep -q -- "-p 18000:80 -p 18443:443" "$WORK/compose.txt" \
        && grep -q -- "Caddyfile:/etc/caddy/Caddyfile:ro" "$WORK/compose.txt" \
        && grep -q -- "DATABASE_URL=postgresql+psycopg://ginrummy:" <<<"$app_line" \
        && grep -q -- "RATE_LIMIT_STORAGE_URL=redis://redis:6379/0" <<<"$app_line" \
        && ! grep -q -- " -p " <<<"$app_line" \
        || { cat "$WORK/compose.txt"; fail "podman-compose did not read docker-compose.yml as expected"; }
    note "compose: podman-compose $(podman-compose version 2>/dev/null | awk '/^podman-compose/ {print $NF; exit}') --dry-run up reads docker-compose.yml: db and redis with health checks and named volumes, app with DATABASE_URL and RATE_LIMIT_STORAGE_URL and no published port, the proxy publishing HTTP_PORT and HTTPS_PORT with deploy/Caddyfile mounted (the stack itself is not run)"
else
    note "compose: docker-compose.yml checked with PyYAML only (no podman-compose; the stack itself is not run)"
fi

note "NOT RUN HERE: the compose stack itself (no Docker engine; the caddy:2, postgres:16 and redis:7 images" \
    "cannot be pulled). Untested therefore: the caddy:2 image (the host's caddy ${caddy_version:-} ran the same" \
    "Caddyfile instead, listening on 127.0.0.1, with 127.0.0.1 ports for the replicas' container names)," \
    "the compose network and its container names (ginrummy-app-N), automatic HTTPS certificates and HSTS over" \
    "HTTPS (no public domain: only validated), Redis as the app's rate-limit store, the start order" \
    "(depends_on: service_healthy), and FORWARDED_ALLOW_IPS with the compose network's addresses"

FAILED_STEP=""
echo
echo "container-check summary ($(( $(date +%s) - START ))s):"
for line in "${SUMMARY[@]}"; do echo "  $line"; done
