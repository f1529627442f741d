# Sourced by scripts/test: starts scripts/stream_server.py (Python 3 standard library only, no
# venv needed) on a free port on 127.0.0.1, exports STREAM_SERVER_URL, and stops it again.
#
#   source scripts/stream-server.sh
#   start_stream_server     # after start_httpbin and start_fault_server: see below
#   ...                     # STREAM_SERVER_URL=http://127.0.0.1:PORT
#   stop_stream_server      # or let the EXIT trap do it
#
# scripts/httpbin.sh's start_httpbin sets `trap stop_httpbin EXIT`, replacing any EXIT trap, and
# scripts/fault-server.sh's start_fault_server adds itself in front of it. start_stream_server
# likewise adds itself in front of the EXIT trap it finds, so calling it after those two leaves
# `trap 'stop_stream_server; stop_fault_server; stop_httpbin' EXIT`. A caller may also set that
# single trap itself after starting them all; every stop function can run any number of times.
# As a last resort the server is started with --exit-with-parent: it stops on its own within a
# second once the shell that started it is gone, even if no trap ran.

stream_server_script="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/stream_server.py"
stream_server_python="${STREAM_SERVER_PYTHON:-python3}"
stream_server_pid="${stream_server_pid:-}"

stop_stream_server() {
    if [ -n "${stream_server_pid:-}" ] && kill -0 "$stream_server_pid" 2>/dev/null; then
        kill "$stream_server_pid" 2>/dev/null
        wait "$stream_server_pid" 2>/dev/null
        echo "==> Stopped the stream server (pid $stream_server_pid)"
    fi
    stream_server_pid=""
}

start_stream_server() {
    local port current previous=""
    port=$("$stream_server_python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
    "$stream_server_python" "$stream_server_script" --port "$port" --exit-with-parent &
    stream_server_pid=$!

    # Prepend ourselves to the current EXIT trap; `trap -p` prints "trap -- 'COMMAND' EXIT".
    current=$(trap -p EXIT)
    if [ -n "$current" ]; then
        eval "set -- $current"
        previous=${3:-}
    fi
    case "$previous" in
        *stop_stream_server*) ;;
        "") trap stop_stream_server EXIT ;;
        *) trap "stop_stream_server; $previous" EXIT ;;
    esac
    trap 'exit 130' INT TERM

    export STREAM_SERVER_URL="http://127.0.0.1:$port"
    for _ in $(seq 1 50); do
        # Without proxies: an http_proxy in the environment must not catch 127.0.0.1.
        if "$stream_server_python" -c 'import sys, urllib.request as u
u.build_opener(u.ProxyHandler({})).open(sys.argv[1] + "/health", timeout=1)' "$STREAM_SERVER_URL" 2>/dev/null; then
            echo "==> The stream server is serving at $STREAM_SERVER_URL (pid $stream_server_pid)"
            return 0
        fi
        if ! kill -0 "$stream_server_pid" 2>/dev/null; then
            echo "error: the stream server exited before it answered" >&2
            stream_server_pid=""
            return 1
        fi
        sleep 0.2
    done
    echo "error: the stream server did not answer at $STREAM_SERVER_URL within 10 seconds" >&2
    stop_stream_server
    return 1
}
