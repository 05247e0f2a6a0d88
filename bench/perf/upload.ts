// Figure c: a 100 MiB WAV uploaded over loopback to POST /api/meetings of a server started
// with the real start command, against a plain stream copy of the same file in the same run;
// and the server process's RSS growth during the upload (VmRSS sampled every 20 ms, VmHWM).
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { procStatusKb, type Client, type RunningServer } from "./server";
import { pcmWavHeader } from "../../server/src/media/pcm-wav";

export const UPLOAD_BYTES = 100 * 1024 * 1024;

/** A 16-bit mono 44.1 kHz WAV of a 440 Hz tone with `dataBytes` of samples, written in chunks. */
export async function writeToneWav(file: string, dataBytes: number): Promise<void> {
  const rate = 44_100;
  const header = pcmWavHeader(Math.floor(dataBytes / 2), rate);
  // One second of tone repeated: 440 Hz fits 44,100 samples exactly.
  const second = Buffer.alloc(rate * 2);
  for (let i = 0; i < rate; i++) second.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), i * 2);
  const fh = await fs.open(file, "w");
  try {
    await fh.write(header);
    let left = dataBytes;
    while (left > 0) {
      const n = Math.min(left, second.length);
      await fh.write(second, 0, n);
      left -= n;
    }
  } finally {
    await fh.close();
  }
}

/** Streams the file as multipart/form-data with a known Content-Length (nothing buffered). */
export function uploadFile(server: RunningServer, cookie: string, file: string, size: number): Promise<{ status: number; body: string }> {
  const boundary = `----minutesbench${Date.now()}`;
  const pre = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nBench upload\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(file)}"\r\nContent-Type: audio/wav\r\n\r\n`,
  );
  const post = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${server.url}/api/meetings`,
      {
        method: "POST",
        headers: {
          origin: server.url,
          cookie,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": pre.length + size + post.length,
        },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (body += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.write(pre);
    const rs = createReadStream(file, { highWaterMark: 256 * 1024 });
    rs.on("error", reject);
    rs.on("end", () => req.end(post));
    rs.pipe(req, { end: false });
  });
}

export interface UploadResult {
  bytes: number;
  uploadMs: number;
  uploadMBps: number;
  copyMs: number;
  copyMBps: number;
  copyFileMs: number;
  rssBeforeMb: number;
  rssPeakGrowthMb: number;
  hwmBeforeMb: number;
  hwmAfterMb: number;
  samples: number;
}

export async function benchUpload(server: RunningServer, client: Client, tmp: string): Promise<UploadResult> {
  const file = path.join(tmp, "bench-100mb.wav");
  await writeToneWav(file, UPLOAD_BYTES - 44);
  const { size } = await fs.stat(file);
  const MB = 1024 * 1024;

  // Plain copies of the same file, same run (page cache warm for both).
  const c0 = performance.now();
  await pipeline(createReadStream(file), createWriteStream(path.join(tmp, "copy.wav")));
  const copyMs = performance.now() - c0;
  await fs.rm(path.join(tmp, "copy.wav"));
  const f0 = performance.now();
  await fs.copyFile(file, path.join(tmp, "copy2.wav"));
  const copyFileMs = performance.now() - f0;
  await fs.rm(path.join(tmp, "copy2.wav"));

  const pid = server.serverPid();
  global.gc?.();
  await new Promise((r) => setTimeout(r, 200));
  const rssBefore = procStatusKb(pid, "VmRSS");
  const hwmBefore = procStatusKb(pid, "VmHWM");
  let peak = rssBefore;
  let samples = 0;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, procStatusKb(pid, "VmRSS"));
      samples++;
    } catch {
      /* exited */
    }
  }, 20);
  const u0 = performance.now();
  let res;
  try {
    res = await uploadFile(server, client.cookie, file, size);
  } finally {
    clearInterval(timer);
  }
  const uploadMs = performance.now() - u0;
  peak = Math.max(peak, procStatusKb(pid, "VmRSS"));
  const hwmAfter = procStatusKb(pid, "VmHWM");
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${res.body.slice(0, 500)}`);
  // Stop its processing job (ffmpeg on 100 MB) so it does not disturb the next figure.
  const id = (JSON.parse(res.body) as { id: string }).id;
  await client.request("DELETE", `/api/meetings/${id}`);
  await fs.rm(file, { force: true });

  return {
    bytes: size,
    uploadMs,
    uploadMBps: size / MB / (uploadMs / 1000),
    copyMs,
    copyMBps: size / MB / (copyMs / 1000),
    copyFileMs,
    rssBeforeMb: rssBefore / 1024,
    rssPeakGrowthMb: (peak - rssBefore) / 1024,
    hwmBeforeMb: hwmBefore / 1024,
    hwmAfterMb: hwmAfter / 1024,
    samples,
  };
}
