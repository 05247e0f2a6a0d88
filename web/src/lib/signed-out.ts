// The spec's texts (section 8) for an action refused because the user is no longer signed in.
export const SIGNED_OUT_MESSAGES = {
  profile: "User not logged in",
  team: "You must be logged in to create a team",
  upload: "You must be logged in to upload meetings",
  integrations: "You must be logged in to connect integrations",
} as const;
