#!/bin/sh
# compose.yaml on a Debian 12 machine with podman and no Docker: Debian's docker-compose 1.29 talking to
# podman's Docker-compatible API, plus what systemd would do for podman. From the repository root:
#   deploy/offline-images/compose.sh up -d        # any docker-compose command: ps, logs, down, run --rm backup
# Why not podman-compose: Debian 12's (1.0.3) fails on compose.yaml's network aliases and ignores profiles,
# the network's subnet and depends_on conditions. docker-compose 1.29 knows them all but not the top-level
# `name:` (newer than it), so the file is read without that line and the project is named with -p.
# Without systemd podman runs no health check by itself, and compose would wait for `service_healthy`
# forever: health-ticker.mjs runs them on Docker's schedule while the stack is up.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
here="$root/deploy/offline-images"
project=$(sed -n 's/^name: *//p' "$root/compose.yaml")
sock=/run/podman/podman.sock
run_dir=/run/shop-offline
mkdir -p "$run_dir" /run/podman
export DOCKER_HOST="unix://$sock"

alive() { [ -f "$run_dir/$1.pid" ] && kill -0 "$(cat "$run_dir/$1.pid")" 2>/dev/null; }
start() {
  name=$1
  shift
  if alive "$name"; then return; fi
  nohup "$@" >"$run_dir/$name.log" 2>&1 &
  echo $! >"$run_dir/$name.pid"
}
stop() {
  if alive "$1"; then kill "$(cat "$run_dir/$1.pid")"; fi
  rm -f "$run_dir/$1.pid"
}

start podman-service podman system service --time=0 "unix://$sock"
i=0
until curl -fs --unix-socket "$sock" http://podman/_ping >/dev/null; do
  i=$((i + 1))
  if [ $i -gt 50 ]; then
    echo "podman's API did not answer on $sock ($run_dir/podman-service.log)" >&2
    exit 1
  fi
  sleep 0.1
done
case " $* " in
  *' up '* | *' run '* | *' start '* | *' restart '*) start health-ticker node "$here/health-ticker.mjs" "$project" ;;
esac

status=0
# Podman names its IPAM driver as an option (driver: host-local); said here too, a second `up` or a `run`
# does not stop on "Network shop_shop needs to be recreated - IPAM option driver has changed".
sed -e '/^name: /d' -e 's/^    ipam:$/    ipam:\n      options: { driver: host-local }/' "$root/compose.yaml" | docker-compose -p "$project" --project-directory "$root" -f - "$@" || status=$?
case " $* " in
  *' down '*) stop health-ticker && stop podman-service ;;
esac
exit $status
