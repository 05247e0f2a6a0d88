// README's Configuration table is the list users read: a variable the config reads but the
// table lacks (or one the table names that nothing reads) fails here.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fromRoot } from "../paths";
import { configVariableNames, integrationEnvPrefixes } from "./config";

/** The backticked names in the first column of the table under "## Configuration"; `<PROVIDER>_X` stands for each provider's. */
function documentedVariables(): Set<string> {
  const readme = readFileSync(fromRoot("README.md"), "utf8");
  const section = readme.slice(readme.indexOf("\n## Configuration"), readme.indexOf("\n## ", readme.indexOf("\n## Configuration") + 1));
  const names = new Set<string>();
  for (const row of section.split("\n").filter((l) => l.startsWith("| `"))) {
    const firstCell = row.split("|")[1] ?? "";
    for (const [, name] of firstCell.matchAll(/`([A-Z0-9_<>]+)`/g)) {
      if (name!.startsWith("<PROVIDER>_"))
        for (const prefix of Object.values(integrationEnvPrefixes)) names.add(name!.replace("<PROVIDER>", prefix));
      else names.add(name!);
    }
  }
  return names;
}

describe("README's Configuration table", () => {
  const documented = documentedVariables();

  it("is found and read", () => {
    expect(documented.size).toBeGreaterThan(40);
  });

  it("documents every variable the config reads", () => {
    expect(configVariableNames.filter((n) => !documented.has(n))).toEqual([]);
  });

  it("names no variable the config does not read", () => {
    expect([...documented].filter((n) => !configVariableNames.includes(n))).toEqual([]);
  });
});
