#!/usr/bin/env bash
# Installs what galgen needs on Debian 12 besides Swift: the C libraries (libxml2, libjpeg),
# pkg-config, Java for the W3C Nu validator, and Python's venv. Run as root (or with sudo).
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends \
    libxml2-dev libjpeg-dev pkg-config \
    default-jre-headless python3-venv python3-pip
