# Sourced by Tests/Servers/fault-server.sh and Tests/Servers/stream-server.sh: starts one of the project's
# standard-library Python test servers (Tests/Servers/NAME_server.py) on a free port on 127.0.0.1,
# exports its URL, and stops it again.
#
#   start_local_server NAME LABEL   # e.g. `start_local_server fault "the fault server"`:
#                                   # exports FAULT_SERVER_URL, sets fault_server_pid
#   start_local_server fault_https "the fault server over TLS" fault https
#                                   # the same script over HTTPS with the TLS servers' test
#                                   # certificate: exports FAULT_HTTPS_SERVER_URL
#   stop_local_server NAME LABEL    # any number of times
#
# Tests/Servers/httpbin.sh's start_httpbin sets `trap stop_httpbin EXIT`, replacing any EXIT trap.
# start_local_server therefore adds `stop_NAME_server` in front of the EXIT trap it finds, so
# starting servers after httpbin leaves one trap that stops them all, the last started first. A
# caller may also set that single trap itself after starting them. As a last resort each server
# is started with --exit-with-parent: it stops on its own within a second once the shell that
# started it is gone, even if no trap ran.

local_server_directory="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

stop_local_server() {
    local name=$1 label=$2 pid_variable="${1}_server_pid"
    local pid="${!pid_variable:-}"
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
        kill "$pid" 2>/dev/null
        wait "$pid" 2>/dev/null
        echo "==> Stopped $label (pid $pid)"
    fi
    printf -v "$pid_variable" '%s' ""
}

start_local_server() {
    local name=$1 label=$2 pid_variable="${1}_server_pid" url_variable current previous="" port pid
    local script=${3:-$1} scheme=${4:-http}
    url_variable="$(echo "$name" | tr '[:lower:]-' '[:upper:]_')_SERVER_URL"
    local python_variable="$(echo "$script" | tr '[:lower:]' '[:upper:]')_SERVER_PYTHON"
    local python="${!python_variable:-python3}"
    local tls=()
    if [ "$scheme" = https ]; then
        # The TLS servers' test PKI (Tests/Servers/tls-servers.sh): the certificate for 127.0.0.1.
        tls=(--tls-cert "${TLS_PKI_DIR:?start_tls_servers first}/good.pem" --tls-key "$TLS_PKI_DIR/good.key")
    fi
    port=$("$python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
    "$python" "$local_server_directory/${script}_server.py" --port "$port" --exit-with-parent "${tls[@]}" &
    pid=$!
    printf -v "$pid_variable" '%s' "$pid"

    # Prepend ourselves to the current EXIT trap; `trap -p` prints "trap -- 'COMMAND' EXIT".
    current=$(trap -p EXIT)
    if [ -n "$current" ]; then
        eval "set -- $current"
        previous=${3:-}
    fi
    case "$previous" in
        *"stop_${name}_server"*) ;;
        "") trap "stop_${name}_server" EXIT ;;
        *) trap "stop_${name}_server; $previous" EXIT ;;
    esac
    trap 'exit 130' INT TERM

    export "$url_variable=$scheme://127.0.0.1:$port"
    for _ in $(seq 1 50); do
        # Without proxies: an http_proxy in the environment must not catch 127.0.0.1. Over TLS,
        # trusting only the test CA.
        if "$python" -c 'import ssl, sys, urllib.request as u
context = ssl.create_default_context(cafile=sys.argv[2]) if sys.argv[2] else None
u.build_opener(u.ProxyHandler({}), u.HTTPSHandler(context=context)).open(sys.argv[1] + "/health", timeout=1)' \
            "${!url_variable}" "${tls:+$TLS_PKI_DIR/ca.pem}" 2>/dev/null; then
            echo "==> ${label^} is serving at ${!url_variable} (pid $pid)"
            return 0
        fi
        if ! kill -0 "$pid" 2>/dev/null; then
            echo "error: $label exited before it answered" >&2
            printf -v "$pid_variable" '%s' ""
            return 1
        fi
        sleep 0.2
    done
    echo "error: $label did not answer at ${!url_variable} within 10 seconds" >&2
    stop_local_server "$name" "$label"
    return 1
}
