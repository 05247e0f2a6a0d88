// Capture: the microphone and, where the browser allows, a tab's or window's audio (screen
// capture), mixed through Web Audio into one stream that MediaRecorder cuts into a chunk
// every TIMESLICE_MS. Each source has an analyser for its level meter.

/** One chunk a second: a crash or reload loses at most the slice in progress. */
export const TIMESLICE_MS = 1000;

export interface CaptureSource {
  label: string;
  analyser: AnalyserNode;
}

export interface Capture {
  recorder: MediaRecorder;
  mimeType: string;
  sources: CaptureSource[];
  /** Stops every track and closes the audio graph. */
  close(): void;
}

/** What this browser can do, said plainly on the page. */
export function captureSupport() {
  const md = typeof navigator !== "undefined" ? navigator.mediaDevices : undefined;
  const ua = typeof navigator !== "undefined" ? navigator.userAgent : "";
  const chromium = /Chrome\/|Edg\//.test(ua) && !/Mobile/.test(ua);
  return {
    microphone: Boolean(md?.getUserMedia) && typeof MediaRecorder !== "undefined",
    /** Chromium on a desktop shares a tab's (or, on Windows and ChromeOS, the whole system's) audio; Firefox and Safari share no audio, phones cannot share a screen. */
    tabAudio: Boolean(md?.getDisplayMedia) && chromium,
    wakeLock: typeof navigator !== "undefined" && "wakeLock" in navigator,
  };
}

/** The container MediaRecorder should write: WebM/Opus where supported (Chromium, Firefox), else MP4 (Safari). */
export function pickMimeType(): string {
  for (const t of ["audio/webm;codecs=opus", "audio/webm", "audio/mp4", "audio/ogg;codecs=opus"])
    if (typeof MediaRecorder !== "undefined" && MediaRecorder.isTypeSupported(t)) return t;
  return "";
}

export async function microphones(): Promise<MediaDeviceInfo[]> {
  const all = await navigator.mediaDevices.enumerateDevices();
  return all.filter((d) => d.kind === "audioinput");
}

export async function startCapture(opts: { deviceId?: string; tabAudio: boolean }): Promise<Capture> {
  const streams: MediaStream[] = [];
  try {
    const mic = await navigator.mediaDevices.getUserMedia({
      audio: {
        ...(opts.deviceId ? { deviceId: { exact: opts.deviceId } } : {}),
        echoCancellation: true,
        noiseSuppression: true,
      },
    });
    streams.push(mic);
    let tab: MediaStream | null = null;
    if (opts.tabAudio) {
      // Chromium asks for video too; only the audio track is kept.
      tab = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: true });
      streams.push(tab);
      for (const v of tab.getVideoTracks()) v.stop();
      if (tab.getAudioTracks().length === 0)
        throw new Error("The shared tab or window has no audio. Share it again and tick 'Share tab audio' (or 'Share system audio').");
    }
    const audio = new AudioContext();
    const mix = audio.createMediaStreamDestination();
    const sources: CaptureSource[] = [];
    const add = (stream: MediaStream, label: string) => {
      const node = audio.createMediaStreamSource(stream);
      const analyser = audio.createAnalyser();
      analyser.fftSize = 512;
      node.connect(analyser);
      node.connect(mix);
      sources.push({ label, analyser });
    };
    add(mic, mic.getAudioTracks()[0]?.label || "Microphone");
    if (tab) add(new MediaStream(tab.getAudioTracks()), "Tab or window audio");
    const mimeType = pickMimeType();
    const recorder = new MediaRecorder(mix.stream, mimeType ? { mimeType, audioBitsPerSecond: 64_000 } : undefined);
    return {
      recorder,
      mimeType: recorder.mimeType || mimeType || "audio/webm",
      sources,
      close() {
        for (const s of streams) for (const t of s.getTracks()) t.stop();
        void audio.close().catch(() => {});
      },
    };
  } catch (e) {
    for (const s of streams) for (const t of s.getTracks()) t.stop();
    throw e;
  }
}

/** 0–1 loudness of a source now (RMS of its last frame, scaled for speech). */
export function level(analyser: AnalyserNode, buf: Float32Array<ArrayBuffer>): number {
  analyser.getFloatTimeDomainData(buf);
  let sum = 0;
  for (const v of buf) sum += v * v;
  return Math.min(1, Math.sqrt(sum / buf.length) * 4);
}
