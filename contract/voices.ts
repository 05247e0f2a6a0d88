// Voices recognised next time (issue 34, item 4; decision 031). Embeddings never leave the
// server: the API says only who a speaker sounds like and how many samples a profile has.
import { z } from "zod";
import { personSchema } from "./people";

/** An unnamed speaker whose voice matches a member's profile: one click links them. */
export const voiceSuggestionSchema = z.object({
  speaker: z.string(),
  person: personSchema,
  /** Cosine similarity to the member's profile, 0–1 (at least VOICE_MATCH_THRESHOLD). */
  similarity: z.number(),
});
export type VoiceSuggestion = z.infer<typeof voiceSuggestionSchema>;

/** GET /api/meetings/{id}/voice-suggestions */
export const voiceSuggestionsSchema = z.object({ suggestions: z.array(voiceSuggestionSchema) });
export type VoiceSuggestions = z.infer<typeof voiceSuggestionsSchema>;

/** GET/PUT /api/account/voice-profile: the caller's consent and how many meetings' voices make their profile. */
export const voiceProfileSchema = z.object({ enabled: z.boolean(), samples: z.number().int() });
export type VoiceProfileState = z.infer<typeof voiceProfileSchema>;
export const setVoiceProfileSchema = z.object({ enabled: z.boolean() });
