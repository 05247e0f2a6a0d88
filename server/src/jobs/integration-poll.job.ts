// Completion coming back without a public HTTPS address: every INTEGRATIONS_POLL_SECONDS
// (queue.every, one job per period across processes) ask GitHub, Asana and Trello about the
// items we sent to integrations that have no webhook; and delete webhook log rows older than
// WEBHOOK_LOG_RETENTION_DAYS (the same period suits a sweep; one job per period overall).
import { z } from "zod";
import { IntegrationsService } from "../modules/integrations/integrations.service";
import { defineJob } from "./define-job";

export const integrationPollJob = defineJob({
  name: "integration-poll",
  pool: "io",
  priority: 2,
  payload: z.object({}),
  retry: { limit: 0, delaySeconds: 60, backoff: false },
  expireInSeconds: 900,
  async handle(_payload, { ctx }) {
    const service = new IntegrationsService(ctx);
    const pruned = await service.pruneWebhookLogs();
    if (pruned) ctx.log(`integrations: deleted ${pruned} webhook log row(s) past WEBHOOK_LOG_RETENTION_DAYS`);
    await service.pollAll();
  },
});
