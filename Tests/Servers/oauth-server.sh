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

stop_oauth_server() {
    stop_server_process "${oauth_server_pid:-}" "the OAuth server"
    oauth_server_pid=""
}

# `_oauth_server_at PORT` exports the server's URL; `_oauth_server_at --health` checks that GET
# /health answers, without proxies (an http_proxy in the environment must not catch 127.0.0.1).
_oauth_server_at() {
    if [ "$1" != --health ]; then
        export OAUTH_SERVER_URL="http://127.0.0.1:$1"
        return 0
    fi
    python3 -c 'import sys, urllib.request as u
u.build_opener(u.ProxyHandler({})).open(sys.argv[1] + "/health", timeout=1).read()' "$OAUTH_SERVER_URL" 2>/dev/null
}

start_oauth_server() {
    stop_oauth_server >/dev/null
    install_oauth_server || return 1
    add_exit_trap stop_oauth_server
    if start_on_free_port "the OAuth server" oauth_server_pid _oauth_server_at stop_oauth_server \
        "$oauth_venv_dir/bin/python" "$oauth_scripts_directory/oauth_server.py" --exit-with-parent; then
        echo "==> The OAuth server is serving at $OAUTH_SERVER_URL (pid $oauth_server_pid)"
        return 0
    fi
    unset OAUTH_SERVER_URL
    echo "error: the OAuth server did not start" >&2
    return 1
}
