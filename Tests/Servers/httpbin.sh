# Sourced by scripts/test and scripts/run-examples: installs httpbin into a local,
# git-ignored venv (.venv/), starts it on a free port on 127.0.0.1, exports HTTPBIN_URL,
# and stops it again when the calling script exits, whether it succeeded or not.

venv_dir="${ENDPOINTKIT_VENV:-$PWD/.venv}"

install_httpbin() {
    if [ ! -x "$venv_dir/bin/gunicorn" ] || ! "$venv_dir/bin/python" -c 'import httpbin' 2>/dev/null; then
        echo "==> Installing httpbin into $venv_dir"
        python3 -m venv "$venv_dir"
        "$venv_dir/bin/pip" install --quiet --disable-pip-version-check 'httpbin==0.10.*' 'gunicorn>=22'
    fi
}

free_port() {
    "$venv_dir/bin/python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

stop_httpbin() {
    if [ -n "${httpbin_pid:-}" ] && kill -0 "$httpbin_pid" 2>/dev/null; then
        kill "$httpbin_pid" 2>/dev/null
        wait "$httpbin_pid" 2>/dev/null
        echo "==> Stopped httpbin (pid $httpbin_pid)"
    fi
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
    "$venv_dir/bin/gunicorn" --bind "127.0.0.1:$port" --worker-class gthread --workers 2 \
        --threads 64 --no-control-socket --log-level warning httpbin:app \
        2> >(grep --line-buffered -v 'flasgger is not installed' >&2) &
    httpbin_pid=$!
    trap stop_httpbin EXIT
    trap 'exit 130' INT TERM
    export HTTPBIN_URL="http://127.0.0.1:$port"
    for _ in $(seq 1 100); do
        if "$venv_dir/bin/python" -c "import urllib.request, sys; urllib.request.urlopen('$HTTPBIN_URL/get', timeout=1)" 2>/dev/null; then
            echo "==> httpbin is serving at $HTTPBIN_URL (pid $httpbin_pid)"
            return 0
        fi
        if ! kill -0 "$httpbin_pid" 2>/dev/null; then
            echo "error: httpbin exited before it answered" >&2
            return 1
        fi
        sleep 0.2
    done
    echo "error: httpbin did not answer at $HTTPBIN_URL within 20 seconds" >&2
    return 1
}
