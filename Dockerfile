# The venue front page as a container: docs/operations.md ("Docker").
#   docker build -t venue-frontpage .
#   docker run -p 3000:3000 -v frontpage-data:/data venue-frontpage
# Stages: every dependency (to build), the production build, production dependencies
# only, and the slim runtime that runs as the unprivileged user `node`.

# Node 24 LTS (Node 20 reached its end of life on 2026-04-30): docs/operations.md, "Runtime".
ARG NODE_IMAGE=node:24-bookworm-slim

# --- every dependency, from the lock file (`npm ci` does not work with this project's registry)
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund

# --- the production build, made at image time
FROM deps AS build
ENV NEXT_TELEMETRY_DISABLED=1
COPY . .
RUN node node_modules/next/dist/bin/next build && rm -rf .next/cache

# --- production dependencies only
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force

# --- runtime
FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    HOSTNAME=0.0.0.0 \
    DATA_DIR=/data
COPY --from=prod-deps /app/node_modules ./node_modules
# .next is the server's to write (e.g. its image cache); the rest of /app is read-only for it.
COPY --from=build --chown=node:node /app/.next ./.next
COPY package.json next.config.mjs ./
# next.config.mjs reads the security headers (docs/security.md) and the fast page routes from here.
COPY lib/security/headers.cjs ./lib/security/headers.cjs
COPY lib/venue/fast-routes.cjs ./lib/venue/fast-routes.cjs
COPY scripts/start.mjs ./scripts/start.mjs
COPY public ./public
COPY server/db/migrations ./server/db/migrations
# The embedded database's worker thread (server/db/pglite-thread.ts), loaded from here at run time.
COPY server/db/pglite-worker.mjs ./server/db/pglite-worker.mjs
# The page cache handler Next loads at start (next.config.mjs cacheHandler; docs/operations.md, "Memory").
COPY server/cache/page-cache-handler.cjs ./server/cache/page-cache-handler.cjs
COPY venues ./venues
# The embedded database, the generated backend token and the file outbox live in DATA_DIR.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# Readiness: 200 when the database answers (docs/operations.md); node's own fetch, no curl.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# scripts/start.mjs passes SIGTERM to the server, which finishes its requests and closes the database.
STOPSIGNAL SIGTERM
CMD ["node", "scripts/start.mjs"]
