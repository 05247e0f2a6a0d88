# Minutes in a container: one image for every role. The command picks it:
#   npm start            API + web app + job workers (with DATABASE_URL: no embedded database)
#   npm run web          API + web app only        npm run worker   job workers only
# ffmpeg/ffprobe come from the npm packages in dependencies (@ffmpeg-installer/*), the speech
# and language models live in a volume (MODELS_DIR=/models), everything else in PostgreSQL and
# the object store (STORAGE=s3). See README "Run on several machines" and compose.yaml.

# ---- build: all dependencies, the web app (vite) and the server bundle (esbuild) -------------
FROM node:20-slim AS build
WORKDIR /app
# npm 11 honours package.json "allowScripts" (no post-install downloads), as on our machines.
RUN npm install -g npm@11.6.2
COPY package.json package-lock.json .npmrc ./
RUN npm ci
COPY . .
RUN npx vite build --logLevel warn \
 && node --input-type=module -e "const b = await import('./scripts/build.mjs'); await b.buildServer();" \
 && npm prune --omit=dev

# ---- runtime: production dependencies and the two builds, run as a non-root user --------------
FROM node:20-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    MODELS_DIR=/models \
    MODELS_AUTO_DOWNLOAD=false
WORKDIR /app
# Only what `npm start` runs: scripts/start.mjs sees no sources, so it never rebuilds.
COPY --from=build --chown=node:node /app/package.json /app/package-lock.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/scripts ./scripts
COPY --from=build --chown=node:node /app/server/dist ./server/dist
COPY --from=build --chown=node:node /app/web/dist ./web/dist
RUN mkdir -p /data /models && chown node:node /data /models
USER node
VOLUME ["/data", "/models"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["npm", "start"]
