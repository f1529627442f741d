# shellcheck shell=bash
# Sourced by scripts/test: installs connexion 3.3 (with uvicorn, and rfc3339-validator so that
# date-time values are checked) into the git-ignored venv that httpbin uses, starts
# Tests/Servers/roundtrip_server.py on a free port on 127.0.0.1 (connexion in mock mode, strict request
# validation, serving the four forms of Tests/EndpointKitRoundTripTests/Descriptions), exports
# one ROUNDTRIP_*_URL per form, and stops it again when the calling script exits, whether it
# succeeded or not (also after Ctrl-C).
#
#   source Tests/Servers/roundtrip-server.sh
#   start_roundtrip_server  # adds stop_roundtrip_server to the EXIT trap (lifecycle.sh)
#   ...                     # ROUNDTRIP_V30_YAML_URL=http://127.0.0.1:PORT/v30-yaml, ...
#   stop_roundtrip_server   # any number of times; or let the EXIT trap do it
#
# Exported: ROUNDTRIP_V30_YAML_URL, ROUNDTRIP_V30_JSON_URL, ROUNDTRIP_V31_YAML_URL and
# ROUNDTRIP_V31_JSON_URL. What connexion checks and what it cannot: roundtrip_server.py's header.

roundtrip_scripts_directory="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=Tests/Servers/lifecycle.sh
source "$roundtrip_scripts_directory/lifecycle.sh"
roundtrip_venv_dir="${ENDPOINTKIT_VENV:-$PWD/.venv}"
roundtrip_server_pid="${roundtrip_server_pid:-}"

install_connexion() {
    # Major versions pinned; an older install in the venv is replaced.
    install_python_packages "$roundtrip_venv_dir" connexion 'import sys, connexion, uvicorn, rfc3339_validator
from importlib.metadata import version
sys.exit(not version("connexion").startswith("3.3."))' 'connexion[uvicorn]==3.3.*' 'rfc3339-validator==0.1.*'
}

stop_roundtrip_server() {
    stop_server_process "$roundtrip_server_pid" "the round-trip server"
    roundtrip_server_pid=""
}

start_roundtrip_server() {
    local root="$repository_root" ports_file port form variable
    ports_file="$root/.build/roundtrip-server.json"
    stop_roundtrip_server >/dev/null
    install_connexion || return 1
    mkdir -p "$root/.build" && rm -f "$ports_file"

    "$roundtrip_venv_dir/bin/python" "$roundtrip_scripts_directory/roundtrip_server.py" \
        --descriptions "$root/Tests/EndpointKitRoundTripTests/Descriptions" --ports-file "$ports_file" \
        --exit-with-parent &
    roundtrip_server_pid=$!

    # roundtrip_server.py writes the ports file (at once, whole) when it listens; loading and
    # checking four descriptions takes connexion a few seconds.
    wait_for_server stop_roundtrip_server "$roundtrip_server_pid" "the round-trip server" 30 test -s "$ports_file" ||
        return 1
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
