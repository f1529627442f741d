# shellcheck shell=bash
# Sourced by scripts/test and scripts/run-examples: installs httpbin into a local,
# git-ignored venv (.venv/), starts it on a free port on 127.0.0.1, exports HTTPBIN_URL,
# and stops it again when the calling script exits, whether it succeeded or not.

# shellcheck source=Tests/Servers/lifecycle.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lifecycle.sh"
venv_dir="${ENDPOINTKIT_VENV:-$PWD/.venv}"

install_httpbin() {
    install_python_packages "$venv_dir" httpbin 'import httpbin, gunicorn' 'httpbin==0.10.*' 'gunicorn>=22'
}

stop_httpbin() {
    stop_server_process "${httpbin_pid:-}" httpbin
    httpbin_pid=""
}

start_httpbin() {
    install_httpbin
    local port
    port=$(free_port)
    # gthread with many threads: the sync worker serves one request at a time, which breaks
    # delay and concurrency tests. --no-control-socket keeps gunicorn out of ~/.gunicorn.
    # httpbin 0.10 warns at start-up, once per worker, that the optional flasgger (its Swagger
    # UI) is not installed; no test uses it, so that line is dropped from its output.
    # --keep-alive 60: gunicorn closes a connection after 2 s idle by default. A test process
    # that the machine stalls for longer between a redirect and the request that follows it
    # (seen in CI at start-up under TSan) hands the follow-up to a pooled connection the server
    # has just closed: AsyncHTTPClient fails it with remoteConnectionClosed, and a POST is rightly
    # not retried. Reproduced by stopping the test process (SIGSTOP) for 2.6 s: 7 of 25
    # RedirectIntegrationTests runs failed; with 60 s, none of 49.
    "$venv_dir/bin/gunicorn" --bind "127.0.0.1:$port" --worker-class gthread --workers 2 \
        --threads 64 --keep-alive 60 --no-control-socket --log-level warning httpbin:app \
        2> >(grep --line-buffered -v 'flasgger is not installed' >&2) &
    httpbin_pid=$!
    export HTTPBIN_URL="http://127.0.0.1:$port"
    wait_for_server stop_httpbin "$httpbin_pid" httpbin 20 "$venv_dir/bin/python" -c \
        'import sys, urllib.request; urllib.request.urlopen(sys.argv[1] + "/get", timeout=1)' "$HTTPBIN_URL" ||
        return 1
    echo "==> httpbin is serving at $HTTPBIN_URL (pid $httpbin_pid)"
}
