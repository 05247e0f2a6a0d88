// npm run models -- list | pull [id|all] | verify | remove <id>
// `pull` with no id fetches what the default settings need (DEFAULT_MODEL_IDS).
import { DEFAULT_MODEL_IDS, catalogueFrom } from "./catalogue";
import { loadConfig } from "../../../config/config";
import { ModelError, listModels, pullModel, removeModel, verifyModels, type ModelStatus } from "./manager";

const mb = (n: number | null) => (n === null ? "?" : `${(n / 1e6).toFixed(1)} MB`);

/** Download size when known exactly, else upstream's installed size ("~"), else "size unknown". */
function size(m: ModelStatus): string {
  if (m.sizeBytes !== null) return mb(m.sizeBytes);
  if (m.approxBytes !== null) return `~${mb(m.approxBytes)}`;
  return "size unknown";
}

function state(m: ModelStatus): string {
  if (m.bundled) return m.installed ? "included with the app" : "missing: restore it from the app's source";
  if (m.installed) return `installed (${mb(m.sizeOnDisk)})`;
  if (m.download?.active) return `downloading ${mb(m.download.receivedBytes)}`;
  if (m.download?.complete) return "downloaded, not installed: pull again";
  if (m.download) return `partial download ${mb(m.download.receivedBytes)} (resumable)`;
  return "not installed";
}

async function main(argv: string[]): Promise<number> {
  const [cmd, id] = argv;
  const config = loadConfig();
  const { modelsDir } = config;
  const catalogue = catalogueFrom(config.modelsBaseUrl);
  switch (cmd) {
    case "list":
    case undefined: {
      console.log(`Models folder: ${modelsDir}`);
      console.log(`${"id".padEnd(28)} ${"purpose".padEnd(25)} ${"size".padEnd(13)} ${"state".padEnd(38)} licence`);
      for (const m of await listModels(modelsDir, catalogue)) {
        console.log(`${m.id.padEnd(28)} ${m.purpose.padEnd(25)} ${size(m).padEnd(13)} ${state(m).padEnd(38)} ${m.licence}`);
      }
      console.log("Sizes with ~ are what the model takes on disk once installed, from upstream's file listings.");
      return 0;
    }
    case "pull": {
      const downloadable = (ids: readonly string[]) =>
        catalogue.filter((m) => ids.includes(m.id) && m.format !== "bundled").map((m) => m.id);
      const ids = id === "all" ? downloadable(catalogue.map((m) => m.id)) : id ? [id] : downloadable(DEFAULT_MODEL_IDS);
      if (!id) console.log(`Pulling what the default settings need: ${ids.join(", ")}`);
      for (const one of ids) {
        let last = 0;
        await pullModel(modelsDir, one, {
          catalogue,
          onProgress: (p) => {
            const now = Date.now();
            if (now - last < 500) return;
            last = now;
            const pct = p.totalBytes ? ` ${((100 * p.receivedBytes) / p.totalBytes).toFixed(0)}%` : "";
            const what = p.phase === "extract" ? "extracting" : "downloading";
            process.stderr.write(`\r${one}: ${what} ${mb(p.receivedBytes)} / ${mb(p.totalBytes)}${pct}   `);
          },
        });
        process.stderr.write("\n");
        console.log(`Installed ${one} into ${modelsDir}`);
      }
      return 0;
    }
    case "verify": {
      const results = await verifyModels(modelsDir, { catalogue });
      if (!results.length) console.log(`No models installed in ${modelsDir}`);
      for (const r of results) console.log(`${r.id.padEnd(28)} ${r.ok ? "OK" : `FAILED: ${r.problem}`}`);
      return results.every((r) => r.ok) ? 0 : 1;
    }
    case "remove": {
      if (!id) {
        console.error("Usage: npm run models -- remove <id>");
        return 2;
      }
      await removeModel(modelsDir, id, catalogue);
      console.log(`Removed ${id}`);
      return 0;
    }
    default:
      console.error(
        "Usage: npm run models -- list | pull [id|all] | verify | remove <id>   (pull with no id: what the default settings need)",
      );
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof ModelError ? err.message : err);
    process.exit(1);
  },
);
