# shellcheck shell=bash
# Sourced by Tests/Servers/fault-server.sh, stream-server.sh and github-server.sh: starts one of the
# project's standard-library Python test servers (Tests/Servers/NAME_server.py) on a free port on
# 127.0.0.1, exports its URL, and stops it again.
#
#   start_local_server NAME LABEL   # e.g. `start_local_server fault "the fault server"`:
#                                   # exports FAULT_SERVER_URL, sets fault_server_pid
#   start_local_server fault_https "the fault server over TLS" fault https
#                                   # the same script over HTTPS with the TLS servers' test
#                                   # certificate: exports FAULT_HTTPS_SERVER_URL
#   start_local_server cache_origin "the cache origin" "" "" CACHE_ORIGIN_URL
#                                   # a fifth argument names the URL's variable instead
#   stop_local_server NAME LABEL    # any number of times
#
# start_local_server adds `stop_NAME_server` in front of the EXIT trap it finds (lifecycle.sh's
# add_exit_trap), and starts the server with --exit-with-parent.

local_server_directory="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=Tests/Servers/lifecycle.sh
source "$local_server_directory/lifecycle.sh"

stop_local_server() {
    local name=$1 label=$2 pid_variable="${1}_server_pid"
    stop_server_process "${!pid_variable:-}" "$label"
    printf -v "$pid_variable" '%s' ""
}

start_local_server() {
    local name=$1 label=$2 pid_variable="${1}_server_pid" url_variable port pid python_variable
    local script=${3:-$1} scheme=${4:-http}
    url_variable=${5:-"$(echo "$name" | tr '[:lower:]-' '[:upper:]_')_SERVER_URL"}
    python_variable="$(echo "$script" | tr '[:lower:]' '[:upper:]')_SERVER_PYTHON"
    local python="${!python_variable:-python3}"
    local tls=()
    if [ "$scheme" = https ]; then
        # The TLS servers' test PKI (Tests/Servers/tls-servers.sh): the certificate for 127.0.0.1.
        tls=(--tls-cert "${TLS_PKI_DIR:?start_tls_servers first}/good.pem" --tls-key "$TLS_PKI_DIR/good.key")
    fi
    port=$(free_port)
    "$python" "$local_server_directory/${script}_server.py" --port "$port" --exit-with-parent "${tls[@]}" &
    pid=$!
    printf -v "$pid_variable" '%s' "$pid"

    export "$url_variable=$scheme://127.0.0.1:$port"
    # Without proxies: an http_proxy in the environment must not catch 127.0.0.1. Over TLS,
    # trusting only the test CA.
    wait_for_server "stop_${name}_server" "$pid" "$label" 10 "$python" -c 'import ssl, sys, urllib.request as u
context = ssl.create_default_context(cafile=sys.argv[2]) if sys.argv[2] else None
u.build_opener(u.ProxyHandler({}), u.HTTPSHandler(context=context)).open(sys.argv[1] + "/health", timeout=1)' \
        "${!url_variable}" "${tls:+$TLS_PKI_DIR/ca.pem}" || return 1
    echo "==> ${label^} is serving at ${!url_variable} (pid $pid)"
}
