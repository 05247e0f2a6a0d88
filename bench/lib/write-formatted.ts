// Writes a generated source file formatted as `prettier --check .` in CI expects it, so that retraining a
// model never leaves an unformatted weights file behind.
import { writeFileSync } from "node:fs";
import { format, resolveConfig } from "prettier";

export async function writeFormatted(file: string, source: string): Promise<void> {
  const options = (await resolveConfig(file)) ?? {};
  writeFileSync(file, await format(source, { ...options, filepath: file }));
}
