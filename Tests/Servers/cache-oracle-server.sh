# shellcheck shell=bash
# Sourced by scripts/test: installs hishel 2.0 into the git-ignored venv that httpbin uses (.venv/,
# or $ENDPOINTKIT_VENV), starts Tests/Servers/cache_oracle_server.py (an RFC 9111 oracle: hishel's
# state machine decides each step of a scenario) with that venv's python on a free port on
# 127.0.0.1, exports CACHE_ORACLE_URL, and stops it again.
#
#   source Tests/Servers/cache-oracle-server.sh
#   start_cache_oracle_server   # installs first; adds stop_cache_oracle_server to the EXIT trap (lifecycle.sh)
#   ...                         # CACHE_ORACLE_URL=http://127.0.0.1:PORT
#   stop_cache_oracle_server    # any number of times; or let the EXIT trap do it
#
# install_cache_oracle_server only installs (scripts/test runs it in the background with the others).
# Scenarios and answers: cache_oracle_server.py's header. A running one is checked by hand with:
# CACHE_ORACLE_URL=... python3 Tests/Servers/cache_oracle_selftest.py

# shellcheck source=Tests/Servers/local-server.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/local-server.sh"
cache_oracle_venv_dir="${ENDPOINTKIT_VENV:-$PWD/.venv}"
cache_oracle_server_pid="${cache_oracle_server_pid:-}"

# hishel's minor version pinned: the oracle reads its state machine, not only its public API.
install_cache_oracle_server() {
    install_python_packages "$cache_oracle_venv_dir" "hishel" 'import sys
from importlib.metadata import version
sys.exit(not version("hishel").startswith("2.0."))' 'hishel==2.0.*'
}

start_cache_oracle_server() {
    install_cache_oracle_server || return 1
    CACHE_ORACLE_SERVER_PYTHON="$cache_oracle_venv_dir/bin/python" \
        start_local_server cache_oracle "the cache oracle" "" "" CACHE_ORACLE_URL
}
stop_cache_oracle_server() { stop_local_server cache_oracle "the cache oracle"; }
