# shellcheck shell=bash
# Sourced by scripts/test: starts Tests/Servers/cache_origin_server.py (Python 3 standard library
# only, no venv needed), the origin of the HTTP cache tests, on a free port on 127.0.0.1, exports
# CACHE_ORIGIN_URL, and stops it again.
#
#   source Tests/Servers/cache-origin-server.sh
#   start_cache_origin_server   # adds stop_cache_origin_server to the EXIT trap (lifecycle.sh)
#   ...                         # CACHE_ORIGIN_URL=http://127.0.0.1:PORT
#   stop_cache_origin_server    # any number of times; or let the EXIT trap do it
#
# Its resources, control calls and log: cache_origin_server.py's header. A running one is checked
# by hand with: CACHE_ORIGIN_URL=... python3 Tests/Servers/cache_origin_selftest.py

# shellcheck source=Tests/Servers/local-server.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/local-server.sh"
cache_origin_server_pid="${cache_origin_server_pid:-}"

start_cache_origin_server() { start_local_server cache_origin "the cache origin" "" "" CACHE_ORIGIN_URL; }
stop_cache_origin_server() { stop_local_server cache_origin "the cache origin"; }
