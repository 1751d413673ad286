# galgen as a container image: built on the Swift image for Debian 12, run on debian:bookworm-slim with
# only the runtime libraries galgen's .deb depends on, as the unprivileged user galgen, in /site.
#
#   docker build -t galgen .
#   docker run --rm --user "$(id -u):$(id -g)" -v "$PWD:/site" galgen build     # the site in the current folder
#   docker run --rm --user "$(id -u):$(id -g)" -v "$PWD:/site" -p 8080:8080 galgen serve --host 0.0.0.0
#
# (serve warns that 0.0.0.0 is not loopback: inside a container that is how the port is published.)
#
# From release .debs instead of compiling: the stage `debs` is replaced by a folder holding
# galgen_VERSION_ARCH.deb for the target's architecture (what scripts/package.sh --out DIR writes), and the
# build stage is then skipped:
#
#   docker buildx build --build-context debs=dist -t galgen .        # podman build --build-context debs=dist …
#
# The release workflow does that with the .debs it publishes (linux/amd64 and linux/arm64), and
# scripts/test-image.sh does it with podman on a locally made base (RUNTIME_BASE), then runs the image.

ARG RUNTIME_BASE=debian:bookworm-slim

FROM swift:6.3-bookworm AS build
RUN apt-get update -q \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
        libxml2-dev libjpeg-dev libpng-dev libwebp-dev libgif-dev libheif-dev libavif-dev libtiff-dev \
        liblcms2-dev libexif-dev libiptcdata0-dev libcmark-dev libarchive-dev libavformat-dev libavcodec-dev libavutil-dev libswscale-dev pkg-config dpkg-dev patchelf binutils python3 git \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
# The address `galgen init --ci github` pins releases from (the release workflow passes its own).
ARG GALGEN_RELEASES_URL=""
RUN git config --global --add safe.directory /src \
 && GALGEN_RELEASES_URL="$GALGEN_RELEASES_URL" scripts/package.sh --out /dist

# The .debs the runtime stage installs: the build stage's, unless `--build-context debs=DIR` gives a folder.
FROM scratch AS debs
COPY --from=build /dist/ /

FROM ${RUNTIME_BASE} AS runtime
ARG TARGETARCH
COPY --from=debs /galgen_*_${TARGETARCH}.deb /tmp/
COPY scripts/packaging/install-deb.sh /tmp/install-deb.sh
RUN set -- /tmp/galgen_*_${TARGETARCH}.deb \
 && if [ $# != 1 ]; then echo "expected one galgen .deb for ${TARGETARCH}, found: $*" >&2; exit 1; fi \
 && sh /tmp/install-deb.sh "$1" && rm "$1" /tmp/install-deb.sh
USER galgen
WORKDIR /site
EXPOSE 8080
ENTRYPOINT ["galgen"]
CMD ["build"]
