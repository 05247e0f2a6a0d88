// Every background job's worker is registered here.
import type { AppContext } from "../http/context";

export async function registerWorkers(ctx: AppContext): Promise<void> {
  void ctx;
}
