# Stratos: the API and the built web app in one image. Data (PGlite, local files, generated
# secrets) lives in /data unless DATABASE_URL and STORAGE_DRIVER=s3 point elsewhere.
FROM node:22-bookworm-slim AS build
WORKDIR /app
# Manifests first, so the dependency layer is rebuilt only when they change.
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:22-bookworm-slim
# Two malloc arenas, as npm start sets: with more, freed upload buffers stay spread over per-thread
# arenas and a large upload grows the resident memory by tens of MB more.
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app /app
# The data volume, and Node's compile cache beside the server build (start.ts): the first start
# fills it, and later starts of the container read compiled code instead of compiling it again.
RUN mkdir -p /data apps/server/dist/.compile-cache && chown node:node /data apps/server/dist/.compile-cache
USER node
VOLUME ["/data"]
EXPOSE 3000
# Ready means database, storage and migrations: what a load balancer should send traffic on.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node runs as PID 1 (no npm or shell around it), so SIGTERM reaches the server, which drains uploads.
CMD ["node", "apps/server/dist/server.js"]
