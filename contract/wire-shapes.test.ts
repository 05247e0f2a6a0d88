// The contract (contract/*.ts) holds every shape that crosses the wire; the web app imports
// them and declares none of its own (issue 29). Two checks over web/src with TypeScript's
// checker:
// - every answer the app reads through api<T>() / apiJson<T>() is typed by the contract: T is
//   a type declared in contract/ (or an array of one, or void/unknown for answers it ignores),
//   never an object type written in the web app;
// - no interface or type alias in web/src has the name of something contract/ exports.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const contractDir = path.join(root, "contract") + path.sep;
const webSrc = path.join(root, "web", "src") + path.sep;

/** Answers that are not ours to describe: the OpenAPI document is the OpenAPI standard's format. */
const NOT_OURS = new Set(["OpenApiDocument"]);

function contractExports(): Set<string> {
  const names = new Set<string>();
  for (const file of readdirSync(contractDir)) {
    if (!file.endsWith(".ts") || file.endsWith(".test.ts")) continue;
    const text = readFileSync(path.join(contractDir, file), "utf8");
    for (const m of text.matchAll(/^export (?:const|type|interface|function) ([A-Za-z_$][\w$]*)/gm)) names.add(m[1]!);
  }
  return names;
}

function webProgram(): ts.Program {
  const configPath = path.join(root, "web", "tsconfig.json");
  const config = ts.readConfigFile(configPath, (p) => ts.sys.readFile(p));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, path.dirname(configPath));
  return ts.createProgram({ rootNames: parsed.fileNames, options: { ...parsed.options, noEmit: true } });
}

const isWebSource = (f: ts.SourceFile) => f.fileName.startsWith(webSrc.split(path.sep).join("/")) && !/\.test\.tsx?$/.test(f.fileName);
const where = (node: ts.Node) => {
  const file = node.getSourceFile();
  const { line } = file.getLineAndCharacterOfPosition(node.getStart());
  return `${path.relative(root, file.fileName)}:${line + 1}`;
};

/** Why `type` is not a contract shape, or null when it is one. */
function notFromContract(checker: ts.TypeChecker, type: ts.TypeNode): string | null {
  if (type.kind === ts.SyntaxKind.VoidKeyword || type.kind === ts.SyntaxKind.UnknownKeyword) return null;
  if (ts.isArrayTypeNode(type)) return notFromContract(checker, type.elementType);
  if (!ts.isTypeReferenceNode(type)) return `an inline type (${type.getText()})`;
  let symbol = checker.getSymbolAtLocation(type.typeName);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const declared = symbol?.declarations?.[0]?.getSourceFile().fileName ?? "";
  if (NOT_OURS.has(symbol?.name ?? "")) return null;
  // api() handing its own type parameter on (apiJson<T> → api<T>).
  if (symbol && symbol.flags & ts.SymbolFlags.TypeParameter) return null;
  if (declared.startsWith(contractDir.split(path.sep).join("/"))) return null;
  return `${type.getText()} (declared in ${declared ? path.relative(root, declared) : "an unknown place"})`;
}

describe("the web app takes its wire shapes from the contract", () => {
  let program: ts.Program;
  let sources: readonly ts.SourceFile[];
  beforeAll(() => {
    program = webProgram();
    sources = program.getSourceFiles().filter(isWebSource);
  });

  it("reads every API answer as a contract type", () => {
    const checker = program.getTypeChecker();
    const offenders: string[] = [];
    let calls = 0;
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && ["api", "apiJson"].includes(node.expression.text)) {
        calls++;
        for (const arg of node.typeArguments ?? []) {
          const why = notFromContract(checker, arg);
          if (why) offenders.push(`${where(node)}: ${node.expression.text}<${why}>`);
        }
      }
      ts.forEachChild(node, visit);
    };
    for (const file of sources) visit(file);
    // The walk found the app's calls (a broken walk would pass with none).
    expect(calls).toBeGreaterThan(40);
    expect(offenders).toEqual([]);
  });

  it("declares no type or interface named like a contract export", () => {
    const exported = contractExports();
    expect(exported.has("MeetingDetail")).toBe(true);
    const offenders: string[] = [];
    const visit = (node: ts.Node) => {
      if ((ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) && exported.has(node.name.text))
        offenders.push(`${where(node)}: ${node.name.text} is the contract's (import it from contract/)`);
      ts.forEachChild(node, visit);
    };
    for (const file of sources) visit(file);
    expect(offenders).toEqual([]);
  });
});
