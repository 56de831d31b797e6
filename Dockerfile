# syntax=docker/dockerfile:1
# Behavio as an image (docs/deploy.md). Its steps are the commands CI runs, so they are tested
# although Docker does not run there: the build stage is `npm ci` and `npm run build` (CI's
# Build step); the runtime stage copies the same files and runs the same `npm ci --omit=dev`
# as scripts/check-production-install.sh (keep the two in step).
#
#   docker build -t behavio .
#   docker run --rm -e DATABASE_URL=postgresql://… behavio npm run migrate
#   docker run -d -p 3000:3000 -e DATABASE_URL=… -e RUN_WORKER=false behavio        (API)
#   docker run -d -e DATABASE_URL=… behavio npm run worker                           (worker)
# The image runs with NODE_ENV=production: payments must be chosen (STRIPE_SECRET_KEY and the
# rest, or PAYMENTS_PROVIDER=offline for a trial without money), else buying a plan answers 503.
ARG NODE_VERSION=24

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund
RUN npm run build

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/apps/server/package.json apps/server/
COPY --from=build /app/apps/web/package.json apps/web/
COPY --from=build /app/packages/contract/package.json packages/contract/
COPY --from=build /app/packages/insights/package.json packages/insights/
RUN npm ci --omit=dev -w @behavio/server --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# DATA_DIR keeps only short-lived scratch copies with DATABASE_URL (docs/decisions/0004).
RUN mkdir -p /var/lib/behavio && chown node:node /var/lib/behavio
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/var/lib/behavio
# The image's own non-root user.
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["npm", "run", "serve"]
