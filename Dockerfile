# galgen as a container image: built on the Swift image for Debian 12, run on debian:bookworm-slim with
# only the runtime libraries galgen's .deb depends on, as the unprivileged user galgen, in /site.
#
#   docker build -t galgen .
#   docker run --rm -v "$PWD:/site" galgen build                     # the site in the current folder
#   docker run --rm -v "$PWD:/site" -p 8080:8080 galgen serve --host 0.0.0.0
#
# (serve warns that 0.0.0.0 is not loopback: inside a container that is how the port is published.)
# The release workflow builds it for linux/amd64 and linux/arm64 and pushes it to the repository's
# registry; scripts/test-install.sh runs the runtime stage's install script in a bare Debian 12 root.

FROM swift:6.3-bookworm AS build
RUN apt-get update -q \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
        libxml2-dev libjpeg-dev libpng-dev libwebp-dev libgif-dev libheif-dev libavif-dev libtiff-dev \
        liblcms2-dev libicu-dev libexif-dev libiptcdata0-dev libcmark-dev libarchive-dev libavformat-dev libavcodec-dev libavutil-dev libswscale-dev pkg-config dpkg-dev patchelf binutils git \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
# The address `galgen init --ci github` pins releases from (the release workflow passes its own).
ARG GALGEN_RELEASES_URL=""
RUN git config --global --add safe.directory /src \
 && GALGEN_RELEASES_URL="$GALGEN_RELEASES_URL" scripts/package.sh --out /dist \
 && cp /dist/galgen_*.deb /dist/galgen.deb

FROM debian:bookworm-slim
COPY --from=build /dist/galgen.deb /tmp/galgen.deb
COPY scripts/packaging/install-deb.sh /tmp/install-deb.sh
RUN sh /tmp/install-deb.sh /tmp/galgen.deb && rm /tmp/galgen.deb /tmp/install-deb.sh
USER galgen
WORKDIR /site
EXPOSE 8080
ENTRYPOINT ["galgen"]
CMD ["build"]
