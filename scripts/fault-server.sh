# Sourced by scripts/test: starts scripts/fault_server.py (Python 3 standard library only, no
# venv needed) on a free port on 127.0.0.1, exports FAULT_SERVER_URL, and stops it again.
#
#   source scripts/fault-server.sh
#   start_fault_server      # after start_httpbin: see below
#   ...                     # FAULT_SERVER_URL=http://127.0.0.1:PORT
#   stop_fault_server       # or let the EXIT trap do it
#
# scripts/httpbin.sh's start_httpbin sets `trap stop_httpbin EXIT`, replacing any EXIT trap.
# start_fault_server therefore adds itself in front of the EXIT trap it finds, so calling it
# after start_httpbin leaves `trap 'stop_fault_server; stop_httpbin' EXIT`. A caller may also
# set that single trap itself after starting both; both stop functions can run any number of
# times. As a last resort the server is started with --exit-with-parent: it stops on its own
# within a second once the shell that started it is gone, even if no trap ran.

fault_server_script="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/fault_server.py"
fault_server_python="${FAULT_SERVER_PYTHON:-python3}"
fault_server_pid="${fault_server_pid:-}"

stop_fault_server() {
    if [ -n "${fault_server_pid:-}" ] && kill -0 "$fault_server_pid" 2>/dev/null; then
        kill "$fault_server_pid" 2>/dev/null
        wait "$fault_server_pid" 2>/dev/null
        echo "==> Stopped the fault server (pid $fault_server_pid)"
    fi
    fault_server_pid=""
}

start_fault_server() {
    local port current previous=""
    port=$("$fault_server_python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
    "$fault_server_python" "$fault_server_script" --port "$port" --exit-with-parent &
    fault_server_pid=$!

    # Prepend ourselves to the current EXIT trap; `trap -p` prints "trap -- 'COMMAND' EXIT".
    current=$(trap -p EXIT)
    if [ -n "$current" ]; then
        eval "set -- $current"
        previous=${3:-}
    fi
    case "$previous" in
        *stop_fault_server*) ;;
        "") trap stop_fault_server EXIT ;;
        *) trap "stop_fault_server; $previous" EXIT ;;
    esac
    trap 'exit 130' INT TERM

    export FAULT_SERVER_URL="http://127.0.0.1:$port"
    for _ in $(seq 1 50); do
        # Without proxies: an http_proxy in the environment must not catch 127.0.0.1.
        if "$fault_server_python" -c 'import sys, urllib.request as u
u.build_opener(u.ProxyHandler({})).open(sys.argv[1] + "/health", timeout=1)' "$FAULT_SERVER_URL" 2>/dev/null; then
            echo "==> The fault server is serving at $FAULT_SERVER_URL (pid $fault_server_pid)"
            return 0
        fi
        if ! kill -0 "$fault_server_pid" 2>/dev/null; then
            echo "error: the fault server exited before it answered" >&2
            fault_server_pid=""
            return 1
        fi
        sleep 0.2
    done
    echo "error: the fault server did not answer at $FAULT_SERVER_URL within 10 seconds" >&2
    stop_fault_server
    return 1
}
