// The layers of decision 032, drawn a second way: the imports read with TypeScript's own parser
// (not dependency-cruiser, which `npm run lint:layers` runs), each file put in its layer by the
// decision's table, and then no cycle and no import from a higher layer. A typo in
// .dependency-cruiser.cjs that made a rule match nothing would pass the lint step, not this.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const src = path.join(root, "server/src");

/** Decision 032's table, bottom first: a file's layer is the first whose pattern matches its path under server/src. */
const layers: [string, RegExp][] = [
  ["core", /^core\//],
  ["platform", /^(config|db|storage|mail|media|limits|auth|security|events|metrics|queue)\/|^(paths|free-port)\.ts$/],
  ["processing", /^(pipeline|engines|export)\/|^workers\/(?!cpu-tasks\.|cpu-worker\.)/],
  ["context", /^context\//],
  ["modules", /^modules\//],
  ["jobs", /^jobs\//],
  ["top", /^http\/|^(boot|main)\.ts$|^workers\/(cpu-tasks|cpu-worker)\./],
];
const layerOf = (file: string) => layers.findIndex(([, re]) => re.test(file));

const isSource = (name: string) => /\.(ts|mts|cts|mjs|cjs)$/.test(name) && !name.endsWith(".d.ts") && !name.endsWith(".test.ts");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "fixtures" ? [] : sourceFiles(full);
    return isSource(e.name) && e.name !== "test-fixtures.ts" ? [full] : [];
  });
}

/** Every module specifier a file names: imports (type-only ones too), re-exports, import(), require(). */
function specifiers(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier))
      found.push(node.moduleSpecifier.text);
    else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === "require")) &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    )
      found.push(node.arguments[0].text);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal))
      found.push(node.argument.literal.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The file a relative specifier names, or null (a package, or outside server/src: contract/ sits below every layer). */
function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith(".")) return null;
  const base = path.resolve(path.dirname(from), spec);
  const stripped = base.replace(/\.(js|mjs|cjs)$/, "");
  const candidates = [base, `${stripped}.ts`, `${stripped}.mts`, `${stripped}.cts`, path.join(base, "index.ts")];
  const hit = candidates.find((c) => existsSync(c) && statSync(c).isFile());
  if (!hit) throw new Error(`${path.relative(root, from)}: "${spec}" names no file`);
  // Data files (JSON weights) import nothing.
  return hit.startsWith(src + path.sep) && isSource(path.basename(hit)) ? hit : null;
}

const files = sourceFiles(src);
const rel = (f: string) => path.relative(src, f).split(path.sep).join("/");
const graph = new Map(files.map((f) => [f, specifiers(f).flatMap((s) => resolve(f, s) ?? [])]));

describe("server layers (decision 032)", () => {
  it("puts every source file of server/src in a layer", () => {
    expect(files.length).toBeGreaterThan(150);
    expect(files.map(rel).filter((f) => layerOf(f) < 0)).toEqual([]);
  });

  it("has no import from a higher layer", () => {
    const upward = files.flatMap((f) =>
      graph
        .get(f)!
        .filter((to) => layerOf(rel(to)) > layerOf(rel(f)))
        .map((to) => `${rel(f)} (${layers[layerOf(rel(f))]![0]}) → ${rel(to)} (${layers[layerOf(rel(to))]![0]})`),
    );
    expect(upward).toEqual([]);
  });

  it("has no import cycle", () => {
    // Tarjan's strongly connected components: any component of more than one file, or a file importing itself, is a cycle.
    let next = 0;
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const cycles: string[][] = [];
    const connect = (v: string) => {
      index.set(v, next);
      low.set(v, next++);
      stack.push(v);
      onStack.add(v);
      for (const w of graph.get(v) ?? []) {
        if (!index.has(w)) {
          connect(w);
          low.set(v, Math.min(low.get(v)!, low.get(w)!));
        } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
      if (low.get(v) === index.get(v)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          component.push(rel(w));
        } while (w !== v);
        if (component.length > 1 || graph.get(v)!.includes(v)) cycles.push(component);
      }
    };
    for (const f of files) if (!index.has(f)) connect(f);
    expect(cycles).toEqual([]);
  });

  it("keeps each folder in one layer, but workers/ (the harness below, the child's task table and entry at the top)", () => {
    const folder = (f: string) => (f.includes("/") ? f.split("/")[0]! : f);
    const layersOf = new Map<string, Set<number>>();
    for (const f of files.map(rel)) layersOf.set(folder(f), (layersOf.get(folder(f)) ?? new Set()).add(layerOf(f)));
    expect([...layersOf].filter(([, set]) => set.size > 1).map(([name]) => name)).toEqual(["workers"]);
  });
});
