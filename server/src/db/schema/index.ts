export * from "./auth.schema";
export * from "./meetings.schema";
