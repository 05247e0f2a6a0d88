// The CPU task process when the server runs from source (tests, `npm run dev`): loads tsx,
// then the TypeScript worker. The built server uses server/dist/cpu-worker.mjs instead.
import { register } from "tsx/esm/api";

register();
await import("./cpu-worker.ts");
