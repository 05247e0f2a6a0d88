// The one error shape every failed API call answers with (server/src/core/errors.ts writes it).
import { z } from "zod";

export const apiErrorBodySchema = z.object({
  error: z.object({
    /** A stable code (VALIDATION_FAILED, NOT_FOUND, TOO_COMPLEX, …); better-auth's own where it answered. */
    code: z.string(),
    /** For people: what went wrong and what to do. */
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
