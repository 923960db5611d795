# The Annadaan server (API and built web app) as a container image, built from the repository:
#   docker build -t annadaan .
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://... -e PUBLIC_URL=https://... annadaan
# Not tested on the machine this was written on (it cannot pull base images); see README.
FROM node:24.21.0-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contract/package.json packages/contract/
# The image's Node is already 24, so the `node` devDependency only repeats it.
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24.21.0-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages/contract ./packages/contract
COPY --from=build /app/apps/server/package.json ./apps/server/
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/web/package.json ./apps/web/
COPY --from=build /app/apps/web/dist ./apps/web/dist
# The server render (issue 18) imports React, React Router and Mantine from node_modules at run time.
COPY --from=build /app/apps/web/dist-server ./apps/web/dist-server
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# Without DATABASE_URL the server uses the embedded SQLite database in /data (mount a volume).
VOLUME ["/data"]
CMD ["node", "apps/server/dist/main.js"]
