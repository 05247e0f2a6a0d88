// Completion coming back without a public HTTPS address: every INTEGRATIONS_POLL_SECONDS
// (queue.every, one job per period across processes) ask GitHub, Asana and Trello about the
// items we sent to integrations that have no webhook.
import { z } from "zod";
import { IntegrationsService } from "../modules/integrations/integrations.service";
import { defineJob } from "./job";

export const integrationPollJob = defineJob({
  name: "integration-poll",
  pool: "io",
  priority: 2,
  payload: z.object({}),
  retry: { limit: 0, delaySeconds: 60, backoff: false },
  expireInSeconds: 900,
  handle: (_payload, { ctx }) => new IntegrationsService(ctx).pollAll(),
});
