#!/bin/sh
# redis-server with options only (no configuration file): protected mode off, as the official image.
set -eu
if [ "${1:-}" = redis-server ] && { [ $# = 1 ] || [ "${2#-}" != "$2" ]; }; then
  shift
  set -- redis-server --protected-mode no "$@"
fi
if [ "${1:-}" = redis-server ] && [ "$(id -u)" = 0 ]; then
  exec setpriv --reuid=redis --regid=redis --init-groups "$@"
fi
exec "$@"
