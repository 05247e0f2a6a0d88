// Where the project's own files are. The server runs from server/src (tsx, tests) or from the
// bundle in server/dist (npm start), so paths are found from the project root, not from the
// running module's location.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

function findProjectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("Could not find the project root (no package.json above the server code).");
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot();
export const fromRoot = (...parts: string[]) => path.join(projectRoot, ...parts);
