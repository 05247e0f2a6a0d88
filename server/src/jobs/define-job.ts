// A job of this app: its handler gets the app's context (queue/job.ts is generic over it).
import type { z } from "zod";
import type { AppContext } from "../context/app-context";
import type { JobDefinition } from "../queue/job";

export type AppJob<S extends z.ZodType = z.ZodType> = JobDefinition<S, AppContext>;

export function defineJob<S extends z.ZodType>(definition: AppJob<S>): AppJob<S> {
  return definition;
}
