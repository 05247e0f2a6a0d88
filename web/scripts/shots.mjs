#!/usr/bin/env node
// Screenshots + axe-core check of public pages against a running `vite preview`.
//   node web/scripts/shots.mjs [baseUrl=http://localhost:4173] [outDir=/tmp/shots]
// Fails (exit 1) on serious or critical axe violations.
import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import pw from "playwright-core";
import chromium from "@sparticuz/chromium";

const base = process.argv[2] ?? "http://localhost:4173";
const out = process.argv[3] ?? "/tmp/shots";
mkdirSync(out, { recursive: true });
const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

const pages = (process.env.PAGES ?? "/,/auth,/demo,/nope,/invitation").split(",");
const widths = [1280, 390];
const schemes = ["light", "dark"];

const browser = await pw.chromium.launch({
  executablePath: await chromium.executablePath(),
  args: chromium.args.filter((a) => a !== "--single-process"),
  headless: true,
});
let failed = false;
for (const scheme of schemes) {
  for (const width of widths) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme });
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    for (const path of pages) {
      await page.goto(base + path, { waitUntil: "networkidle" });
      await page.waitForTimeout(300);
      const name = `${path === "/" ? "landing" : path.slice(1).replace(/\W+/g, "_")}-${width}-${scheme}`;
      await page.screenshot({ path: `${out}/${name}.png`, fullPage: process.env.FULL === "1" });
      await page.addScriptTag({ content: axeSource });
      const result = await page.evaluate(async () => await window.axe.run(document, { resultTypes: ["violations"] }));
      const bad = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      const other = result.violations.filter((v) => !bad.includes(v));
      if (bad.length) failed = true;
      console.log(
        `${name}: ${bad.length} serious/critical` +
          bad
            .map(
              (v) =>
                `\n   ${v.impact} ${v.id}: ${v.nodes
                  .map((n) => n.target.join(" "))
                  .slice(0, 4)
                  .join(" | ")}`,
            )
            .join("") +
          (other.length ? `\n   (minor: ${other.map((v) => `${v.id}[${v.impact}]`).join(", ")})` : ""),
      );
    }
    if (errors.length) console.log("page errors:", errors);
    await context.close();
  }
}
await browser.close();
process.exit(failed ? 1 : 0);
