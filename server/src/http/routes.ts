// Every /api feature module registers here, one line each.
import type { FastifyInstance } from "fastify";
import { registerAccountRoutes } from "../modules/accounts/accounts.routes";
import { registerActionItemRoutes } from "../modules/action-items/action-items.routes";
import { registerIntegrationRoutes } from "../modules/integrations/integrations.routes";
import { registerMeetingRoutes } from "../modules/meetings/meetings.routes";
import { registerSharingRoutes } from "../modules/sharing/sharing.routes";
import { registerModelRoutes } from "../modules/models/models.routes";
import { registerAskRoutes } from "../modules/ask/ask.routes";
import { registerSearchRoutes } from "../modules/search/search.routes";
import { registerTranscriptEditRoutes } from "../modules/meetings/transcript-edits.routes";
import { registerMeetingExportRoutes } from "../modules/meetings/meeting-export.routes";
import { registerPeopleRoutes } from "../modules/people/people.routes";
import { registerPublicLinkRoutes } from "../modules/public-links/public-links.routes";
import { registerMailNoticeRoutes } from "../modules/mail-notices/mail-notices.routes";
import { registerRecordingRoutes } from "../modules/recordings/recordings.routes";
import type { AppContext } from "../context/app-context";

export async function registerApiRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerMeetingRoutes(app, ctx);
  await registerActionItemRoutes(app, ctx);
  await registerSharingRoutes(app, ctx);
  await (await import("../modules/teams/teams.routes")).registerTeamRoutes(app, ctx);
  await registerModelRoutes(app, ctx);
  await registerSearchRoutes(app, ctx);
  await registerAskRoutes(app, ctx);
  await registerTranscriptEditRoutes(app, ctx);
  await registerMeetingExportRoutes(app, ctx);
  await registerIntegrationRoutes(app, ctx);
  await registerRecordingRoutes(app, ctx);
  await registerPeopleRoutes(app, ctx);
  await registerPublicLinkRoutes(app, ctx);
  await registerMailNoticeRoutes(app, ctx);
  await registerAccountRoutes(app, ctx);
}
