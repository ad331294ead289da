# The production image (docs/deploy.md "Container"): the app and the compiled server on Node 24 LTS, production
# dependencies only, as the unprivileged `node` user. Node 24 is the version `npm run test:node-matrix` proves
# (the build, the server suite and this image's runtime stage rebuilt outside a container: tests/faults/runtime-stage.test.ts).
#   docker build -t tonic-wallet .
#   docker run --env-file .env -p 3000:3000 tonic-wallet                 # the server (MIGRATE_ON_START=off: migrate first)
#   docker run --env-file .env tonic-wallet node dist-server/migrate.js  # the migrate step
ARG NODE_VERSION=24

# ── build: every dependency, the app (dist/) and the server (dist-server/) ──
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# VITE_* settings are baked into the app at build time (README "Configuration"): pass them as build arguments.
ARG VITE_API_BASE_URL=""
ENV VITE_API_BASE_URL=${VITE_API_BASE_URL}
RUN npm run build

# ── runtime: the built output and production dependencies, nothing else ──
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    STATIC_DIR=/app/dist
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
USER node
EXPOSE 3000
# Liveness: the process answers (readiness, /api/ready, is for the balancer: docs/deploy.md "Probes").
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM: in-flight requests finish, jobs get 5 s, forced exit after 10 s (server/main.ts).
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "dist-server/main.js"]
