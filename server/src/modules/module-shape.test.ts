// Every feature in the same shape (docs/architecture.md): modules/<feature>/ has
// <feature>.routes.ts (HTTP only), <feature>.service.ts (rules, authorisation) and
// <feature>.repo.ts (all SQL). Routes and services never touch the database themselves:
// no drizzle, no pg, no schema; a service may hold the handle (`import type { Db }`) to
// give it to its repo. Other helpers in a module may not run SQL either.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const modulesDir = import.meta.dirname;

/** What a file imports: module specifier and whether the import is type-only. */
export function importsOf(fileName: string, source: string): { from: string; typeOnly: boolean }[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: { from: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            !!clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      found.push({ from: node.moduleSpecifier.text, typeOnly });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ from: node.moduleSpecifier.text, typeOnly: node.isTypeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push({ from: node.arguments[0].text, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const isDriver = (from: string) => from === "pg" || from === "drizzle-orm" || from.startsWith("drizzle-orm/");
const isSchema = (from: string) => /(^|\/)db\/schema$/.test(from);
const isClient = (from: string) => /(^|\/)db\/client$/.test(from);

/** Why a routes or service file breaks the shape, or nothing. */
export function layerViolations(fileName: string, source: string): string[] {
  return importsOf(fileName, source)
    .filter((i) => isDriver(i.from) || isSchema(i.from) || (isClient(i.from) && !i.typeOnly))
    .map((i) => `${fileName} imports ${i.from}: SQL belongs in the module's *.repo.ts`);
}

/** Why another (helper) file of a module runs SQL, or nothing: type-only imports are fine. */
export function helperViolations(fileName: string, source: string): string[] {
  return importsOf(fileName, source)
    .filter((i) => !i.typeOnly && (i.from.startsWith("drizzle-orm") || isSchema(i.from)))
    .map((i) => `${fileName} imports ${i.from}: SQL belongs in the module's *.repo.ts`);
}

/**
 * Files that may talk to PostgreSQL outside a repo, and why. None now: the meeting event
 * channel (its LISTEN connection and NOTIFY) lives in server/src/events/, below the modules.
 */
const driverAllowed = new Set<string>([]);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") ? [full] : [];
  });
}

const features = fs
  .readdirSync(modulesDir, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

describe("every feature module has the same shape", () => {
  it("finds the feature folders", () => {
    expect(features).toEqual(expect.arrayContaining(["meetings", "action-items", "sharing", "teams", "models"]));
  });

  it.each(features)("%s has <feature>.routes.ts, <feature>.service.ts and <feature>.repo.ts", (feature) => {
    const files = fs.readdirSync(path.join(modulesDir, feature));
    const missing = ["routes", "service", "repo"].map((kind) => `${feature}.${kind}.ts`).filter((f) => !files.includes(f));
    expect(missing, `missing in modules/${feature}/`).toEqual([]);
  });

  it("routes and services never import the database driver, drizzle or the schema", () => {
    const problems = features.flatMap((feature) =>
      sourceFiles(path.join(modulesDir, feature))
        .filter((f) => /\.(routes|service)\.ts$/.test(f))
        .flatMap((f) => layerViolations(path.relative(modulesDir, f), fs.readFileSync(f, "utf8"))),
    );
    expect(problems).toEqual([]);
  });

  it("no other module file runs SQL outside a repo", () => {
    const problems = features.flatMap((feature) =>
      sourceFiles(path.join(modulesDir, feature))
        .filter((f) => !/\.(routes|service|repo)\.ts$/.test(f))
        .filter((f) => !driverAllowed.has(path.relative(modulesDir, f)))
        .flatMap((f) => helperViolations(path.relative(modulesDir, f), fs.readFileSync(f, "utf8"))),
    );
    expect(problems).toEqual([]);
  });

  it("catches a service that queries the database itself", () => {
    const bad = `import { eq } from "drizzle-orm";\nimport { meetings } from "../../db/schema";\nimport type { Db } from "../../db/client";`;
    expect(layerViolations("x.service.ts", bad)).toEqual([
      "x.service.ts imports drizzle-orm: SQL belongs in the module's *.repo.ts",
      "x.service.ts imports ../../db/schema: SQL belongs in the module's *.repo.ts",
    ]);
    expect(layerViolations("x.routes.ts", `import { connectDatabase } from "../../db/client";`)).toHaveLength(1);
    expect(layerViolations("x.routes.ts", `const { sql } = await import("drizzle-orm");`)).toHaveLength(1);
    expect(
      layerViolations("x.service.ts", `import type { Db } from "../../db/client";\nimport { type Actor } from "../../http/auth.routes";`),
    ).toEqual([]);
    expect(helperViolations("x.ts", `import type { actionItems } from "../../db/schema";`)).toEqual([]);
    expect(helperViolations("x.ts", `import { sql } from "drizzle-orm";`)).toHaveLength(1);
  });
});
