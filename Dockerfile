# syntax=docker/dockerfile:1
# The BQ platform as one image for every role (ROLE=api | worker | all) and the one-shot migration
# (docs/decisions/0026). Build: docker build -t bq-platform . ; run: see compose.yaml and the README.

# ---- build: install everything, build the web app and the server bundle, then drop dev dependencies --------------
FROM node:22-bookworm-slim AS build
WORKDIR /app
ENV CI=1 PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/domain/package.json packages/domain/
COPY packages/scoring/package.json packages/scoring/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# ---- runtime: the bundle, the built web app and production dependencies only; runs as the unprivileged node user --
FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 ROLE=all
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/server/node_modules apps/server/node_modules
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# The workspace packages ship as source and are bundled into dist; their package.json keep node_modules/@bq links valid.
COPY --from=build /app/packages packages
# The audit checkpoints' shared folder (compose.yaml mounts a volume here; it takes this owner when first created).
RUN mkdir -p /srv/audit-checkpoints && chown node:node /srv/audit-checkpoints
USER node
EXPOSE 3000
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))" || exit 1
CMD ["node", "apps/server/dist/main.js"]
