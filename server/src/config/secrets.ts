// Secrets the app makes for itself on first start and keeps under DATA_DIR, so that a
// self-hoster has nothing to generate. AUTH_SECRET in the environment wins (needed when
// several processes on several machines share one database).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export interface Secrets {
  authSecret: string;
  dbPassword: string;
  /** AES-256-GCM key for integration tokens at rest (base64, 32 bytes). */
  integrationsKey: string;
}

export function loadOrCreateSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, "secrets.json");
  let stored: Partial<Secrets> = {};
  try {
    stored = JSON.parse(fs.readFileSync(file, "utf8")) as Partial<Secrets>;
  } catch {
    /* first start */
  }
  const secrets: Secrets = {
    authSecret: stored.authSecret ?? crypto.randomBytes(32).toString("base64url"),
    dbPassword: stored.dbPassword ?? crypto.randomBytes(18).toString("base64url"),
    integrationsKey: stored.integrationsKey ?? crypto.randomBytes(32).toString("base64"),
  };
  if (
    secrets.authSecret !== stored.authSecret ||
    secrets.dbPassword !== stored.dbPassword ||
    secrets.integrationsKey !== stored.integrationsKey
  ) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(secrets), { mode: 0o600 });
    fs.renameSync(`${file}.tmp`, file);
  }
  return secrets;
}
