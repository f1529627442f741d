# shellcheck shell=bash
# Sourced by scripts/test: starts Tests/Servers/stream_server.py (Python 3 standard library only, no
# venv needed) on a free port on 127.0.0.1, exports STREAM_SERVER_URL, and stops it again.
#
#   source Tests/Servers/stream-server.sh
#   start_stream_server     # adds stop_stream_server to the EXIT trap (lifecycle.sh)
#   ...                     # STREAM_SERVER_URL=http://127.0.0.1:PORT
#   stop_stream_server      # or let the EXIT trap do it

# shellcheck source=Tests/Servers/local-server.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/local-server.sh"
stream_server_pid="${stream_server_pid:-}"

start_stream_server() { start_local_server stream "the stream server"; }
stop_stream_server() { stop_local_server stream "the stream server"; }

# The same server over HTTPS, with the TLS servers' test certificate (start_tls_servers first):
# exports STREAM_HTTPS_SERVER_URL.
stream_https_server_pid="${stream_https_server_pid:-}"
start_stream_https_server() { start_local_server stream_https "the stream server over TLS" stream https; }
stop_stream_https_server() { stop_local_server stream_https "the stream server over TLS"; }
