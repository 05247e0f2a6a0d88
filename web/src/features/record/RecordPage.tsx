import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { AlertTriangle, CloudOff, Info, Mic, Pause, Play, Square, Trash2 } from "lucide-react";
import { PageContainer, PageHeader } from "@/components/layout/PageHeader";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { api, apiJson, isApiError } from "@/lib/api";
import { DETECT_LANGUAGE, SPEECH_LANGUAGES } from "../../../../contract/languages";
import type { CreatedRecording, FinishedRecording, LiveTranscript, Recording, RecordingList } from "../../../../contract/recordings";
import { chunkStore, type LocalRecording } from "./chunk-store";
import { captureSupport, level, microphones, pickMimeType, startCapture, TIMESLICE_MS, type Capture } from "./capture";
import { ChunkUploader, type UploadState } from "./uploader";

type Phase = "setup" | "starting" | "recording" | "paused" | "finishing";

const LANGUAGE_OPTIONS = [
  { value: "en", label: "English" },
  { value: DETECT_LANGUAGE, label: "Detect automatically" },
  ...[...SPEECH_LANGUAGES]
    .filter(([c]) => c !== "en")
    .sort((a, b) => a[1].localeCompare(b[1]))
    .map(([code, name]) => ({ value: code, label: name })),
];

function clock(ms: number): string {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, "0");
  const ss = String(s % 60).padStart(2, "0");
  return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Why getUserMedia/getDisplayMedia refused, in words a person can act on. */
function captureError(e: unknown): string {
  const name = e instanceof DOMException ? e.name : "";
  if (name === "NotAllowedError")
    return "The browser was not allowed to use the microphone (or the shared tab). Allow it in the address bar's site settings, then start again.";
  if (name === "NotFoundError") return "No microphone was found. Connect one, or choose another in the list.";
  if (name === "NotReadableError") return "The microphone is in use by another program or could not be opened.";
  return errorText(e);
}

/** /record: record a meeting in the browser; chunks go to IndexedDB first, then to the server. */
export default function RecordPage() {
  const navigate = useNavigate();
  const support = captureSupport();
  const [phase, setPhase] = useState<Phase>("setup");
  const [title, setTitle] = useState("");
  const [language, setLanguage] = useState("en");
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [deviceId, setDeviceId] = useState("");
  const [tabAudio, setTabAudio] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [interrupted, setInterrupted] = useState<LocalRecording[]>([]);
  const [upload, setUpload] = useState<UploadState>({ pending: {}, offline: false, lost: [], refused: {} });
  const [elapsed, setElapsed] = useState(0);
  const [levels, setLevels] = useState<{ label: string; value: number }[]>([]);
  const [maxHours, setMaxHours] = useState(4);
  const [live, setLive] = useState<LiveTranscript | null>(null);

  const uploader = useRef<ChunkUploader | null>(null);
  const capture = useRef<Capture | null>(null);
  const current = useRef<LocalRecording | null>(null);
  /** Recorded time before the running stretch, and when that stretch began (null while paused). */
  const timing = useRef<{ before: number; since: number | null }>({ before: 0, since: null });
  /** Chunks are stored one after another, so their numbers follow the recorder's order. */
  const writes = useRef<Promise<void>>(Promise.resolve());
  const wakeLock = useRef<WakeLockSentinel | null>(null);

  const recordedMs = () => timing.current.before + (timing.current.since === null ? 0 : performance.now() - timing.current.since);

  const refreshInterrupted = useCallback(async () => {
    const all = await chunkStore.recordings();
    setInterrupted(all.filter((r) => r.id !== current.current?.id));
  }, []);

  // The uploader runs as long as the page is open: it also sends what an earlier visit left.
  useEffect(() => {
    const u = new ChunkUploader();
    uploader.current = u;
    const off = u.subscribe(setUpload);
    u.start();
    void refreshInterrupted().catch((e) => setError(`This browser cannot keep recordings safely (IndexedDB): ${errorText(e)}`));
    void api<RecordingList>("/api/recordings")
      .then((r) => setMaxHours(r.maxHours))
      .catch(() => {});
    return () => {
      off();
      u.stop();
    };
  }, [refreshInterrupted]);

  useEffect(() => {
    if (!support.microphone) return;
    void microphones()
      .then(setDevices)
      .catch(() => {});
  }, [support.microphone]);

  // Stop everything if the page is left inside the app (the chunks are in IndexedDB already).
  useEffect(
    () => () => {
      capture.current?.recorder.state !== "inactive" && capture.current?.recorder.stop();
      capture.current?.close();
      void wakeLock.current?.release().catch(() => {});
    },
    [],
  );

  const busy = phase === "recording" || phase === "paused" || phase === "finishing";
  const pendingTotal = Object.values(upload.pending).reduce((a, b) => a + b, 0);

  // Warn before leaving while recording or while chunks still wait for the server.
  useEffect(() => {
    if (!busy && pendingTotal === 0) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [busy, pendingTotal]);

  // Keep the screen on while recording; the lock is dropped when the tab is hidden, so take it again on return.
  useEffect(() => {
    if (phase !== "recording" || !support.wakeLock) return;
    const take = () => {
      if (document.visibilityState === "visible" && !wakeLock.current)
        void navigator.wakeLock
          .request("screen")
          .then((l) => {
            wakeLock.current = l;
            l.addEventListener("release", () => (wakeLock.current = null));
          })
          .catch(() => {});
    };
    take();
    document.addEventListener("visibilitychange", take);
    return () => {
      document.removeEventListener("visibilitychange", take);
      void wakeLock.current?.release().catch(() => {});
    };
  }, [phase, support.wakeLock]);

  // Timer and level meters.
  useEffect(() => {
    if (phase !== "recording" && phase !== "paused") return;
    const bufs = new Map<AnalyserNode, Float32Array<ArrayBuffer>>();
    let raf = 0;
    const tick = () => {
      setElapsed(recordedMs());
      const sources = capture.current?.sources ?? [];
      setLevels(
        sources.map((s) => {
          let buf = bufs.get(s.analyser);
          if (!buf) bufs.set(s.analyser, (buf = new Float32Array(s.analyser.fftSize)));
          return { label: s.label, value: phase === "recording" ? level(s.analyser, buf) : 0 };
        }),
      );
      if (recordedMs() >= maxHours * 3600_000 && capture.current?.recorder.state === "recording") void stop();
      raf = window.setTimeout(tick, 100);
    };
    tick();
    return () => window.clearTimeout(raf);
  }, [phase, maxHours]);

  // The live transcript (a draft from the streaming model), read every second while recording.
  useEffect(() => {
    if (phase !== "recording" && phase !== "paused") return;
    const id = current.current?.id;
    if (!id) return;
    let stop = false;
    const read = async () => {
      while (!stop) {
        try {
          const next = await api<LiveTranscript>(`/api/recordings/${id}/live`);
          if (!stop) setLive(next);
        } catch {
          // Offline: the text catches up when the chunks do.
        }
        await new Promise((r) => setTimeout(r, 1000));
      }
    };
    void read();
    return () => {
      stop = true;
    };
  }, [phase]);

  async function begin(local: LocalRecording) {
    setError(null);
    setLive(null);
    setPhase("starting");
    let cap: Capture;
    try {
      cap = await startCapture({ deviceId: deviceId || undefined, tabAudio });
    } catch (e) {
      setError(captureError(e));
      setPhase("setup");
      return;
    }
    capture.current = cap;
    current.current = local;
    // Continuing an interrupted recording shows its own title and language.
    setTitle(local.title);
    setLanguage(local.language || "en");
    timing.current = { before: local.recordedMs, since: null };
    void microphones()
      .then(setDevices)
      .catch(() => {});
    cap.recorder.ondataavailable = (e) => {
      if (!e.data.size) return;
      const ms = recordedMs();
      writes.current = writes.current.then(async () => {
        const r = current.current;
        if (!r) return;
        const next: LocalRecording = { ...r, nextChunk: r.nextChunk + 1, recordedMs: ms, updatedAt: Date.now() };
        try {
          await chunkStore.addChunk({ recordingId: r.id, n: r.nextChunk, blob: e.data }, next);
          current.current = next;
          uploader.current?.poke();
        } catch (err) {
          setError(`A chunk could not be kept in this browser's storage (${errorText(err)}). Free some disk space; recording goes on.`);
        }
      });
    };
    cap.recorder.start(TIMESLICE_MS);
    timing.current.since = performance.now();
    setPhase("recording");
    await refreshInterrupted();
  }

  async function start() {
    setError(null);
    setPhase("starting");
    try {
      const mimeType = pickMimeType() || "audio/webm";
      const { id } = await apiJson<CreatedRecording>("POST", "/api/recordings", { title: title.trim() || undefined, language, mimeType });
      const now = Date.now();
      const local: LocalRecording = {
        id,
        title: title.trim(),
        language,
        mimeType,
        nextChunk: 0,
        recordedMs: 0,
        createdAt: now,
        updatedAt: now,
        stopped: false,
      };
      await chunkStore.saveRecording(local);
      await begin(local);
    } catch (e) {
      setError(
        isApiError(e) && e.status === 0 ? "Starting a recording needs the server: check your connection, then try again." : errorText(e),
      );
      setPhase("setup");
    }
  }

  function pause() {
    const cap = capture.current;
    if (cap?.recorder.state !== "recording") return;
    cap.recorder.pause();
    timing.current = { before: recordedMs(), since: null };
    setPhase("paused");
  }

  function resume() {
    const cap = capture.current;
    if (cap?.recorder.state !== "paused") return;
    cap.recorder.resume();
    timing.current.since = performance.now();
    setPhase("recording");
  }

  async function stop() {
    const cap = capture.current;
    if (!cap) return;
    setPhase("finishing");
    if (cap.recorder.state !== "inactive") {
      const stopped = new Promise<void>((resolve) => cap.recorder.addEventListener("stop", () => resolve(), { once: true }));
      cap.recorder.stop();
      await stopped;
    }
    timing.current = { before: recordedMs(), since: null };
    cap.close();
    capture.current = null;
    await writes.current;
    const r = current.current;
    if (!r) return;
    const done = { ...r, stopped: true };
    await chunkStore.saveRecording(done);
    await finish(done);
  }

  async function finish(r: LocalRecording) {
    setPhase("finishing");
    setError(null);
    try {
      if (r.nextChunk === 0) throw new Error("Nothing was recorded.");
      uploader.current?.poke();
      await uploader.current?.drained(r.id);
      const body = { chunks: r.nextChunk, title: r.title || undefined, language: r.language || undefined };
      let result: { meetingId: string } | null = null;
      for (let attempt = 0; !result; attempt++) {
        try {
          result = await apiJson<FinishedRecording>("POST", `/api/recordings/${r.id}/finish`, body);
        } catch (e) {
          // Offline or the server restarting: the chunks are safe; try again shortly.
          if (isApiError(e) && (e.status === 0 || e.status >= 500) && attempt < 30) {
            await new Promise((res) => setTimeout(res, 2000));
            continue;
          }
          throw e;
        }
      }
      await chunkStore.forget(r.id);
      current.current = null;
      toast.success("Recording saved. Transcribing it now.");
      void navigate(`/meetings/${result.meetingId}`);
    } catch (e) {
      setError(`The recording could not be finished: ${errorText(e)}`);
      current.current = null;
      setPhase("setup");
      await refreshInterrupted();
    }
  }

  async function discard(r: LocalRecording) {
    if (!window.confirm(`Discard "${r.title || "Untitled recording"}"? Its audio is deleted from this browser and the server.`)) return;
    try {
      await api(`/api/recordings/${r.id}`, { method: "DELETE" });
    } catch (e) {
      if (!(isApiError(e) && e.status === 404)) {
        setError(`Could not discard it: ${errorText(e)}`);
        return;
      }
    }
    await chunkStore.forget(r.id);
    await refreshInterrupted();
  }

  async function saveTitle() {
    const r = current.current;
    if (!r) return;
    const next = { ...r, title: title.trim(), language };
    current.current = next;
    await chunkStore.saveRecording(next);
    void apiJson("PATCH", `/api/recordings/${r.id}`, { title: title.trim() || undefined, language }).catch(() => {});
  }

  const currentId = current.current?.id;
  const pendingHere = currentId ? (upload.pending[currentId] ?? 0) : 0;

  return (
    <PageContainer className="flex max-w-3xl flex-col gap-6">
      <PageHeader
        title="Record a Meeting"
        subtitle="Record in this browser: an in-person meeting, a call on any platform, or a voice memo."
      />

      {!support.microphone ? (
        <Alert variant="destructive">
          <AlertTriangle aria-hidden="true" />
          <AlertTitle>This browser cannot record audio</AlertTitle>
          <AlertDescription>Use a recent Chrome, Edge, Firefox or Safari, or upload a recording instead.</AlertDescription>
        </Alert>
      ) : null}

      {interrupted.length > 0 && !busy ? (
        <Card>
          <CardHeader>
            <CardTitle as="h2">Interrupted recordings</CardTitle>
            <CardDescription>
              These were not finished (the page was closed, reloaded or crashed). Their audio is kept in this browser until the server has
              it.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            {interrupted.map((r) => {
              const waiting = upload.pending[r.id] ?? 0;
              const lost = upload.lost.includes(r.id);
              return (
                <div
                  key={r.id}
                  className="flex flex-col gap-3 rounded-lg border p-3 sm:flex-row sm:items-center sm:justify-between"
                  data-testid="interrupted-recording"
                >
                  <div className="min-w-0">
                    <p className="truncate font-medium">{r.title || "Untitled recording"}</p>
                    <p className="text-sm text-muted-foreground">
                      {clock(r.recordedMs)} recorded ·{" "}
                      {lost
                        ? "the server no longer has it"
                        : waiting
                          ? `${waiting} chunk${waiting === 1 ? "" : "s"} waiting to upload`
                          : "all on the server"}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {!r.stopped && !lost ? (
                      <Button variant="outline" onClick={() => void begin(r)} disabled={phase === "starting"}>
                        <Mic aria-hidden="true" />
                        Continue recording
                      </Button>
                    ) : null}
                    {!lost ? (
                      <Button onClick={() => void finish(r)} disabled={phase === "starting"}>
                        Finish
                      </Button>
                    ) : null}
                    <Button variant="ghost" onClick={() => void discard(r)} aria-label={`Discard ${r.title || "untitled recording"}`}>
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                </div>
              );
            })}
          </CardContent>
        </Card>
      ) : null}

      <Card data-testid="recorder" data-phase={phase} data-pending={pendingTotal} data-recorded-ms={Math.round(elapsed)}>
        <CardContent className="flex flex-col gap-5 pt-6">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Meeting Title" hint="You can change it while recording.">
              {(control) => (
                <Input
                  {...control}
                  value={title}
                  maxLength={300}
                  placeholder="Weekly sync"
                  onChange={(e) => setTitle(e.target.value)}
                  onBlur={() => void saveTitle()}
                  disabled={phase === "finishing"}
                />
              )}
            </Field>
            <Field label="Spoken language">
              {(control) => (
                <Select
                  value={language}
                  onValueChange={(v) => {
                    setLanguage(v);
                    if (current.current) void saveTitle();
                  }}
                  disabled={phase === "finishing"}
                >
                  <SelectTrigger {...control} className="w-full">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {LANGUAGE_OPTIONS.map((o) => (
                      <SelectItem key={o.value} value={o.value}>
                        {o.label}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            </Field>
          </div>

          {!busy ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label="Microphone"
                hint={devices.some((d) => d.label) ? undefined : "Names appear once the browser may use the microphone."}
              >
                {(control) => (
                  <Select value={deviceId || "default"} onValueChange={(v) => setDeviceId(v === "default" ? "" : v)}>
                    <SelectTrigger {...control} className="w-full">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value="default">Default microphone</SelectItem>
                      {devices
                        .filter((d) => d.deviceId && d.deviceId !== "default")
                        .map((d, i) => (
                          <SelectItem key={d.deviceId} value={d.deviceId}>
                            {d.label || `Microphone ${i + 1}`}
                          </SelectItem>
                        ))}
                    </SelectContent>
                  </Select>
                )}
              </Field>
              <div className="flex flex-col gap-2">
                <div className="flex items-center gap-3">
                  <Switch id="tab-audio" checked={tabAudio} onCheckedChange={setTabAudio} disabled={!support.tabAudio} />
                  <Label htmlFor="tab-audio">Also record a tab or window (for online calls)</Label>
                </div>
                <p className="text-sm text-muted-foreground">
                  {support.tabAudio
                    ? "You choose the meeting's tab and tick 'Share tab audio'; it is mixed with your microphone."
                    : "This browser cannot capture another tab's audio (only desktop Chrome and Edge can). The microphone still records what your speakers play; headphones keep the other side out."}
                </p>
              </div>
            </div>
          ) : null}

          <div className="flex flex-col items-center gap-3 py-2">
            <p className="font-mono text-4xl tabular-nums" aria-live="off" data-testid="record-timer">
              {clock(elapsed)}
            </p>
            <p className="text-sm text-muted-foreground" role="status">
              {phase === "recording"
                ? "Recording"
                : phase === "paused"
                  ? "Paused"
                  : phase === "finishing"
                    ? "Saving the recording…"
                    : phase === "starting"
                      ? "Starting…"
                      : `Ready. Up to ${maxHours} hours.`}
            </p>
            {levels.map((l) => (
              <div key={l.label} className="w-full max-w-sm">
                <p className="mb-1 truncate text-xs text-muted-foreground">{l.label}</p>
                <div
                  className="h-2 w-full overflow-hidden rounded bg-muted"
                  role="meter"
                  aria-label={`${l.label} level`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(l.value * 100)}
                >
                  <div className="h-full bg-primary transition-[width] duration-100" style={{ width: `${Math.round(l.value * 100)}%` }} />
                </div>
              </div>
            ))}
          </div>

          <div className="flex flex-wrap justify-center gap-3">
            {phase === "setup" || phase === "starting" ? (
              <Button size="lg" onClick={() => void start()} disabled={!support.microphone || phase === "starting"}>
                <Mic aria-hidden="true" />
                Start recording
              </Button>
            ) : null}
            {phase === "recording" ? (
              <Button size="lg" variant="outline" onClick={pause}>
                <Pause aria-hidden="true" />
                Pause
              </Button>
            ) : null}
            {phase === "paused" ? (
              <Button size="lg" variant="outline" onClick={resume}>
                <Play aria-hidden="true" />
                Resume
              </Button>
            ) : null}
            {phase === "recording" || phase === "paused" ? (
              <Button size="lg" variant="destructive" onClick={() => void stop()}>
                <Square aria-hidden="true" />
                Stop and save
              </Button>
            ) : null}
          </div>

          {busy ? (
            <p className="flex items-center justify-center gap-2 text-sm text-muted-foreground" data-testid="upload-status">
              {upload.offline ? <CloudOff aria-hidden="true" className="size-4" /> : null}
              {upload.offline
                ? `Offline: ${pendingHere} chunk${pendingHere === 1 ? "" : "s"} kept in this browser; they upload when the connection returns.`
                : pendingHere
                  ? `Uploading ${pendingHere} chunk${pendingHere === 1 ? "" : "s"}…`
                  : "Everything recorded so far is on the server."}
            </p>
          ) : null}

          {error ? (
            <Alert variant="destructive">
              <AlertTriangle aria-hidden="true" />
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          ) : null}
        </CardContent>
      </Card>

      <Card data-testid="live-transcript">
        <CardHeader>
          <CardTitle as="h2">Live transcript</CardTitle>
          <CardDescription>A first draft while you record; the meeting is transcribed again, with speakers, when you stop.</CardDescription>
        </CardHeader>
        <CardContent>
          {live && !live.available ? (
            <p className="flex gap-2 text-sm text-muted-foreground" data-testid="live-unavailable">
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {live.reason}
            </p>
          ) : live?.available && (live.text.finals.length || live.text.partial) ? (
            <div className="flex max-h-64 flex-col gap-1 overflow-y-auto text-sm" aria-live="polite">
              {live.text.finals.map((line, i) => (
                <p key={i}>{line}</p>
              ))}
              {live.text.partial ? <p className="text-muted-foreground">{live.text.partial}</p> : null}
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">{busy ? "Listening…" : "Words appear here while you record."}</p>
          )}
        </CardContent>
      </Card>
    </PageContainer>
  );
}
