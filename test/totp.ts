// RFC 6238 time-based one-time codes from an otpauth:// URI (what an authenticator app does),
// with node:crypto only: tests sign in with two-factor without any outside service.
import crypto from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/=+$/, "").toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const i = ALPHABET.indexOf(ch);
    if (i < 0) throw new Error(`not base32: ${ch}`);
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The code for `secret` (the raw key) at `time` (ms): HMAC-SHA1 over the 30 s step, dynamic truncation, 6 digits. */
export function totp(secret: Buffer, time = Date.now(), period = 30, digits = 6): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(time / 1000 / period)));
  const mac = crypto.createHmac("sha1", secret).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const n = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(n).padStart(digits, "0");
}

/** The key of an otpauth://totp/…?secret=BASE32 URI. */
export function secretOf(uri: string): Buffer {
  const s = new URL(uri).searchParams.get("secret");
  if (!s) throw new Error(`no secret in ${uri}`);
  return base32Decode(s);
}
