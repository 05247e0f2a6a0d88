import { fileURLToPath, URL } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";

const webRoot = fileURLToPath(new URL("./web", import.meta.url));
const webSrc = fileURLToPath(new URL("./web/src", import.meta.url));

/**
 * Vendor groups. Everything React-core sits in one long-lived chunk that the landing
 * page needs anyway; the heavy form/calendar/upload libraries get their own chunks so
 * that they only load with the (lazy) pages that import them.
 */
const vendorChunks: Array<[name: string, packages: string[]]> = [
  ["react", ["react", "react-dom", "scheduler", "react-router", "cookie", "set-cookie-parser"]],
  ["calendar", ["react-day-picker", "date-fns", "@date-fns/tz"]],
  ["forms", ["react-hook-form", "@hookform/resolvers", "zod"]],
  ["dropzone", ["react-dropzone", "file-selector", "attr-accept"]],
];

function vendorChunk(id: string): string | undefined {
  const marker = "/node_modules/";
  const at = id.lastIndexOf(marker);
  if (at === -1) return undefined;
  const [scope = "", name = ""] = id.slice(at + marker.length).split("/");
  const pkg = scope.startsWith("@") ? `${scope}/${name}` : scope;
  for (const [name, packages] of vendorChunks) {
    if (packages.includes(pkg)) return name;
  }
  return undefined;
}

export default defineConfig({
  // Under vitest (no vitest.config.ts present) keep the repository root, so that test
  // discovery covers server/, contract/ and web/ alike.
  root: process.env.VITEST ? undefined : webRoot,
  publicDir: fileURLToPath(new URL("./web/public", import.meta.url)),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { "@": webSrc },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": { target: "http://localhost:3000", changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      "/api": { target: "http://localhost:3000", changeOrigin: false },
    },
  },
  build: {
    outDir: fileURLToPath(new URL("./web/dist", import.meta.url)),
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    manifest: true,
    rollupOptions: {
      output: {
        manualChunks: vendorChunk,
      },
    },
  },
});
