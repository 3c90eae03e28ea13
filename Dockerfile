# syntax=docker/dockerfile:1
# Mise: one process serving /v1, static assets and the server-rendered app.

FROM node:24-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/server/db/migrations ./server/db/migrations
# PGlite's own thread (ADR 072) and PostgreSQL's writing thread (ADR 076) start from these files;
# node runs them as TypeScript.
COPY --from=build /app/server/db/pglite-thread-entry.ts /app/server/db/socket-thread-entry.ts /app/server/db/bytes.ts ./server/db/
RUN mkdir -p /data && chown node:node /data
USER node
# The embedded database and the mail outbox live here; mount a volume to keep them.
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/v1/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "build/server/index.js"]
