// npm run models -- list | pull <id> | verify | remove <id>
import { CATALOGUE } from "./catalogue";
import { ModelError, listModels, modelsDirFromEnv, pullModel, removeModel, verifyModels } from "./manager";

const mb = (n: number | null) => (n === null ? "?" : `${(n / 1e6).toFixed(1)} MB`);

async function main(argv: string[]): Promise<number> {
  const [cmd, id] = argv;
  const modelsDir = modelsDirFromEnv();
  switch (cmd) {
    case "list":
    case undefined: {
      console.log(`Models folder: ${modelsDir}`);
      for (const m of await listModels(modelsDir)) {
        const state = m.installed
          ? `installed (${mb(m.sizeOnDisk)})`
          : m.download
            ? `partial download ${mb(m.download.receivedBytes)}${m.download.active ? " (running)" : " (resumable)"}`
            : "not installed";
        console.log(`${m.id.padEnd(28)} ${m.purpose.padEnd(25)} ${state.padEnd(28)} ${m.licence}`);
      }
      return 0;
    }
    case "pull": {
      const ids = id === "all" ? CATALOGUE.map((m) => m.id) : id ? [id] : [];
      if (!ids.length) {
        console.error("Usage: npm run models -- pull <id|all>");
        return 2;
      }
      for (const one of ids) {
        let last = 0;
        await pullModel(modelsDir, one, {
          onProgress: (p) => {
            const now = Date.now();
            if (now - last < 500) return;
            last = now;
            const pct = p.totalBytes ? ` ${((100 * p.receivedBytes) / p.totalBytes).toFixed(0)}%` : "";
            process.stderr.write(`\r${one}: ${mb(p.receivedBytes)} / ${mb(p.totalBytes)}${pct}   `);
          },
        });
        process.stderr.write("\n");
        console.log(`Installed ${one} into ${modelsDir}`);
      }
      return 0;
    }
    case "verify": {
      const results = await verifyModels(modelsDir);
      if (!results.length) console.log(`No models installed in ${modelsDir}`);
      for (const r of results) console.log(`${r.id.padEnd(28)} ${r.ok ? "OK" : `FAILED: ${r.problem}`}`);
      return results.every((r) => r.ok) ? 0 : 1;
    }
    case "remove": {
      if (!id) {
        console.error("Usage: npm run models -- remove <id>");
        return 2;
      }
      await removeModel(modelsDir, id);
      console.log(`Removed ${id}`);
      return 0;
    }
    default:
      console.error("Usage: npm run models -- list | pull <id|all> | verify | remove <id>");
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
