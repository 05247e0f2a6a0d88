// What a hostile (or just unlucky) user sends to take the server down, and how to watch the
// server while it works: shared by e2e/abuse.e2e.ts (asserts the server keeps answering) and
// bench/abuse.bench.ts (prints how fast).

/** Whom the requests come from: the app's address and a signed-in session's cookie. */
export interface Session {
  baseUrl: string;
  cookie: string;
}

/** WebVTT with `cues` turns of `words` words from a 25-word vocabulary: every sentence near-repeats every other. */
export function repetitiveVtt(cues = 4000, words = 200): string {
  const vocabulary =
    "the team will ship battery design review budget next week plan item we should agree decide market research product launch customer sales call data".split(
      " ",
    );
  let seed = 1;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const out = ["WEBVTT", ""];
  for (let i = 0; i < cues; i++) {
    const text = Array.from({ length: words }, () => vocabulary[Math.floor(next() * vocabulary.length)]).join(" ");
    out.push(String(i + 1), `${stamp(i * 5)} --> ${stamp(i * 5 + 4)}`, `<v Speaker ${i % 3}>${text}.</v>`, "");
  }
  return out.join("\n");
}

/** WebVTT with `cues` short turns by four speakers who take turns (no two cues merge). */
export function manyCuesVtt(cues = 100_000): string {
  const topics = ["the launch plan", "the budget", "the hiring plan", "the vendor contract", "the roadmap"];
  const out = ["WEBVTT", ""];
  for (let i = 0; i < cues; i++)
    out.push(
      String(i + 1),
      `${stamp(i * 3)} --> ${stamp(i * 3 + 2)}`,
      `<v Speaker ${i % 4}>Turn ${i}: we talked about ${topics[i % topics.length]} and what changes next week.</v>`,
      "",
    );
  return out.join("\n");
}

function stamp(seconds: number): string {
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}.000`;
}

export interface HealthWatch {
  /** Each /api/health answer's time in ms (one request at a time, back to back with a 25 ms pause). */
  latencies: number[];
  /** Answers that were not 200. */
  failures: number;
  stop(): Promise<{ count: number; maxMs: number; p95Ms: number; failures: number }>;
}

/** Asks /api/health again and again until stopped: how long the server makes anyone wait while it works. */
export function watchHealth(url: string, timeoutMs = 10_000): HealthWatch {
  const latencies: number[] = [];
  let failures = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const t0 = performance.now();
      try {
        const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(timeoutMs) });
        if (res.status !== 200) failures++;
        await res.arrayBuffer();
      } catch {
        failures++;
      }
      latencies.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  return {
    latencies,
    get failures() {
      return failures;
    },
    async stop() {
      running = false;
      await loop;
      const sorted = [...latencies].sort((a, b) => a - b);
      return {
        count: sorted.length,
        maxMs: sorted.at(-1) ?? 0,
        p95Ms: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0,
        failures,
      };
    },
  };
}

/** Uploads a transcript file as a new meeting; its id. */
export async function importTranscript(session: Session, fileName: string, content: string): Promise<string> {
  const fd = new FormData();
  fd.append("title", fileName);
  fd.append("file", new Blob([content], { type: "text/vtt" }), fileName);
  const res = await fetch(`${session.baseUrl}/api/meetings`, {
    method: "POST",
    body: fd,
    headers: { cookie: session.cookie, origin: session.baseUrl },
  });
  const body = (await res.json()) as { id?: string; error?: { message: string } };
  if (res.status !== 201 || !body.id) throw new Error(`upload failed: ${res.status} ${body.error?.message}`);
  return body.id;
}

/** Polls the meeting list (not the meeting itself, which carries every turn) until the meeting is done or failed. */
export async function waitSettled(session: Session, id: string, ms = 300_000): Promise<{ status: string; error: string | null }> {
  const until = Date.now() + ms;
  for (;;) {
    const res = await fetch(`${session.baseUrl}/api/meetings`, { headers: { cookie: session.cookie } });
    const list = (await res.json()) as { meetings?: { id: string; status: string; error: string | null }[] };
    const m = list.meetings?.find((x) => x.id === id);
    if (m && (m.status === "completed" || m.status === "failed")) return m;
    if (Date.now() > until) throw new Error(`meeting ${id} still ${m?.status ?? "missing"} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

export const exportFormatsToTry = ["md", "txt", "srt", "vtt", "json", "docx", "pdf"] as const;
