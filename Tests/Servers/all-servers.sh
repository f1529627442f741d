# shellcheck shell=bash
# Sourced by scripts/test and by the macOS job of .github/workflows/ci.yml: every local test
# server, in one table (`servers`), and what installs, starts and stops them all, so that both
# start the same servers, in the same order, as TestServer.all (Tests/Servers/Locators) expects
# them. Sourcing it sources each server's script in Tests/Servers/ (and so lifecycle.sh); run it
# from the checkout's root, where the scripts keep their venvs (.venv/, .venv-mitmproxy/).
#
#   source Tests/Servers/all-servers.sh
#   install_servers          # each server's Python packages (start_servers installs what is missing)
#   start_servers            # all of them, in the table's order; the first failure stops the rest
#   unset_server_variables   # names each row's SHOWN variable that is empty or unset: none, once started
#   stop_servers             # all of them, the last started first; safe when some never started
#
# Each start adds its stop to the EXIT trap (lifecycle.sh's add_exit_trap); a caller that owns
# its EXIT trap sets it again once they are started, e.g. `trap stop_servers EXIT`.

# The servers, in the order they start: each row names the functions that its script in
# Tests/Servers/ defines (start_NAME and stop_NAME; install_... when it has Python packages to
# install), and the variable that shows it started (scripts/test's servers stage prints it).
# Sourcing, installing, starting, the exported variables and stopping all follow from this one
# table; what each server serves and which suites use it: Tests/Servers/README.md. A row starts
# after the rows above it (the HTTPS twins and the HTTP/2 servers use the TLS servers' PKI).
#   NAME                 SCRIPT               INSTALL               SHOWN
servers=(
    "httpbin              httpbin.sh           install_httpbin       HTTPBIN_URL"
    "fault_server         fault-server.sh      -                     FAULT_SERVER_URL"
    "github_server        github-server.sh     install_github_server GITHUB_SERVER_URL"
    "stream_server        stream-server.sh     -                     STREAM_SERVER_URL"
    "tls_servers          tls-servers.sh       install_tls_tools     TLS_CONTROL_URL"
    "fault_https_server   fault-server.sh      -                     FAULT_HTTPS_SERVER_URL"
    "stream_https_server  stream-server.sh     -                     STREAM_HTTPS_SERVER_URL"
    "github_https_server  github-server.sh     -                     GITHUB_HTTPS_SERVER_URL"
    "h2_server            h2-server.sh         install_hypercorn     H2_SERVER_URL"
    "proxy_servers        proxy-servers.sh     install_mitmproxy     PROXY_URL"
    "roundtrip_server     roundtrip-server.sh  install_connexion     ROUNDTRIP_V30_YAML_URL"
    "oauth_server         oauth-server.sh      install_oauth_server  OAUTH_SERVER_URL"
    "cache_origin_server  cache-origin-server.sh -                   CACHE_ORIGIN_URL"
    "cache_oracle_server  cache-oracle-server.sh install_cache_oracle_server CACHE_ORACLE_URL"
    "ratelimit_server     ratelimit-server.sh  -                     RATELIMIT_SERVER_URL"
)

# server_column N: the Nth column (1: NAME, 2: SCRIPT, 3: INSTALL, 4: SHOWN) of every row, in order.
server_column() {
    printf '%s\n' "${servers[@]}" | awk -v column="$1" '{ print $column }'
}

# Each script once, in the table's order.
source_server_scripts() {
    local directory script
    directory="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
    # shellcheck disable=SC1090 # the scripts named in the table
    for script in $(server_column 2 | awk '!seen[$0]++'); do source "$directory/$script" || return; done
}
source_server_scripts

# Each of them, one after the other (the first failure stops the rest).
install_servers() {
    local install
    for install in $(server_column 3 | grep -vx -- -); do "$install" || return; done
}
start_servers() {
    local name
    for name in $(server_column 1); do "start_$name" || return; done
}
# The last started first (awk, not tac, which macOS does not have); each stop is safe when its
# server never started.
stop_servers() {
    local name
    for name in $(server_column 1 | awk '{ names[NR] = $0 } END { for (row = NR; row > 0; row--) print names[row] }'); do
        "stop_$name" || true
    done
}
# The variables the table shows, each that is empty or unset named, so that no server's suites
# are skipped for a variable its script failed to export.
unset_server_variables() {
    local variable
    for variable in $(server_column 4); do
        if [ -z "${!variable:-}" ]; then echo "$variable"; fi
    done
}
