# shellcheck shell=bash
# Sourced by scripts/test: installs mitmproxy into its own git-ignored venv (.venv-mitmproxy/:
# its dependencies do not mix with httpbin's), starts four mitmproxy instances on free ports on
# 127.0.0.1 (two HTTP proxies and two SOCKS5 proxies), exports their URLs, and stops them again
# when the calling script exits.
#
#   source Tests/Servers/proxy-servers.sh
#   start_proxy_servers     # adds stop_proxy_servers to the EXIT trap (lifecycle.sh)
#   ...                     # PROXY_URL=http://127.0.0.1:PORT (an open proxy),
#                           # PROXY_AUTH_URL=http://alice:s3cret@127.0.0.1:PORT (asks for Basic
#                           # credentials: 407 without them), SOCKS_PROXY_URL=socks5h://127.0.0.1:PORT
#                           # (an open SOCKS5 proxy), SOCKS_PROXY_AUTH_URL=socks5h://alice:s3cret@
#                           # 127.0.0.1:PORT (accepts only username and password), PROXY_RECORD_FILE
#                           # (what all four saw, one JSON object per line: proxy_recorder.py)
#   stop_proxy_servers      # any number of times; or let the EXIT trap do it
#
# The HTTP proxies leave every CONNECT tunnel alone (ignore_hosts '.*'): a tunnel carries the
# client's TLS to the server, which mitmproxy cannot read. Plain-HTTP requests in absolute form are
# read and forwarded. The SOCKS5 proxies (--mode socks5) pass TLS through (the recorder says so)
# and read the plain-HTTP requests they carry, so that the record shows each one.

proxy_scripts_directory="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=Tests/Servers/lifecycle.sh
source "$proxy_scripts_directory/lifecycle.sh"
proxy_venv_dir="${ENDPOINTKIT_PROXY_VENV:-$repository_root/.venv-mitmproxy}"
proxy_pids=()

install_mitmproxy() {
    install_python_packages "$proxy_venv_dir" mitmproxy 'import mitmproxy.version as v, sys
sys.exit(not v.VERSION.startswith("10."))' 'mitmproxy==10.*'
}

stop_proxy_servers() {
    local pid
    for pid in "${proxy_pids[@]}"; do
        stop_server_process "$pid" mitmproxy
    done
    proxy_pids=()
}

# start_one_proxy NAME PORT [mitmdump options...]
# Each instance has a confdir of its own: on a new clone, mitmproxy writes its CA into the confdir
# as it starts, and four instances sharing one raced (one read the key while another was still
# writing it: "Could not deserialize key data", CI of 3 Dec).
start_one_proxy() {
    local name=$1 port=$2
    shift 2
    PROXY_NAME="$name" PROXY_RECORD_FILE="$PROXY_RECORD_FILE" "$proxy_venv_dir/bin/mitmdump" --quiet \
        --listen-host 127.0.0.1 --listen-port "$port" \
        --set confdir="$(dirname "$PROXY_RECORD_FILE")/mitmproxy-$name" \
        -s "$proxy_scripts_directory/proxy_recorder.py" "$@" &
    proxy_pids+=($!)
}

start_proxy_servers() {
    local open_port auth_port socks_port socks_auth_port pid_index=0 port
    stop_proxy_servers >/dev/null
    install_mitmproxy || return 1
    export PROXY_RECORD_FILE
    PROXY_RECORD_FILE="$repository_root/.build/proxy/record.jsonl"
    mkdir -p "$(dirname "$PROXY_RECORD_FILE")" && : >"$PROXY_RECORD_FILE"
    open_port=$(free_port)
    auth_port=$(free_port)
    socks_port=$(free_port)
    socks_auth_port=$(free_port)
    start_one_proxy open "$open_port" --set ignore_hosts='.*'
    start_one_proxy auth "$auth_port" --set ignore_hosts='.*' --proxyauth 'alice:s3cret'
    start_one_proxy socks "$socks_port" --mode socks5
    start_one_proxy socks-auth "$socks_auth_port" --mode socks5 --proxyauth 'alice:s3cret'

    export PROXY_URL="http://127.0.0.1:$open_port" PROXY_AUTH_URL="http://alice:s3cret@127.0.0.1:$auth_port"
    export SOCKS_PROXY_URL="socks5h://127.0.0.1:$socks_port"
    export SOCKS_PROXY_AUTH_URL="socks5h://alice:s3cret@127.0.0.1:$socks_auth_port"
    for port in "$open_port" "$auth_port" "$socks_port" "$socks_auth_port"; do
        wait_for_server stop_proxy_servers "${proxy_pids[$pid_index]}" "mitmproxy on port $port" 20 port_accepts "$port" ||
            return 1
        pid_index=$((pid_index + 1))
    done
    echo "==> mitmproxy is serving at $PROXY_URL and, with credentials, at 127.0.0.1:$auth_port;" \
        "as SOCKS5 at $SOCKS_PROXY_URL and, with credentials, at 127.0.0.1:$socks_auth_port (pids ${proxy_pids[*]})"
}
