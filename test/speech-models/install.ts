// Writes the fixture speech models into a models folder laid out like one `npm run models
// -- pull` fills (MODELS_DIR/<catalogue id>/<file>), then records them in the manifest
// through the model manager, so the engine, the server (MODELS_DIR) and the benchmark use
// them through the same code as real models. File names come from the catalogue: the
// fixture follows it when models are renamed or swapped for others of the same layout.
import { copyFile, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fromRoot } from "../../server/src/paths";
import { CATALOGUE, ROLES, type CatalogueModel } from "../../server/src/engines/speech/models/catalogue";
import { checkModel, removeModel } from "../../server/src/engines/speech/models/manager";
import { moonshine, parakeetTdt, pyannoteSegmentation, speakerEmbedding, speakerEmbeddingNemo, type ModelFiles } from "./speech-models";

/** The real Silero VAD (1.8 MB, MIT) that the repository carries, for a catalogue that downloads it. */
export const SILERO_VAD = fromRoot("server/src/engines/speech/local/fixtures/silero_vad.onnx");

// Which fixture file each catalogue file is, by the words in its name ("encoder.int8.onnx").
const PARTS: Record<string, [RegExp, string][]> = {
  transducer: [
    [/encoder/, "encoder"],
    [/decoder/, "decoder"],
    [/joiner/, "joiner"],
    [/tokens/, "tokens"],
  ],
  moonshine: [
    [/preprocess/, "preprocess"],
    [/uncached/, "uncached_decode"],
    [/cached/, "cached_decode"],
    [/encode/, "encode"],
    [/tokens/, "tokens"],
  ],
};

function filesFor(model: CatalogueModel, parts: [RegExp, string][], built: ModelFiles): Record<string, Uint8Array | string> {
  const out: Record<string, Uint8Array | string> = {};
  for (const f of model.files) {
    const part = parts.find(([re]) => re.test(f.path));
    if (!part) throw new Error(`speech fixtures: no fixture for ${model.id}/${f.path}`);
    out[f.path] = built[part[1]]!;
  }
  return out;
}

export interface FixtureOptions {
  catalogue?: CatalogueModel[];
}

/** The embedding layout a catalogue entry has, from its id (NeMo TitaNet, 3D-Speaker or WeSpeaker). */
function embeddingFor(model: CatalogueModel): Uint8Array {
  if (/nemo|titanet/i.test(model.id)) return speakerEmbeddingNemo();
  return speakerEmbedding({ framework: /3d-?speaker/i.test(model.id) ? "3d-speaker" : "wespeaker" });
}

/**
 * Installs a fixture for every model the local engine can plan except Whisper (not built
 * here): VAD, the NeMo transducers (Parakeet v2 and, when catalogued, v3), Moonshine, the
 * segmentation model and each speaker-embedding model. Returns the ids installed.
 */
export async function installSpeechFixtures(modelsDir: string, opts: FixtureOptions = {}): Promise<string[]> {
  const catalogue = opts.catalogue ?? CATALOGUE;
  const roles = ROLES as Record<string, string>;
  const byRole = (role: string) => catalogue.find((c) => c.id === roles[role]);
  const plan = new Map<string, [CatalogueModel, Record<string, Uint8Array | string> | "vad"]>();
  const add = (role: string, make: (m: CatalogueModel) => Record<string, Uint8Array | string> | "vad") => {
    const m = byRole(role);
    if (m && !plan.has(m.id)) plan.set(m.id, [m, make(m)]);
  };
  // A VAD the app ships (format "bundled") is found where it is; an older catalogue downloads it.
  if (byRole("vad")?.format !== "bundled") add("vad", () => "vad");
  for (const role of ["accurate", "european"]) add(role, (m) => filesFor(m, PARTS.transducer!, parakeetTdt()));
  add("nano", (m) => filesFor(m, PARTS.moonshine!, moonshine()));
  add("segmentation", (m) => ({ [m.files[0]!.path]: pyannoteSegmentation() }));
  for (const role of ["embedding", "embeddingChinese"]) add(role, (m) => ({ [m.files[0]!.path]: embeddingFor(m) }));
  for (const [model, files] of plan.values()) {
    const dir = path.join(modelsDir, model.id);
    await mkdir(dir, { recursive: true });
    if (files === "vad") await copyFile(SILERO_VAD, path.join(dir, model.files[0]!.path));
    else for (const [name, data] of Object.entries(files)) await writeFile(path.join(dir, name), data);
    await adopt(modelsDir, model.id, catalogue);
  }
  return [...plan.keys()];
}

/**
 * Records a model folder's files in the manifest (sizes and sha256), as the manager adopts
 * models copied in by hand. The catalogue's published sizes are those of the real files, so
 * adoption goes through a copy without them; afterwards the manifest entry is what every
 * check (with the real catalogue) compares against.
 */
async function adopt(modelsDir: string, id: string, catalogue: CatalogueModel[]): Promise<void> {
  const withoutChecksums = catalogue.map((m) => ({ ...m, sha256: null, files: m.files.map((f) => ({ ...f, size: null, sha256: null })) }));
  const check = await checkModel(modelsDir, id, withoutChecksums);
  if (!check.ok) throw new Error(`speech fixtures: ${id} not accepted: ${check.problem}`);
}

/** Replaces files of an installed model as a person copying files in by hand would: they pass the file checks. */
export async function adoptFixtureFiles(
  modelsDir: string,
  id: string,
  files: Record<string, Uint8Array>,
  catalogue = CATALOGUE,
): Promise<void> {
  const dir = path.join(modelsDir, id);
  const keep = new Map<string, Buffer>();
  for (const name of await readdir(dir)) keep.set(name, await readFile(path.join(dir, name)));
  await removeModel(modelsDir, id, catalogue);
  await mkdir(dir, { recursive: true });
  for (const [name, data] of keep) await writeFile(path.join(dir, name), files[name] ?? data);
  await adopt(modelsDir, id, catalogue);
}
