// better-auth keeps a database error to itself and answers an empty 500. A unique-key race
// inside it (two "create team" with one slug, two invitations to one address at once) is a
// duplicate, not a fault: onAPIError (auth.ts) notes it here for the request that is running,
// and http/auth.routes.ts answers 409 saying what exists (decision 041).
import { AsyncLocalStorage } from "node:async_hooks";

type Noted = { duplicate?: string };
const current = new AsyncLocalStorage<Noted>();

/** Runs one better-auth request; afterwards, the unique constraint it ran into, if any. */
export async function runNotingDuplicates<T>(run: () => Promise<T>): Promise<{ result: T; duplicate: string | undefined }> {
  const noted: Noted = {};
  const result = await current.run(noted, run);
  return { result, duplicate: noted.duplicate };
}

/** The unique constraint a (drizzle-wrapped) PostgreSQL error ran into, or undefined. */
export function duplicateConstraint(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === "23505") return typeof constraint === "string" ? constraint : "";
  }
  return undefined;
}

/** Called from better-auth's onAPIError: true when the error was a duplicate (noted, not a fault to log). */
export function noteAuthError(error: unknown): boolean {
  const constraint = duplicateConstraint(error);
  const noted = current.getStore();
  if (constraint === undefined || !noted) return false;
  noted.duplicate = constraint;
  return true;
}

/** What a user reads for a duplicate, by the constraint better-auth's insert ran into. */
export function duplicateMessage(constraint: string): string {
  if (constraint === "organization_slug_unique") return "A team with this slug already exists. Choose another slug.";
  if (constraint === "invitation_one_pending_idx")
    return "An invitation to this address is already pending for this team. It was sent once; it can be sent again from the team's invitations.";
  if (constraint === "user_email_unique") return "An account with this e-mail address already exists.";
  if (constraint === "member_org_user_idx") return "This person is already a member of the team.";
  return "This already exists.";
}
