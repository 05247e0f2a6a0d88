# Minutes in a container: one image for every role. The command picks it:
#   npm start            API + web app + job workers (with DATABASE_URL: no embedded database)
#   npm run web          API + web app only        npm run worker   job workers only
# ffmpeg/ffprobe and bzip2 come from the base image's distribution (Debian 12 in node:20-slim,
# Ubuntu 22.04 under CUDA); the npm-bundled 2018 ffmpeg is removed. The speech
# and language models live in a volume (MODELS_DIR=/models), everything else in PostgreSQL and
# the object store (STORAGE=s3). See README "Run on several machines" and compose.yaml.
#
# Two variants (README, "Language model on a GPU"):
#   docker build -t minutes .                                  CPU (node:20-slim), no GPU binaries
#   docker build --build-arg VARIANT=cuda -t minutes:cuda .    NVIDIA GPU: an nvidia/cuda runtime
#       base and node-llama-cpp's prebuilt CUDA binaries; run with the GPU passed in
#       (docker run --gpus all, or compose.gpu.yaml).
ARG VARIANT=cpu
# node-llama-cpp 3.22's linux-x64 CUDA binaries (built on Ubuntu 22.04) link libcudart/libcublas 13
# (@node-llama-cpp/linux-x64-cuda) and fall back to a CUDA 12 build (…-cuda-ext) when those are
# missing. The CUDA 12.8 runtime works with NVIDIA drivers from 525 on (minor-version compatibility);
# with a driver of 580 or later, nvidia/cuda:13.0.0-runtime-ubuntu22.04 loads the main CUDA 13 build.
ARG CUDA_IMAGE=nvidia/cuda:12.8.1-runtime-ubuntu22.04

# ---- build: all dependencies, the web app (vite) and the server bundle (esbuild) -------------
FROM node:20-slim AS build
ARG VARIANT
WORKDIR /app
# npm 11 honours package.json "allowScripts" (no post-install downloads), as on our machines.
RUN npm install -g npm@11.6.2
COPY package.json package-lock.json .npmrc ./
RUN npm ci
COPY . .
# The prebuilt llama.cpp binaries this variant cannot load are removed (about 610 MB): the CPU image
# has no CUDA or Vulkan runtime, the CUDA image no Vulkan loader. node-llama-cpp (LOCAL_LLM_GPU=auto)
# skips a GPU type whose binary is absent and uses the next, down to the CPU build.
RUN npx vite build --logLevel warn \
 && node --input-type=module -e "const b = await import('./scripts/build.mjs'); await b.buildServer();" \
 && npm prune --omit=dev \
 && rm -rf node_modules/@ffmpeg-installer node_modules/@ffprobe-installer \
 && rm -rf node_modules/@node-llama-cpp/linux-x64-vulkan \
 && if [ "$VARIANT" = "cpu" ]; then rm -rf node_modules/@node-llama-cpp/linux-x64-cuda node_modules/@node-llama-cpp/linux-x64-cuda-ext; \
    elif [ "$VARIANT" != "cuda" ]; then echo "VARIANT must be cpu or cuda, not '$VARIANT'" >&2; exit 1; fi

# ---- runtime bases: Node on Debian slim (CPU), or Node copied onto NVIDIA's CUDA runtime ------
FROM node:20-slim AS runtime-cpu

FROM ${CUDA_IMAGE} AS runtime-cuda
# The same Node and npm as the build stage (official Linux binaries need glibc 2.28+; Ubuntu 22.04 has 2.35),
# and the same unprivileged user (uid 1000, "node") as the node images.
COPY --from=build /usr/local/bin/node /usr/local/bin/node
COPY --from=build /usr/local/lib/node_modules/npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && groupadd --gid 1000 node && useradd --uid 1000 --gid node --create-home --shell /bin/bash node
# Let the NVIDIA container toolkit mount the driver's compute libraries (libcuda.so.1).
ENV NVIDIA_VISIBLE_DEVICES=all \
    NVIDIA_DRIVER_CAPABILITIES=compute,utility

# ---- runtime: production dependencies and the two builds, run as a non-root user --------------
FROM runtime-${VARIANT} AS runtime
# The distribution's ffmpeg (decodes uploads; security fixes come with the base image's updates)
# and bzip2 (speech model archives). The app checks ffmpeg's version at start.
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg bzip2 \
 && rm -rf /var/lib/apt/lists/*
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
# Model files that ship with the app (the Silero VAD; server/src/engines/speech/assets/README.md).
COPY --from=build --chown=node:node /app/server/src/engines/speech/assets ./server/src/engines/speech/assets
RUN mkdir -p /data /models && chown node:node /data /models
USER node
VOLUME ["/data", "/models"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["npm", "start"]
