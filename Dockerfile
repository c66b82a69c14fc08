# syntax=docker/dockerfile:1
# Inkpilot for Fly.io: the built app behind LiteFS, which replicates the SQLite
# database from the primary to read replicas and routes writes to the primary.
# Build: docker build -t inkpilot .   Deploy: fly deploy (see README).

FROM node:22-bookworm-slim AS base
WORKDIR /app

# Build stage: better-sqlite3 compiles from source (python3, make, g++), then
# the app is built and dev dependencies are dropped.
FROM base AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM flyio/litefs:0.5 AS litefs

FROM base AS runtime
# fuse3 for the LiteFS mount; sqlite3 for inspecting the database over `fly ssh console`.
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates fuse3 sqlite3 \
 && rm -rf /var/lib/apt/lists/* \
 && echo "user_allow_other" >> /etc/fuse.conf
COPY --from=litefs /usr/local/bin/litefs /usr/local/bin/litefs
COPY litefs.yml /etc/litefs.yml

COPY --from=build /app/package.json /app/package-lock.json /app/tsconfig.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/server ./server
# Sources for the maintenance scripts run with tsx (npm run db:migrate / db:seed / db:backup).
COPY --from=build /app/app ./app
COPY --from=build /app/migrations ./migrations
COPY --from=build /app/scripts ./scripts

# The database lives on the LiteFS FUSE mount; uploads and other files on the
# volume underneath it (FUSE holds SQLite databases only). LITEFS_DIR lets a
# replica see its .primary file and skip migrations and the worker.
# The LiteFS proxy listens on 3000 (fly.toml internal_port) and forwards to the app on 3001.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3001 \
    LITEFS_DIR=/litefs \
    DATABASE_PATH=/litefs/inkpilot.sqlite \
    DATA_DIR=/var/lib/litefs/app
EXPOSE 3000

# LiteFS needs root to mount FUSE; it then starts the app as the unprivileged
# `node` user (see exec in litefs.yml). The data directory sits on the volume,
# which is mounted at run time, so it is created and handed over here.
CMD ["sh", "-c", "mkdir -p \"$DATA_DIR\" && chown node:node \"$DATA_DIR\" && exec litefs mount"]
