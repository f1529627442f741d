# shellcheck shell=bash
# Sourced by scripts/test: makes a fresh test PKI in .build/tls-pki/ (Tests/Servers/make_test_certificates.py,
# with trustme and cryptography installed into the git-ignored venv that httpbin uses), starts the
# TLS test servers (Tests/Servers/tls_server.py, standard library only) on free ports on 127.0.0.1,
# exports TLS_PKI_DIR and one TLS_*_URL per server, and stops them again when the calling script
# exits, whether it succeeded or not (also after Ctrl-C).
#
#   source Tests/Servers/tls-servers.sh
#   start_tls_servers       # adds stop_tls_servers to the EXIT trap (lifecycle.sh)
#   ...                     # TLS_PKI_DIR=/abs/.build/tls-pki, TLS_GOOD_URL=https://127.0.0.1:PORT...
#   stop_tls_servers        # any number of times; or let the EXIT trap do it
#
# Exported: TLS_PKI_DIR (the PEM files: see make_test_certificates.py), TLS_GOOD_URL,
# TLS_EXPIRED_URL, TLS_WRONG_HOST_URL, TLS_SELF_SIGNED_URL, TLS_OTHER_CA_URL, TLS_MUTUAL_URL,
# TLS_TLS12_URL, TLS_STALL_URL, TLS_CUTOFF_URL, TLS_HALF_REPLY_URL, TLS_RESET_URL
# (https://127.0.0.1:PORT) and TLS_CONTROL_URL
# (http://127.0.0.1:PORT: GET /stats, POST /reset). What each server does: tls_server.py's header.

tls_scripts_directory="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=Tests/Servers/lifecycle.sh
source "$tls_scripts_directory/lifecycle.sh"
tls_venv_dir="${ENDPOINTKIT_VENV:-$PWD/.venv}"
tls_pki_dir="$repository_root/.build/tls-pki"
tls_servers_pid="${tls_servers_pid:-}"

install_tls_tools() {
    # Major versions pinned; an older install in the venv is replaced.
    install_python_packages "$tls_venv_dir" "trustme and cryptography" 'import sys, trustme, cryptography
sys.exit(not (trustme.__version__.startswith("1.") and cryptography.__version__.startswith("50.")))' \
        'trustme==1.*' 'cryptography==50.*'
}

stop_tls_servers() {
    stop_server_process "$tls_servers_pid" "the TLS servers"
    tls_servers_pid=""
}

start_tls_servers() {
    local ports_file="$tls_pki_dir/ports.json" variable url
    stop_tls_servers >/dev/null
    install_tls_tools || return 1
    case "$tls_pki_dir" in */.build/tls-pki) rm -rf "$tls_pki_dir" ;; esac  # never anything else
    mkdir -p "$tls_pki_dir" || return 1
    "$tls_venv_dir/bin/python" "$tls_scripts_directory/make_test_certificates.py" "$tls_pki_dir" || return 1

    python3 "$tls_scripts_directory/tls_server.py" --pki "$tls_pki_dir" --ports-file "$ports_file" \
        --exit-with-parent &
    tls_servers_pid=$!

    # tls_server.py writes the ports file (at once, whole) when every server is listening.
    wait_for_server stop_tls_servers "$tls_servers_pid" "the TLS servers" 10 test -s "$ports_file" || return 1
    export TLS_PKI_DIR="$tls_pki_dir"
    # {"good": 40001, "wrong-host": 40002, ..., "control": 40009} -> TLS_GOOD_URL=https://..., ...
    while read -r variable url; do
        export "$variable=$url"
    done < <(python3 -c 'import json, sys
for name, port in json.load(open(sys.argv[1])).items():
    scheme = "http" if name == "control" else "https"
    print("TLS_" + name.upper().replace("-", "_") + "_URL", f"{scheme}://127.0.0.1:{port}")' "$ports_file")

    # Serving: the control server answers, and the good server answers a request over TLS that
    # trusts ca.pem only (so the PKI is right too); then its counts go back to zero. No proxies.
    if ! python3 -c 'import ssl, sys, urllib.request as u
control, good, ca = sys.argv[1:]
u.build_opener(u.ProxyHandler({})).open(control + "/health", timeout=5)
https = u.HTTPSHandler(context=ssl.create_default_context(cafile=ca))
u.build_opener(u.ProxyHandler({}), https).open(good + "/ready", timeout=5)
u.build_opener(u.ProxyHandler({})).open(u.Request(control + "/reset", method="POST"), timeout=5)' \
        "$TLS_CONTROL_URL" "$TLS_GOOD_URL" "$TLS_PKI_DIR/ca.pem"; then
        echo "error: the TLS servers do not answer at $TLS_CONTROL_URL and $TLS_GOOD_URL" >&2
        stop_tls_servers
        return 1
    fi
    echo "==> The TLS servers are serving (good at $TLS_GOOD_URL, control at $TLS_CONTROL_URL," \
        "pid $tls_servers_pid); their PKI is in $TLS_PKI_DIR"
}
