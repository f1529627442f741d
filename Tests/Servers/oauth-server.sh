# shellcheck shell=bash
# Sourced by scripts/test: installs Authlib and Flask into the git-ignored venv that httpbin uses
# (.venv/, or $ENDPOINTKIT_VENV), starts Tests/Servers/oauth_server.py (an OAuth 2.0 authorization
# server for the client credentials, refresh token, device code and PKCE authorization code flows,
# with test hooks) on a free port on 127.0.0.1, exports OAUTH_SERVER_URL, and stops it again when
# the calling script exits, whether it succeeded or not (also after Ctrl-C).
#
#   source Tests/Servers/oauth-server.sh
#   start_oauth_server      # adds stop_oauth_server to the EXIT trap (lifecycle.sh)
#   ...                     # OAUTH_SERVER_URL=http://127.0.0.1:PORT
#   stop_oauth_server       # any number of times; or let the EXIT trap do it
#
# install_oauth_server only installs (scripts/test runs it in the background with the others).
# Clients, endpoints and test hooks: oauth_server.py's header. Tests/Servers/oauth_server_selftest.py
# checks a running server: OAUTH_SERVER_URL=... .venv/bin/python Tests/Servers/oauth_server_selftest.py

oauth_scripts_directory="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=Tests/Servers/lifecycle.sh
source "$oauth_scripts_directory/lifecycle.sh"
oauth_venv_dir="${ENDPOINTKIT_VENV:-$PWD/.venv}"
oauth_server_pid="${oauth_server_pid:-}"

install_oauth_server() {
    # Major versions pinned; an older install in the venv is replaced.
    install_python_packages "$oauth_venv_dir" "Authlib and Flask" 'import sys, authlib, flask
from importlib.metadata import version
sys.exit(not (version("authlib").startswith("1.") and version("flask").startswith("3.")))' \
        'authlib==1.*' 'flask==3.*'
}

# GET /health answers; no proxies (an http_proxy in the environment must not catch 127.0.0.1).
_oauth_server_health() {
    python3 -c 'import sys, urllib.request as u
u.build_opener(u.ProxyHandler({})).open(sys.argv[1] + "/health", timeout=1).read()' "$OAUTH_SERVER_URL" 2>/dev/null
}

stop_oauth_server() {
    stop_server_process "${oauth_server_pid:-}" "the OAuth server"
    oauth_server_pid=""
}

start_oauth_server() {
    local port attempt status
    stop_oauth_server >/dev/null
    install_oauth_server || return 1
    add_exit_trap stop_oauth_server
    for attempt in 1 2 3; do # another process may take the free port before the server binds it
        port=$(free_port) || return 1
        "$oauth_venv_dir/bin/python" "$oauth_scripts_directory/oauth_server.py" --port "$port" --exit-with-parent &
        oauth_server_pid=$!
        export OAUTH_SERVER_URL="http://127.0.0.1:$port"
        status=0
        wait_until_serving "$oauth_server_pid" "the OAuth server" 20 _oauth_server_health || status=$?
        if [ "$status" -eq 0 ]; then
            echo "==> The OAuth server is serving at $OAUTH_SERVER_URL (pid $oauth_server_pid)"
            return 0
        fi
        if [ "$status" -eq 2 ]; then # still running, not answering
            stop_oauth_server
            break
        fi
        status=0
        wait "$oauth_server_pid" 2>/dev/null || status=$?
        oauth_server_pid=""
        if [ "$status" -ne 75 ]; then # 75: the port was taken; anything else will not get better
            break
        fi
        echo "warning: port $port was taken before the OAuth server could bind it (attempt $attempt of 3)" >&2
    done
    unset OAUTH_SERVER_URL
    echo "error: the OAuth server did not start" >&2
    return 1
}
