# shellcheck shell=bash
# Sourced by scripts/test: starts Tests/Servers/fault_server.py (Python 3 standard library only, no
# venv needed) on a free port on 127.0.0.1, exports FAULT_SERVER_URL, and stops it again.
#
#   source Tests/Servers/fault-server.sh
#   start_fault_server      # adds stop_fault_server to the EXIT trap (lifecycle.sh)
#   ...                     # FAULT_SERVER_URL=http://127.0.0.1:PORT
#   stop_fault_server       # or let the EXIT trap do it

# shellcheck source=Tests/Servers/local-server.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/local-server.sh"
fault_server_pid="${fault_server_pid:-}"

start_fault_server() { start_local_server fault "the fault server"; }
stop_fault_server() { stop_local_server fault "the fault server"; }

# The same server over HTTPS, with the TLS servers' test certificate (start_tls_servers first):
# exports FAULT_HTTPS_SERVER_URL.
fault_https_server_pid="${fault_https_server_pid:-}"
start_fault_https_server() { start_local_server fault_https "the fault server over TLS" fault https; }
stop_fault_https_server() { stop_local_server fault_https "the fault server over TLS"; }
