// How the local model draws each token. Qwen's model cards advise against greedy decoding
// (temperature 0 repeats itself and loops) and give, for non-thinking use: temperature 0.7,
// top-p 0.8, top-k 20, min-p 0, and a presence penalty of 0-2 against repetition. Both catalogue
// models run non-thinking (Qwen3-1.7B with its thinking switched off; Qwen3-4B-Instruct-2507 has
// none), so both get those settings; LOCAL_LLM_TEMPERATURE etc. override any of them.
import type { Sampling } from "./llama-client";

/** Qwen3's recommended non-thinking settings; presence penalty 1.0 (see decision 008). */
export const QWEN3_NON_THINKING: Sampling = { temperature: 0.7, topK: 20, topP: 0.8, minP: 0, presencePenalty: 1.0 };

/** Per catalogue model. A GGUF file of the user's own (LOCAL_LLM_MODEL=path) gets GENERAL_SAMPLING. */
export const MODEL_SAMPLING: Record<string, Sampling> = {
  "qwen3-1.7b-q4_k_m": QWEN3_NON_THINKING,
  "qwen3-4b-instruct-2507-q4_k_m": QWEN3_NON_THINKING,
};

/** For models the catalogue does not know: the same moderate settings, never greedy. */
export const GENERAL_SAMPLING: Sampling = QWEN3_NON_THINKING;

/** The model's settings with the configured ones over them. */
export function samplingFor(modelId: string, overrides: Partial<Sampling> = {}): Sampling {
  const base = MODEL_SAMPLING[modelId] ?? GENERAL_SAMPLING;
  const set = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)) as Partial<Sampling>;
  return { ...base, ...set };
}

/** The seed of a try: fixed per meeting part, so a run can be repeated; a retry takes another one. */
export function seedFor(part: number, attempt: number): number {
  return 1000 * (attempt + 1) + part;
}
