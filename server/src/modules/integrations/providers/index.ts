// The seven providers, in the order the Settings tab shows them.
import type { Config, IntegrationProviderKey } from "../../../config/config";
import { integrationEnvPrefixes } from "../../../config/config";
import { createAsana } from "./asana";
import { createGithub } from "./github";
import { createGoogleCalendar } from "./google-calendar";
import { createMicrosoftTodo } from "./microsoft-todo";
import { createNotion } from "./notion";
import type { AdapterDeps, ProviderAdapter } from "./provider";
import { createSlack } from "./slack";
import { createTrello } from "./trello";

const factories: Record<IntegrationProviderKey, (deps: AdapterDeps) => ProviderAdapter> = {
  github: createGithub,
  asana: createAsana,
  trello: createTrello,
  slack: createSlack,
  "google-calendar": createGoogleCalendar,
  "microsoft-todo": createMicrosoftTodo,
  notion: createNotion,
};

export const providerOrder = Object.keys(factories) as IntegrationProviderKey[];

export function createAdapters(config: Config): Record<IntegrationProviderKey, ProviderAdapter> {
  return Object.fromEntries(
    providerOrder.map((key) => [
      key,
      factories[key]({ config: config.integrations.providers[key], tenant: config.integrations.microsoftTenant }),
    ]),
  ) as Record<IntegrationProviderKey, ProviderAdapter>;
}

/** What an administrator sets to enable a provider (Trello calls them API key and secret). */
export function requiredEnv(key: IntegrationProviderKey): string[] {
  const p = integrationEnvPrefixes[key];
  return [`${p}_CLIENT_ID`, `${p}_CLIENT_SECRET`];
}
