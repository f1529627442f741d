# shellcheck shell=bash
# Sourced by scripts/test: installs hypercorn (which brings the h2 library) into the git-ignored
# venv that httpbin uses, starts Tests/Servers/h2_server.py on free ports on 127.0.0.1 with the test
# PKI's good.pem and good.key, exports H2_SERVER_URL, H2_GOAWAY_URL and H2_RECYCLING_URL, and stops
# it again when the calling script exits, whether it succeeded or not (also after Ctrl-C).
#
#   source Tests/Servers/h2-server.sh
#   start_h2_server         # after start_tls_servers, which makes TLS_PKI_DIR
#   ...                     # H2_SERVER_URL, H2_GOAWAY_URL, H2_RECYCLING_URL=https://127.0.0.1:PORT
#   stop_h2_server          # any number of times; or let the EXIT trap do it
#
# What each server does: h2_server.py's header.

h2_scripts_directory="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=Tests/Servers/lifecycle.sh
source "$h2_scripts_directory/lifecycle.sh"
h2_venv_dir="${ENDPOINTKIT_VENV:-$PWD/.venv}"
h2_server_pid="${h2_server_pid:-}"

install_hypercorn() {
    # Version pinned (hypercorn has no 1.0: 0.18 is its major version); an older install is replaced.
    install_python_packages "$h2_venv_dir" hypercorn 'import sys, importlib.metadata as m
sys.exit(not m.version("hypercorn").startswith("0.18."))' 'hypercorn==0.18.*'
}

stop_h2_server() {
    stop_server_process "$h2_server_pid" "the HTTP/2 servers"
    h2_server_pid=""
}

start_h2_server() {
    local pki="${TLS_PKI_DIR:-}" ports_file
    stop_h2_server >/dev/null
    if [ -z "$pki" ] || [ ! -s "$pki/good.pem" ]; then
        echo "error: TLS_PKI_DIR has no good.pem: start the TLS servers first" >&2
        return 1
    fi
    install_hypercorn || return 1
    ports_file="$pki/h2-ports.json"
    rm -f "$ports_file"

    "$h2_venv_dir/bin/python" "$h2_scripts_directory/h2_server.py" --pki "$pki" --ports-file "$ports_file" \
        --exit-with-parent &
    h2_server_pid=$!

    # h2_server.py writes the ports file (at once, whole) when both servers listen.
    wait_for_server stop_h2_server "$h2_server_pid" "the HTTP/2 servers" 10 test -s "$ports_file" || return 1
    export H2_SERVER_URL H2_GOAWAY_URL H2_RECYCLING_URL
    H2_SERVER_URL="https://127.0.0.1:$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["h2"])' "$ports_file")"
    H2_GOAWAY_URL="https://127.0.0.1:$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["goaway"])' "$ports_file")"
    H2_RECYCLING_URL="https://127.0.0.1:$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["recycling"])' "$ports_file")"

    # Serving: hypercorn answers over TLS that trusts ca.pem only (urllib speaks HTTP/1.1), and
    # the GOAWAY server completes a TLS handshake that agrees on h2. No proxies.
    if ! python3 -c 'import socket, ssl, sys, urllib.request as u
h2, goaway, ca = sys.argv[1:]
context = ssl.create_default_context(cafile=ca)
u.build_opener(u.ProxyHandler({}), u.HTTPSHandler(context=context)).open(h2 + "/health", timeout=5)
context.set_alpn_protocols(["h2"])
host, port = goaway.removeprefix("https://").split(":")
with context.wrap_socket(socket.create_connection((host, int(port)), timeout=5), server_hostname=host) as tls:
    sys.exit(tls.selected_alpn_protocol() != "h2")' "$H2_SERVER_URL" "$H2_GOAWAY_URL" "$pki/ca.pem"; then
        echo "error: the HTTP/2 servers do not answer at $H2_SERVER_URL and $H2_GOAWAY_URL" >&2
        stop_h2_server
        return 1
    fi
    echo "==> The HTTP/2 servers are serving (hypercorn at $H2_SERVER_URL, GOAWAY at $H2_GOAWAY_URL," \
        "hypercorn with 10 requests a connection at $H2_RECYCLING_URL, pid $h2_server_pid)"
}
