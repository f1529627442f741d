# shellcheck shell=bash
# Sourced by every start and stop wrapper in Tests/Servers/ (httpbin.sh, local-server.sh,
# github-server.sh, tls-servers.sh, h2-server.sh, proxy-servers.sh, roundtrip-server.sh,
# oauth-server.sh) and by scripts/run-examples: what starting a test server, waiting for it and
# stopping it take, written once. Sourcing it again only defines the same functions again.
#
#   repository_root                  the checkout these servers belong to (two folders up)
#   free_port                        prints a port of 127.0.0.1 that nothing listens on now
#   port_accepts PORT                succeeds when something accepts a connection on 127.0.0.1:PORT
#   install_python_packages VENV LABEL CHECK PACKAGE...
#                                    pip-installs the packages into VENV (made when missing)
#                                    unless the Python code CHECK succeeds in it
#   add_exit_trap COMMAND            runs COMMAND when the shell exits, before what its EXIT trap
#                                    did already, and makes Ctrl-C and kill run that trap
#   wait_for_server STOP PID LABEL SECONDS CHECK...
#                                    add_exit_trap STOP, then wait_until_serving PID LABEL
#                                    SECONDS CHECK...; if that fails, runs STOP and fails
#   wait_until_serving PID LABEL SECONDS CHECK...
#                                    runs CHECK... (its output dropped) every 0.2 s until it
#                                    succeeds; fails, saying why, when the process PID ends first
#                                    (status 1) or after SECONDS (status 2), and leaves that
#                                    process to the caller
#   stop_server_process PID LABEL    stops the process PID, if it runs, and says so

# shellcheck disable=SC2034  # repository_root is for the scripts that source this one
repository_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"

free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

port_accepts() {
    python3 -c 'import socket, sys; socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=1).close()' \
        "$1" 2>/dev/null
}

install_python_packages() {
    local venv=$1 label=$2 check=$3
    shift 3
    if ! "$venv/bin/python" -c "$check" 2>/dev/null; then
        echo "==> Installing $label into $venv"
        python3 -m venv "$venv" || return 1
        "$venv/bin/pip" install --quiet --disable-pip-version-check "$@" || return 1
    fi
}

# Every wrapper adds its stop function in front of the EXIT trap it finds, so that servers started
# one after another leave one trap that stops them all, the last started first; a caller may also
# set that one trap itself once they are started. As a last resort the Python servers run with
# --exit-with-parent: they stop on their own within a second once the shell that started them is
# gone, even if no trap ran.
add_exit_trap() {
    local command=$1 current previous=""
    current=$(trap -p EXIT) # "trap -- 'COMMAND' EXIT"
    if [ -n "$current" ]; then
        eval "set -- $current"
        previous=${3:-}
    fi
    case "$previous" in
        *"$command"*) ;;
        "") trap -- "$command" EXIT ;;
        *) trap -- "$command; $previous" EXIT ;;
    esac
    trap 'exit 130' INT TERM
}

wait_until_serving() {
    local pid=$1 label=$2 seconds=$3 tries
    shift 3
    for ((tries = seconds * 5; tries > 0; tries--)); do
        if "$@" >/dev/null 2>&1; then
            return 0
        fi
        if ! kill -0 "$pid" 2>/dev/null; then
            echo "error: $label exited before serving" >&2
            return 1
        fi
        sleep 0.2
    done
    echo "error: $label did not serve within $seconds seconds" >&2
    return 2
}

# start_on_free_port LABEL PID_VARIABLE ON_PORT STOP COMMAND [ARGUMENT ...]
# Runs COMMAND ARGUMENT... --port PORT in the background on a free port, and tries again, up to
# three times, while another process took that port before the server could bind it (the server
# then exits with status 75). Sets PID_VARIABLE to its pid and calls `ON_PORT PORT` (which exports
# the server's URL) before waiting until `ON_PORT --health` succeeds. Returns 0 once the server
# serves; otherwise 1, the server stopped with STOP when it runs without answering.
start_on_free_port() {
    local label=$1 pid_variable=$2 on_port=$3 stop=$4 port attempt status pid
    shift 4
    for attempt in 1 2 3; do
        port=$(free_port) || return 1
        "$@" --port "$port" &
        pid=$!
        printf -v "$pid_variable" '%s' "$pid"
        "$on_port" "$port"
        status=0
        wait_until_serving "$pid" "$label" 20 "$on_port" --health || status=$?
        if [ "$status" -eq 0 ]; then
            return 0
        fi
        if [ "$status" -eq 2 ]; then # still running, not answering
            "$stop"
            return 1
        fi
        status=0
        wait "$pid" 2>/dev/null || status=$?
        printf -v "$pid_variable" '%s' ""
        if [ "$status" -ne 75 ]; then # 75: the port was taken; anything else will not get better
            return 1
        fi
        echo "warning: port $port was taken before $label could bind it (attempt $attempt of 3)" >&2
    done
    return 1
}

wait_for_server() {
    local stop=$1
    shift
    add_exit_trap "$stop"
    if ! wait_until_serving "$@"; then
        "$stop"
        return 1
    fi
}

# SIGTERM, then `wait` for it; a process that is not this shell's child (started by another
# subshell) cannot be waited for, so it gets up to 10 s to end, then SIGKILL.
stop_server_process() {
    local pid=$1 label=$2 status=0
    if [ -z "$pid" ] || ! kill -0 "$pid" 2>/dev/null; then
        return 0
    fi
    kill -TERM "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || status=$?
    if [ "$status" -eq 127 ]; then
        for _ in $(seq 1 100); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        if kill -0 "$pid" 2>/dev/null; then kill -KILL "$pid" 2>/dev/null || true; fi
    fi
    echo "==> Stopped $label (pid $pid)"
}
