# kubemedic: the server (web UI, API) run from source, as `npm start` runs it.
# Built by docker-compose.yml next to PostgreSQL 16; alone it uses the embedded
# database under /data.
FROM node:20-bookworm-slim

# The exact pnpm the lockfile was written with (corepack's signature check fails
# on some networks; npm works everywhere).
RUN npm install -g pnpm@10.34.9 && mkdir -p /app /data && chown node:node /app /data
WORKDIR /app
USER node

# Dependencies first, so a source change does not reinstall them.
COPY --chown=node:node package.json pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
COPY --chown=node:node apps/cli/package.json apps/cli/
COPY --chown=node:node apps/server/package.json apps/server/
COPY --chown=node:node apps/web/package.json apps/web/
COPY --chown=node:node packages/protocol/package.json packages/protocol/
COPY --chown=node:node packages/kube/package.json packages/kube/
COPY --chown=node:node packages/agent/package.json packages/agent/
COPY --chown=node:node packages/demo-cluster/package.json packages/demo-cluster/
COPY --chown=node:node packages/mcp/package.json packages/mcp/
COPY --chown=node:node bench/package.json bench/
RUN pnpm install --frozen-lockfile

COPY --chown=node:node . .
# The same preparation as `npm start`: Prisma client, and the SPA when apps/web exists.
RUN node --input-type=module -e "(await import('./scripts/lib/prepare.mjs')).prepare()"

ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    KUBEMEDIC_DATA_DIR=/data \
    CHECKPOINT_DISABLE=1
# Only used when DATABASE_URL is unset (the embedded database).
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:8080/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Migrations are applied by the server itself at start (docs/persistence.md).
CMD ["node", "apps/cli/bin/kubemedic.mjs", "serve"]
