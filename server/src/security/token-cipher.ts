// Tokens at rest: AES-256-GCM with a random 12-byte IV per value. The key comes from
// INTEGRATIONS_ENCRYPTION_KEY or DATA_DIR/secrets.json; a database dump alone reveals nothing.
import crypto from "node:crypto";

export class TokenCipher {
  private readonly key: Buffer;
  constructor(key: string) {
    this.key = /^[0-9a-f]{64}$/i.test(key) ? Buffer.from(key, "hex") : Buffer.from(key, "base64");
    if (this.key.length !== 32) throw new Error("The integrations encryption key must be 32 bytes.");
  }

  encrypt(plain: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv("aes-256-gcm", this.key, iv);
    const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return ["v1", iv.toString("base64"), cipher.getAuthTag().toString("base64"), data.toString("base64")].join(":");
  }

  decrypt(stored: string): string {
    const [version, iv, tag, data] = stored.split(":");
    if (version !== "v1" || !iv || !tag || data === undefined) throw new Error("Unreadable encrypted value");
    const decipher = crypto.createDecipheriv("aes-256-gcm", this.key, Buffer.from(iv, "base64"));
    decipher.setAuthTag(Buffer.from(tag, "base64"));
    return Buffer.concat([decipher.update(Buffer.from(data, "base64")), decipher.final()]).toString("utf8");
  }

  encryptOrNull = (v: string | null | undefined) => (v ? this.encrypt(v) : null);
  decryptOrNull = (v: string | null | undefined) => (v ? this.decrypt(v) : null);

  /** HMAC with a key derived from the same secret: signs OAuth states. */
  sign(value: string): string {
    return crypto
      .createHmac("sha256", Buffer.concat([this.key, Buffer.from("oauth-state")]))
      .update(value)
      .digest("base64url");
  }
}
