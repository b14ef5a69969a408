# MailtoKit in one image: the API, the tracking redirect and the web app in one Node.js process.
#   docker build -t mailtokit .
#   docker run -p 3000:3000 -v mailtokit-data:/data mailtokit
# Behind a proxy that intercepts TLS, hand its CA bundle to the build (never stored in the image):
#   docker build --secret id=ca,src=/etc/ssl/certs/ca-certificates.crt -t mailtokit .
# Node.js 22: better-sqlite3 12 aborts on Node.js 24 when the garbage collector frees a statement
# (an assertion in RemoveEnvironmentCleanupHook), so the image stays on the 22 LTS line.
ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS build
# better-sqlite3 compiles where its prebuilt binary cannot be downloaded, against the image's
# own Node.js headers (npm_config_nodedir: nothing fetched from nodejs.org).
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
ENV npm_config_nodedir=/usr/local \
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
  npm_config_update_notifier=false
WORKDIR /src
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/mailto/package.json packages/mailto/
COPY packages/contracts/package.json packages/contracts/
RUN --mount=type=secret,id=ca \
  if [ -s /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca; fi; \
  npm ci --no-audit --no-fund

COPY . .
RUN npm run build

# What the server needs at run time: its npm dependencies (the workspace packages are bundled
# into dist/), with better-sqlite3's addon as compiled above and no sources, maps or docs.
RUN --mount=type=secret,id=ca \
  if [ -s /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca; fi; \
  mkdir -p /app/apps/server /app/apps/web /app/packages/mailto /app/packages/contracts \
  && for f in package.json package-lock.json .npmrc apps/server/package.json apps/web/package.json \
    packages/mailto/package.json packages/contracts/package.json; do cp "$f" "/app/$f"; done \
  && cd /app \
  && npm ci --omit=dev --ignore-scripts --no-audit --no-fund -w @mailtokit/server \
  && rm -rf node_modules/@mailtokit node_modules/better-sqlite3/deps node_modules/better-sqlite3/src \
  && cp -r /src/node_modules/better-sqlite3/build node_modules/better-sqlite3/build \
  && rm -rf node_modules/better-sqlite3/build/Release/obj* node_modules/better-sqlite3/build/Release/.deps \
  && find node_modules -type f \( -name '*.map' -o -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' \
    -o -iname '*.md' -o -name '*.ts.map' \) -delete \
  && cp -r /src/apps/server/dist apps/server/dist \
  && cp -r /src/apps/web/dist apps/web/dist \
  && rm -f package-lock.json .npmrc apps/web/package.json packages/*/package.json \
  && rmdir packages/mailto packages/contracts packages

# The final image's root: Node.js and the libraries it and the SQLite addon load, CA
# certificates (SMTP and PostgreSQL over TLS), an unprivileged user and the data folder.
RUN mkdir -p /rootfs/usr/local/bin /rootfs/etc /rootfs/tmp /rootfs/data /rootfs/etc/ssl/certs \
  && cp /usr/local/bin/node /rootfs/usr/local/bin/node \
  && for lib in $(ldd /usr/local/bin/node /app/node_modules/better-sqlite3/build/Release/better_sqlite3.node \
    | grep -o '/[^ ]*' | grep -v ':$' | sort -u); do cp --parents -L "$lib" /rootfs; done \
  && cp /etc/ssl/certs/ca-certificates.crt /rootfs/etc/ssl/certs/ \
  && echo 'mailtokit:x:1000:1000:MailtoKit:/data:/sbin/nologin' > /rootfs/etc/passwd \
  && echo 'mailtokit:x:1000:' > /rootfs/etc/group \
  && chmod 1777 /rootfs/tmp \
  && chown 1000:1000 /rootfs/data

FROM scratch
COPY --from=build /rootfs/ /
COPY --from=build /app /app
WORKDIR /app
ENV NODE_ENV=production \
  PORT=3000 \
  DATA_DIR=/data \
  SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt
USER 1000:1000
VOLUME ["/data"]
EXPOSE 3000
# The server itself handles SIGTERM: it finishes the requests in flight and exits 0 (within 10 s).
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["/usr/local/bin/node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/v1/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["/usr/local/bin/node", "--enable-source-maps", "apps/server/dist/main.js"]
