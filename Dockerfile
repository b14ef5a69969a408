# MailtoKit in one image: the API, the tracking redirect and the web app in one Node.js process.
#   docker build -t mailtokit .
#   docker run -p 3000:3000 -v mailtokit-data:/data mailtokit
# Behind a proxy that intercepts TLS, hand its CA bundle to the build (never stored in the image):
#   docker build --secret id=ca,src=/etc/ssl/certs/ca-certificates.crt -t mailtokit .
# Node.js 26, the current active LTS line (NEWEST_LINE in scripts/supported-node.mjs).
ARG NODE_IMAGE=node:26-bookworm-slim

FROM ${NODE_IMAGE} AS build
# Nothing is compiled: better-sqlite3 ships its Node-API builds for every platform in its npm
# package, and its install script (node-gyp) is denied in package.json's allowScripts.
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
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
# into dist/), with better-sqlite3's build for this platform only and no sources, headers, maps
# or docs.
RUN --mount=type=secret,id=ca \
  if [ -s /run/secrets/ca ]; then export NODE_EXTRA_CA_CERTS=/run/secrets/ca; fi; \
  mkdir -p /app/apps/server /app/apps/web /app/packages/mailto /app/packages/contracts \
  && for f in package.json package-lock.json .npmrc apps/server/package.json apps/web/package.json \
    packages/mailto/package.json packages/contracts/package.json; do cp "$f" "/app/$f"; done \
  && cd /app \
  && npm ci --omit=dev --ignore-scripts --no-audit --no-fund -w @mailtokit/server \
  && rm -rf node_modules/@mailtokit node_modules/node-addon-api \
    node_modules/better-sqlite3/deps node_modules/better-sqlite3/src node_modules/better-sqlite3/binding.gyp \
  && find node_modules/better-sqlite3/prebuilds -type f ! -name "linux-$(node -p process.arch).node" -delete \
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
  && for lib in $(ldd /usr/local/bin/node /app/node_modules/better-sqlite3/prebuilds/linux-*.node \
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
