// The server's layers and the rules that keep them (docs/decisions/032-server-layers.md). `npm run lint`
// runs it: a cycle, an import from a higher layer, or a route reaching the database fails CI.
// Type-only imports count: a type from a higher layer ties the layers together just the same.
// From the bottom up (a layer imports only itself and the layers below it; contract/ is shared
// by server and web app and sits below all of them):
const layers = [
  // 0. The ground: the error model, who is asking (Actor), jobs' names, payloads and enqueue functions.
  { name: "core", path: ["^server/src/core/"] },
  // 1. Platform: settings, database, blob store, mail, media tools, limits, sign-in (better-auth),
  //    security helpers, the meeting event channel, metrics, the job queue's runtime, paths.
  {
    name: "platform",
    path: ["^server/src/(config|db|storage|mail|media|limits|auth|security|events|metrics|queue)/", "^server/src/(paths|free-port)\\.ts$"],
  },
  // 2. Processing: what turns media and text into transcripts, notes and files; the child-process
  //    harness and the off-thread runner (not their task table and child entry: those are at the top).
  { name: "processing", path: ["^server/src/(pipeline|engines|export)/", "^server/src/workers/(?!cpu-tasks\\.|cpu-worker\\.)"] },
  // 3. The app's context (AppContext) and the request helpers module routes use (requireUser).
  { name: "context", path: ["^server/src/context/"] },
  // 4. Features: modules/<feature>/ routes → service → repo.
  { name: "modules", path: ["^server/src/modules/"] },
  // 5. Job handlers: what each background job does, with the modules' services and repos.
  { name: "jobs", path: ["^server/src/jobs/"] },
  // 6. Composition: the HTTP app, boot and main, the off-thread child's task table and entry.
  {
    name: "top",
    path: ["^server/src/http/", "^server/src/(boot|main)\\.ts$", "^server/src/workers/(cpu-tasks|cpu-worker)\\."],
  },
];

const anyOf = (paths) => paths.map((p) => `(${p})`).join("|");
const layerRules = layers.slice(0, -1).map((layer, i) => ({
  name: `no-upward-from-${layer.name}`,
  comment: `${layer.name} imports only itself and the layers below it (${
    layers
      .slice(0, i)
      .map((l) => l.name)
      .join(", ") || "none"
  }).`,
  severity: "error",
  from: { path: anyOf(layer.path) },
  to: { path: anyOf(layers.slice(i + 1).flatMap((l) => l.path)) },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "No import cycles, type-only ones included.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    ...layerRules,
    {
      name: "every-file-in-a-layer",
      comment: "A new top-level folder or file of server/src needs a layer here (and in decision 032).",
      severity: "error",
      from: { path: "^server/src/", pathNot: anyOf(layers.flatMap((l) => l.path)) },
      to: {},
    },
    {
      name: "routes-never-touch-the-database",
      comment: "A *.routes.ts file is HTTP only: it calls its service, never the db layer or a repo.",
      severity: "error",
      from: { path: "\\.routes\\.ts$" },
      to: { path: ["^server/src/db/", "\\.repo\\.ts$"] },
    },
    {
      name: "server-below-nothing-of-the-web-app",
      comment: "The server imports contract/, never the web app.",
      severity: "error",
      from: { path: "^server/src/" },
      to: { path: "^web/" },
    },
    {
      name: "not-to-unresolvable",
      comment: "An import that resolves to nothing is a broken path.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // Tests may reach across layers to set things up; fixtures are test data.
    exclude: { path: ["\\.test\\.ts$", "^server/src/.*/fixtures/", "^server/src/media/test-fixtures\\.ts$"] },
    doNotFollow: { path: ["node_modules"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "types", "default"],
    },
  },
};
