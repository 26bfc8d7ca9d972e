#!/bin/sh
# Makes the root file system of a node-only image (issue 26): Node's binary, the shared libraries it and
# the given native modules link against (found with ldd, so glibc and musl bases alike), an empty /tmp and
# a passwd/group naming uid 1000. The Dockerfiles copy it into `FROM scratch`: no shell, no package manager,
# no npm (about 90 MB of a node:24 image that a server never runs), the same Node the build used.
#   collect-rootfs.sh <rootfs> [folder with native modules ...]
set -eu
rootfs=$1
shift
node=$(command -v node)
if ! command -v ldd >/dev/null; then
  echo "collect-rootfs: ldd is missing in the build image; it lists the libraries node needs" >&2
  exit 1
fi

keep() { # a file, at the same path in the rootfs, its symlinks resolved
  mkdir -p "$rootfs$(dirname "$1")"
  cp -L "$1" "$rootfs$1"
}
# Absolute paths in ldd's answer: the libraries and the dynamic loader; what a module brings in its own
# folder (sharp's libvips) is copied with node_modules already.
libraries_of() { ldd "$1" 2>/dev/null | awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^\//) print $i }' | grep -v '/node_modules/' || true; }

mkdir -p "$rootfs/usr/local/bin" "$rootfs/etc"
cp "$node" "$rootfs/usr/local/bin/node"
{
  libraries_of "$node"
  for folder in "$@"; do
    find "$folder" -type f \( -name '*.node' -o -name '*.so' -o -name '*.so.*' \) | while read -r module; do
      libraries_of "$module"
    done
  done
} | sort -u | while read -r library; do keep "$library"; done

mkdir -p "$rootfs/tmp" && chmod 1777 "$rootfs/tmp"
printf 'root:x:0:0:root:/root:/sbin/nologin\nnode:x:1000:1000:node:/data:/sbin/nologin\n' >"$rootfs/etc/passwd"
printf 'root:x:0:\nnode:x:1000:\n' >"$rootfs/etc/group"
# Proof that the copy runs by itself: the loader and libraries found, before any image is made of it.
chroot "$rootfs" /usr/local/bin/node -e 'process.exit(0)' 2>/dev/null \
  || { [ "$(id -u)" != 0 ] || { echo "collect-rootfs: node does not start in $rootfs" >&2; exit 1; }; }
du -sh "$rootfs" | sed 's/^/collect-rootfs: /'
