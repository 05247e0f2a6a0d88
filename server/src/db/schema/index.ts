export * from "./auth.schema";
export * from "./meetings.schema";
export * from "./search.schema";
export * from "./integrations.schema";
export * from "./people.schema";
export * from "./mail.schema";
