# Sourced by scripts/test: installs mitmproxy into its own git-ignored venv (.venv-mitmproxy/:
# its dependencies do not mix with httpbin's), starts two mitmproxy instances on free ports on
# 127.0.0.1, exports their URLs, and stops them again when the calling script exits.
#
#   source Tests/Servers/proxy-servers.sh
#   start_proxy_servers     # after the other servers (it adds itself to their EXIT trap)
#   ...                     # PROXY_URL=http://127.0.0.1:PORT (an open proxy),
#                           # PROXY_AUTH_URL=http://alice:s3cret@127.0.0.1:PORT (asks for Basic
#                           # credentials: 407 without them), PROXY_RECORD_FILE (what both saw,
#                           # one JSON object per line: Tests/Servers/proxy_recorder.py)
#   stop_proxy_servers      # any number of times; or let the EXIT trap do it
#
# Both leave every CONNECT tunnel alone (ignore_hosts '.*'): a tunnel carries the client's TLS
# to the server, which mitmproxy cannot read. Plain-HTTP requests in absolute form are read and
# forwarded.

proxy_scripts_directory="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
proxy_venv_dir="${ENDPOINTKIT_PROXY_VENV:-$(cd "$proxy_scripts_directory/../.." && pwd)/.venv-mitmproxy}"
proxy_pids=()

install_mitmproxy() {
    if ! "$proxy_venv_dir/bin/python" -c 'import mitmproxy.version as v, sys
sys.exit(not v.VERSION.startswith("10."))' 2>/dev/null; then
        echo "==> Installing mitmproxy into $proxy_venv_dir"
        python3 -m venv "$proxy_venv_dir" || return 1
        "$proxy_venv_dir/bin/pip" install --quiet --disable-pip-version-check 'mitmproxy==10.*' || return 1
    fi
}

stop_proxy_servers() {
    local pid
    for pid in "${proxy_pids[@]}"; do
        if kill -0 "$pid" 2>/dev/null; then
            kill "$pid" 2>/dev/null
            wait "$pid" 2>/dev/null
            echo "==> Stopped mitmproxy (pid $pid)"
        fi
    done
    proxy_pids=()
}

# start_one_proxy NAME PORT [mitmdump options...]
start_one_proxy() {
    local name=$1 port=$2
    shift 2
    PROXY_NAME="$name" PROXY_RECORD_FILE="$PROXY_RECORD_FILE" "$proxy_venv_dir/bin/mitmdump" --quiet \
        --listen-host 127.0.0.1 --listen-port "$port" --set ignore_hosts='.*' \
        --set confdir="$(dirname "$PROXY_RECORD_FILE")/mitmproxy" \
        -s "$proxy_scripts_directory/proxy_recorder.py" "$@" &
    proxy_pids+=($!)
}

start_proxy_servers() {
    local current previous="" open_port auth_port
    stop_proxy_servers >/dev/null
    install_mitmproxy || return 1
    export PROXY_RECORD_FILE
    PROXY_RECORD_FILE="$(cd "$proxy_scripts_directory/../.." && pwd)/.build/proxy/record.jsonl"
    mkdir -p "$(dirname "$PROXY_RECORD_FILE")" && : >"$PROXY_RECORD_FILE"
    open_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
    auth_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
    start_one_proxy open "$open_port"
    start_one_proxy auth "$auth_port" --proxyauth 'alice:s3cret'

    # Prepend ourselves to the current EXIT trap, as Tests/Servers/local-server.sh does.
    current=$(trap -p EXIT)
    if [ -n "$current" ]; then
        eval "set -- $current"
        previous=${3:-}
    fi
    case "$previous" in
        *stop_proxy_servers*) ;;
        "") trap stop_proxy_servers EXIT ;;
        *) trap "stop_proxy_servers; $previous" EXIT ;;
    esac
    trap 'exit 130' INT TERM

    export PROXY_URL="http://127.0.0.1:$open_port" PROXY_AUTH_URL="http://alice:s3cret@127.0.0.1:$auth_port"
    local port
    for port in "$open_port" "$auth_port"; do
        for _ in $(seq 1 100); do
            if python3 -c 'import socket, sys; socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=1).close()' \
                "$port" 2>/dev/null; then
                continue 2
            fi
            sleep 0.2
        done
        echo "error: mitmproxy did not listen on 127.0.0.1:$port within 20 seconds" >&2
        stop_proxy_servers
        return 1
    done
    echo "==> mitmproxy is serving at $PROXY_URL and, with credentials, at 127.0.0.1:$auth_port (pids ${proxy_pids[*]})"
}
