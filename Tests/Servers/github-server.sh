# shellcheck shell=bash
# Sourced by bash scripts that need a local, GitHub-like REST API (Tests/Servers/github_server.py),
# which is also a GitHub App (Tests/Servers/github_apps.py, whose JWTs PyJWT verifies: pyjwt[crypto]
# is installed into the git-ignored venv, .venv/ or $ENDPOINTKIT_VENV, and the server runs with its
# python):
#
#   source Tests/Servers/github-server.sh
#   trap 'stop_github_server' EXIT      # YOUR trap: this file never sets a trap itself
#   trap 'exit 130' INT TERM            # so that Ctrl-C and kill run the EXIT trap too
#   start_github_server                 # or e.g.: start_github_server --repos 50 --rate-limit 10
#   curl -H "Authorization: token $GITHUB_SERVER_TOKEN" "$GITHUB_SERVER_URL/user/repos"
#
# start_github_server [SERVER ARGUMENTS...] starts the server on a free port on 127.0.0.1,
# waits (up to 20 s) until GET /health answers, records its pid in github_server_pid and exports
#   GITHUB_SERVER_URL=http://127.0.0.1:PORT
#   GITHUB_SERVER_TOKEN=ghp_testtoken      (or the first --token given)
#   GITHUB_APP_ID=12345                    the app's ID, the `iss` its JWTs must have
#   GITHUB_APP_PRIVATE_KEY_PATH=DIR/app.pem  the app's RSA private key (2048 bits), made with openssl
#                                          at start in a `mktemp -d` folder; the server has only the
#                                          public key
# It returns non-zero, leaving nothing running, when the server does not come up.
#
# stop_github_server stops it and removes the key folder; it is safe to call twice, or when nothing
# was started.
#
# There is NO EXIT trap in here, on purpose: the calling script owns one trap that stops every
# server it started. The other wrappers add their stop functions in front of the EXIT trap they
# find (lifecycle.sh's add_exit_trap), so a trap set before them still runs:
#   trap 'stop_github_server' EXIT; start_github_server; start_httpbin   # stops both

# shellcheck source=Tests/Servers/local-server.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/local-server.sh"  # and so lifecycle.sh
github_server_script="$local_server_directory/github_server.py"
github_server_pid="${github_server_pid:-}"
github_venv_dir="${ENDPOINTKIT_VENV:-$PWD/.venv}"
github_app_key_dir="${github_app_key_dir:-}"

# PyJWT 2 with its RSA support (cryptography), for the app's JWTs.
install_github_server() {
    install_python_packages "$github_venv_dir" "PyJWT" 'import sys, jwt, cryptography
sys.exit(not jwt.__version__.startswith("2."))' 'pyjwt[crypto]==2.*'
}

# A new RSA key pair for the app, in a folder of its own: DIR/app.pem and DIR/app.pub.pem.
_make_github_app_keys() {
    github_app_key_dir=$(mktemp -d "${TMPDIR:-/tmp}/endpointkit-github-app.XXXXXX") || return 1
    openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$github_app_key_dir/app.pem" 2>/dev/null &&
        openssl pkey -in "$github_app_key_dir/app.pem" -pubout -out "$github_app_key_dir/app.pub.pem" 2>/dev/null
}

# `_github_server_at PORT` exports the server's URL, token and app; `_github_server_at --health`
# prints GITHUB_SERVER_URL's /health answer, and fails when there is none within a second. Proxies
# are bypassed: an http_proxy in the environment must not catch requests to 127.0.0.1.
_github_server_at() {
    if [ "$1" != --health ]; then
        export GITHUB_SERVER_URL="http://127.0.0.1:$1" GITHUB_SERVER_TOKEN="$github_server_token"
        export GITHUB_APP_ID=12345 GITHUB_APP_PRIVATE_KEY_PATH="$github_app_key_dir/app.pem"
        return 0
    fi
    python3 -c 'import sys, urllib.request as u
print(u.build_opener(u.ProxyHandler({})).open(sys.argv[1] + "/health", timeout=1).read().decode())' \
        "$GITHUB_SERVER_URL" 2>/dev/null
}

stop_github_server() {
    stop_server_process "${github_server_pid:-}" "the GitHub server"
    github_server_pid=""
    if [ -n "${github_app_key_dir:-}" ]; then
        rm -rf "$github_app_key_dir"
        github_app_key_dir=""
        unset GITHUB_APP_ID GITHUB_APP_PRIVATE_KEY_PATH
    fi
}

start_github_server() {
    if [ -n "${github_server_pid:-}" ] && kill -0 "$github_server_pid" 2>/dev/null; then
        echo "error: the GitHub server is already running at $GITHUB_SERVER_URL (pid $github_server_pid)" >&2
        return 1
    fi
    local token=ghp_testtoken token_follows="" argument
    for argument in "$@"; do # the token to export: the first --token, if any
        if [ -n "$token_follows" ]; then
            token="$argument"
            break
        fi
        case "$argument" in
            --token) token_follows=1 ;;
            --token=*)
                token="${argument#--token=}"
                break
                ;;
        esac
    done
    install_github_server || return 1
    if ! _make_github_app_keys; then
        echo "error: openssl could not make the GitHub App's key pair" >&2
        stop_github_server
        return 1
    fi
    github_server_token="$token"
    if start_on_free_port "the GitHub server" github_server_pid _github_server_at stop_github_server \
        "$github_venv_dir/bin/python" "$github_server_script" \
        --app-id 12345 --app-public-key "$github_app_key_dir/app.pub.pem" "$@"; then
        echo "==> GitHub server is serving at $GITHUB_SERVER_URL (pid $github_server_pid)"
        return 0
    fi
    unset GITHUB_SERVER_URL GITHUB_SERVER_TOKEN
    stop_github_server
    echo "error: the GitHub server did not start" >&2
    return 1
}

# The same server over HTTPS, with the TLS servers' test certificate (start_tls_servers first),
# started as Tests/Servers/local-server.sh starts the fault server's TLS twin (with its default
# options: token ghp_testtoken, 250 repositories): exports GITHUB_HTTPS_SERVER_URL and sets
# github_https_server_pid. stop_github_https_server stops it.
github_https_server_pid="${github_https_server_pid:-}"
start_github_https_server() { start_local_server github_https "the GitHub server over TLS" github https; }
stop_github_https_server() { stop_local_server github_https "the GitHub server over TLS"; }
