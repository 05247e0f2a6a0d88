// Sends one action item to a provider (an issue, task, card, message, event, to-do or page).
// A retryable failure (429, 5xx, network) queues the next try after the provider's
// Retry-After (or a growing pause) rather than pg-boss's fixed delay; the link row says what
// is happening meanwhile. It waits on the network, so it runs in the `io` pool.
import { enqueueIntegrationSend, integrationSendPayload } from "../core/jobs";
import { IntegrationsRepo } from "../modules/integrations/integrations.repo";
import { IntegrationsService } from "../modules/integrations/integrations.service";
import { defineJob } from "./define-job";

export const integrationSendJob = defineJob({
  name: "integration-send",
  pool: "io",
  priority: 1,
  payload: integrationSendPayload,
  // Retries are the handler's own (they follow Retry-After); a crash mid-try is retried once.
  retry: { limit: 1, delaySeconds: 30, backoff: false },
  expireInSeconds: 300,
  // A try cut off on the last retry: the item says so instead of 'sending' for ever.
  abandoned: ({ linkId }, ctx) =>
    new IntegrationsRepo(ctx.database.db).failUnfinished(linkId, "Sending stopped before it finished: send it again from 'Send to'."),
  async handle({ linkId, attempt }, { ctx }) {
    const waitSeconds = await new IntegrationsService(ctx).deliver(linkId, attempt);
    if (waitSeconds !== null) await enqueueIntegrationSend(ctx, { linkId, attempt: attempt + 1 }, waitSeconds);
  },
});
