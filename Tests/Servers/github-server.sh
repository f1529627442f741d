# Sourced by bash scripts that need a local, GitHub-like REST API (Tests/Servers/github_server.py,
# Python 3 standard library only, run with the system python3; no venv, no pip):
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
# It returns non-zero, leaving nothing running, when the server does not come up.
#
# stop_github_server stops it; it is safe to call twice, or when nothing was started.
#
# There is NO EXIT trap in here, on purpose: the calling script owns one trap that stops every
# server it started. Mind that Tests/Servers/httpbin.sh's start_httpbin DOES set `trap stop_httpbin
# EXIT` (replacing any earlier EXIT trap), so a script using both sets its own trap after it:
#   start_httpbin; start_github_server; trap 'stop_github_server; stop_httpbin' EXIT

github_server_script="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/github_server.py"
github_server_pid="${github_server_pid:-}"

# Prints GITHUB_SERVER_URL's /health answer; fails when there is none within a second. Proxies
# are bypassed: an http_proxy in the environment must not catch requests to 127.0.0.1.
_github_server_health() {
    python3 -c 'import sys, urllib.request as u
print(u.build_opener(u.ProxyHandler({})).open(sys.argv[1] + "/health", timeout=1).read().decode())' \
        "$GITHUB_SERVER_URL" 2>/dev/null
}

stop_github_server() {
    local pid="${github_server_pid:-}" status=0
    github_server_pid=""
    if [ -z "$pid" ] || ! kill -0 "$pid" 2>/dev/null; then
        return 0
    fi
    kill -TERM "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || status=$?
    if [ "$status" -eq 127 ]; then # not a child of this shell: wait up to 10 s, then insist
        for _ in $(seq 1 100); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        if kill -0 "$pid" 2>/dev/null; then kill -KILL "$pid" 2>/dev/null || true; fi
    fi
    echo "==> Stopped the GitHub server (pid $pid)"
    return 0
}

start_github_server() {
    if [ -n "${github_server_pid:-}" ] && kill -0 "$github_server_pid" 2>/dev/null; then
        echo "error: the GitHub server is already running at $GITHUB_SERVER_URL (pid $github_server_pid)" >&2
        return 1
    fi
    local token=ghp_testtoken token_follows="" argument port attempt status
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
    for attempt in 1 2 3; do # another process may take the free port before the server binds it
        port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()') ||
            return 1
        command python3 "$github_server_script" --port "$port" "$@" &  # command: $! is python itself
        github_server_pid=$!
        export GITHUB_SERVER_URL="http://127.0.0.1:$port"
        export GITHUB_SERVER_TOKEN="$token"
        for _ in $(seq 1 100); do
            if _github_server_health >/dev/null; then
                echo "==> GitHub server is serving at $GITHUB_SERVER_URL (pid $github_server_pid)"
                return 0
            fi
            kill -0 "$github_server_pid" 2>/dev/null || break
            sleep 0.2
        done
        if kill -0 "$github_server_pid" 2>/dev/null; then
            echo "error: the GitHub server did not answer at $GITHUB_SERVER_URL within 20 seconds" >&2
            stop_github_server
            return 1
        fi
        status=0
        wait "$github_server_pid" 2>/dev/null || status=$?
        github_server_pid=""
        if [ "$status" -ne 75 ]; then # 75: the port was taken; anything else will not get better
            break
        fi
        echo "warning: port $port was taken before the GitHub server could bind it (attempt $attempt of 3)" >&2
    done
    unset GITHUB_SERVER_URL GITHUB_SERVER_TOKEN
    echo "error: the GitHub server did not start" >&2
    return 1
}

# The same server over HTTPS, with the TLS servers' test certificate (start_tls_servers first),
# started as Tests/Servers/local-server.sh starts the fault server's TLS twin (with its default
# options: token ghp_testtoken, 250 repositories): exports GITHUB_HTTPS_SERVER_URL and sets
# github_https_server_pid. stop_github_https_server stops it.
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/local-server.sh"
github_https_server_pid="${github_https_server_pid:-}"
start_github_https_server() { start_local_server github_https "the GitHub server over TLS" github https; }
stop_github_https_server() { stop_local_server github_https "the GitHub server over TLS"; }
