// RTTM speaker-turn files: `SPEAKER <file> <chan> <onset> <dur> <NA> <NA> <speaker> <NA> <NA>`.
export interface RttmTurn {
  file: string;
  channel: string;
  speaker: string;
  start: number;
  end: number;
}

export function parseRttm(text: string): RttmTurn[] {
  const turns: RttmTurn[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line || line.startsWith("#") || line.startsWith(";;")) return;
    const f = line.split(/\s+/);
    if (f[0] !== "SPEAKER") return; // other RTTM record types carry no turns
    const onset = Number(f[3]);
    const dur = Number(f[4]);
    const [, file, channel, , , , , speaker] = f;
    if (
      file === undefined ||
      channel === undefined ||
      speaker === undefined ||
      !Number.isFinite(onset) ||
      !Number.isFinite(dur) ||
      dur < 0
    ) {
      throw new Error(`RTTM line ${i + 1} is malformed: ${line}`);
    }
    turns.push({ file, channel, speaker, start: onset, end: onset + dur });
  });
  return turns;
}

export function formatRttm(file: string, turns: { speaker: string; start: number; end: number }[]): string {
  return turns
    .map(
      (t) =>
        `SPEAKER ${file} 1 ${t.start.toFixed(3)} ${(t.end - t.start).toFixed(3)} <NA> <NA> ${t.speaker.replace(/\s+/g, "_")} <NA> <NA>`,
    )
    .join("\n");
}
