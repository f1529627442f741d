# Sourced by scripts/test: installs connexion 3.3 (with uvicorn, and rfc3339-validator so that
# date-time values are checked) into the git-ignored venv that httpbin uses, starts
# Tests/Servers/roundtrip_server.py on a free port on 127.0.0.1 (connexion in mock mode, strict request
# validation, serving the four forms of Tests/EndpointKitRoundTripTests/Descriptions), exports
# one ROUNDTRIP_*_URL per form, and stops it again when the calling script exits, whether it
# succeeded or not (also after Ctrl-C).
#
#   source Tests/Servers/roundtrip-server.sh
#   start_roundtrip_server  # after start_httpbin: see Tests/Servers/local-server.sh for the EXIT trap
#   ...                     # ROUNDTRIP_V30_YAML_URL=http://127.0.0.1:PORT/v30-yaml, ...
#   stop_roundtrip_server   # any number of times; or let the EXIT trap do it
#
# Exported: ROUNDTRIP_V30_YAML_URL, ROUNDTRIP_V30_JSON_URL, ROUNDTRIP_V31_YAML_URL and
# ROUNDTRIP_V31_JSON_URL. What connexion checks and what it cannot: roundtrip_server.py's header.

roundtrip_scripts_directory="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
roundtrip_venv_dir="${ENDPOINTKIT_VENV:-$PWD/.venv}"
roundtrip_server_pid="${roundtrip_server_pid:-}"

install_connexion() {
    # Major versions pinned; an older install in the venv is replaced.
    if ! "$roundtrip_venv_dir/bin/python" -c 'import sys, connexion, uvicorn, rfc3339_validator
from importlib.metadata import version
sys.exit(not version("connexion").startswith("3.3."))' 2>/dev/null; then
        echo "==> Installing connexion into $roundtrip_venv_dir"
        python3 -m venv "$roundtrip_venv_dir" || return 1
        "$roundtrip_venv_dir/bin/pip" install --quiet --disable-pip-version-check 'connexion[uvicorn]==3.3.*' \
            'rfc3339-validator==0.1.*' || return 1
    fi
}

stop_roundtrip_server() {
    if [ -n "$roundtrip_server_pid" ] && kill -0 "$roundtrip_server_pid" 2>/dev/null; then
        kill "$roundtrip_server_pid" 2>/dev/null
        wait "$roundtrip_server_pid" 2>/dev/null || true
        echo "==> Stopped the round-trip server (pid $roundtrip_server_pid)"
    fi
    roundtrip_server_pid=""
}

start_roundtrip_server() {
    local root ports_file current previous="" port form variable
    root="$(cd "$roundtrip_scripts_directory/../.." && pwd)"
    ports_file="$root/.build/roundtrip-server.json"
    stop_roundtrip_server >/dev/null
    install_connexion || return 1
    mkdir -p "$root/.build" && rm -f "$ports_file"

    "$roundtrip_venv_dir/bin/python" "$roundtrip_scripts_directory/roundtrip_server.py" \
        --descriptions "$root/Tests/EndpointKitRoundTripTests/Descriptions" --ports-file "$ports_file" \
        --exit-with-parent &
    roundtrip_server_pid=$!

    # Prepend ourselves to the current EXIT trap, as Tests/Servers/local-server.sh does.
    current=$(trap -p EXIT)
    if [ -n "$current" ]; then
        eval "set -- $current"
        previous=${3:-}
    fi
    case "$previous" in
        *stop_roundtrip_server*) ;;
        "") trap stop_roundtrip_server EXIT ;;
        *) trap "stop_roundtrip_server; $previous" EXIT ;;
    esac
    trap 'exit 130' INT TERM

    # roundtrip_server.py writes the ports file (at once, whole) when it listens; loading and
    # checking four descriptions takes connexion a few seconds.
    for _ in $(seq 1 150); do
        [ -s "$ports_file" ] && break
        if ! kill -0 "$roundtrip_server_pid" 2>/dev/null; then
            echo "error: the round-trip server exited before it listened" >&2
            roundtrip_server_pid=""
            return 1
        fi
        sleep 0.2
    done
    if [ ! -s "$ports_file" ]; then
        echo "error: the round-trip server did not listen within 30 seconds" >&2
        stop_roundtrip_server
        return 1
    fi
    port=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["port"])' "$ports_file")
    for form in v30-yaml v30-json v31-yaml v31-json; do
        variable="ROUNDTRIP_$(echo "${form//-/_}" | tr '[:lower:]' '[:upper:]')_URL"
        export "$variable=http://127.0.0.1:$port/$form"
        # Serving: each form answers a valid request with its example. No proxies.
        if ! python3 -c 'import sys, urllib.request as u
u.build_opener(u.ProxyHandler({})).open(sys.argv[1] + "/payments", timeout=5)' "${!variable}"; then
            echo "error: the round-trip server does not answer at ${!variable}" >&2
            stop_roundtrip_server
            return 1
        fi
    done
    echo "==> The round-trip server is serving at http://127.0.0.1:$port/{v30-yaml,v30-json,v31-yaml,v31-json}" \
        "(pid $roundtrip_server_pid)"
}
