// Every /api feature module registers here, one line each.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "./context";

export async function registerApiRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  void app;
  void ctx;
}
