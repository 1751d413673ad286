#!/bin/sh
# Installs galgen's .deb on Debian 12 with the runtime libraries it names (its Depends) and nothing
# else, and adds the unprivileged user `galgen` (uid 1000) with the folder /site. The container image's
# runtime stage runs exactly this, and scripts/test-install.sh runs it in a bare Debian root.
#   install-deb.sh PATH/TO/galgen_VERSION_ARCH.deb
set -eu
deb=${1:?usage: install-deb.sh galgen_VERSION_ARCH.deb}
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends "$deb"
# What apt downloaded and its package lists are of no use once installed (in an image, they are weight).
apt-get clean
rm -rf /var/lib/apt/lists/*
id galgen >/dev/null 2>&1 || useradd --create-home --uid 1000 --user-group --shell /bin/sh galgen
mkdir -p /site
chown galgen:galgen /site
