# shellcheck shell=bash
# Sourced by scripts/test: starts Tests/Servers/ratelimit_server.py (Python 3 standard library
# only, no venv needed), the rate-limit test server (GitHub's primary and secondary limits, or the
# IETF RateLimit fields, on a clock the tests drive), on a free port on 127.0.0.1, exports
# RATELIMIT_SERVER_URL, and stops it again.
#
#   source Tests/Servers/ratelimit-server.sh
#   start_ratelimit_server   # adds stop_ratelimit_server to the EXIT trap (lifecycle.sh)
#   ...                      # RATELIMIT_SERVER_URL=http://127.0.0.1:PORT
#   stop_ratelimit_server    # any number of times; or let the EXIT trap do it
#
# Its scenarios, control calls and counters: Tests/Servers/README.md and ratelimit_server.py's
# header. A running one is checked with:
#   RATELIMIT_SERVER_URL=... python3 Tests/Servers/ratelimit_selftest.py

# shellcheck source=Tests/Servers/local-server.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/local-server.sh"
ratelimit_server_pid="${ratelimit_server_pid:-}"

start_ratelimit_server() { start_local_server ratelimit "the rate-limit server"; }
stop_ratelimit_server() { stop_local_server ratelimit "the rate-limit server"; }
