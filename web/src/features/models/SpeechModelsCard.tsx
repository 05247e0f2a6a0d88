// Settings: which local models (speech, and the language models that write the notes) are
// installed, their sizes, and downloads in progress (polled while one runs). The owner of the
// instance downloads what the default settings need with one button; the server-side
// command is shown as well.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { AlertCircle, CheckCircle2, Download } from "lucide-react";
import { toast } from "sonner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { api, apiJson } from "@/lib/api";

interface ModelInfo {
  id: string;
  name: string;
  purpose: string;
  languages: string[];
  licence: string;
  sizeBytes: number | null;
  /** Installed size from upstream's listings, when known. */
  approxBytes: number | null;
  bundled: boolean;
  installed: boolean;
  sizeOnDisk: number;
  download: { receivedBytes: number; totalBytes: number | null; active: boolean; complete?: boolean } | null;
}

interface ModelsResponse {
  engine: string;
  autoDownload: boolean;
  /** The signed-in user owns this instance and may download models. */
  canManage: boolean;
  defaults: { ids: string[]; missing: string[]; missingSize: string | null; downloading: boolean; error: string | null };
  models: ModelInfo[];
}

const purposeLabel: Record<string, string> = {
  vad: "Voice activity detection",
  asr: "Speech recognition",
  "asr-streaming": "Live transcript",
  "diarization-segmentation": "Speaker segmentation",
  "diarization-embedding": "Speaker embeddings",
  llm: "Meeting notes",
};

export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(2)} GB`;
}

export function SpeechModelsCard() {
  const { data, isLoading, isError } = useQuery({
    queryKey: ["models"],
    queryFn: () => api<ModelsResponse>("/api/models"),
    refetchInterval: (q) => (q.state.data?.defaults.downloading || q.state.data?.models.some((m) => m.download?.active) ? 1500 : false),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Local models</CardTitle>
        <CardDescription>
          Speech-to-text and meeting notes run on this server.{" "}
          {data && data.engine !== "local" ? `The configured engine is ${data.engine}; local models are used for speaker labels only.` : ""}
          {data?.autoDownload
            ? " Missing models are downloaded the first time a recording needs them."
            : " Automatic downloads are off: install models with the command below."}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {data ? <DefaultModels data={data} /> : null}
        {isLoading && [0, 1, 2].map((i) => <Skeleton key={i} className="h-12 w-full" />)}
        {isError && <p className="text-sm text-destructive">Failed to load the models</p>}
        {data ? (
          <>
            <h4 className="text-sm font-semibold">Speech models</h4>
            {data.models
              .filter((m) => m.purpose !== "llm")
              .map((m) => (
                <ModelRow key={m.id} m={m} />
              ))}
            <h4 className="pt-2 text-sm font-semibold">Language models for the notes</h4>
            <p className="text-sm text-muted-foreground">
              Summaries, decisions and action items are written by the largest one installed; without one, built-in rules write them.
            </p>
            {data.models
              .filter((m) => m.purpose === "llm")
              .map((m) => (
                <ModelRow key={m.id} m={m} />
              ))}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}

function ModelRow({ m }: { m: ModelInfo }) {
  return (
    <div className="flex flex-col gap-2 rounded-lg border p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium">{m.name}</p>
        <p className="text-sm text-muted-foreground">
          {purposeLabel[m.purpose] ?? m.purpose} · {m.languages.join(", ")} · {m.licence}
        </p>
        {m.download && (
          <div className="mt-2 space-y-1">
            <Progress
              value={m.download.totalBytes ? (100 * m.download.receivedBytes) / m.download.totalBytes : 0}
              aria-label={`Download of ${m.name}`}
            />
            <p className="text-xs text-muted-foreground">
              {m.download.active ? "Downloading" : m.download.complete ? "Downloaded, not yet installed" : "Partly downloaded"}:{" "}
              {formatBytes(m.download.receivedBytes)}
              {m.download.totalBytes ? ` of ${formatBytes(m.download.totalBytes)}` : ""}
            </p>
          </div>
        )}
        {!m.installed && !m.download && <p className="mt-1 font-mono text-xs text-muted-foreground">npm run models -- pull {m.id}</p>}
      </div>
      <div className="shrink-0 text-sm">
        {m.installed ? (
          <Badge variant="secondary">
            {m.bundled ? "Included with the app" : "Installed"} · {formatBytes(m.sizeOnDisk)}
          </Badge>
        ) : (
          <Badge variant="outline">
            Not installed
            {m.sizeBytes ? ` · ${formatBytes(m.sizeBytes)}` : m.approxBytes ? ` · about ${formatBytes(m.approxBytes)}` : ""}
          </Badge>
        )}
      </div>
    </div>
  );
}

/** What the default settings need: installed, or a download for the owner (with progress), or who to ask. */
function DefaultModels({ data }: { data: ModelsResponse }) {
  const queryClient = useQueryClient();
  const start = useMutation({
    mutationFn: () => apiJson<ModelsResponse>("POST", "/api/models/download"),
    onSuccess: (next) => queryClient.setQueryData(["models"], next),
    onError: (error) => toast.error("Could not start the download", { description: error.message }),
  });
  const { defaults } = data;
  if (data.engine !== "local") return null;
  if (!defaults.missing.length) {
    return (
      <p className="flex items-center gap-2 rounded-lg border border-success/40 px-3 py-2 text-sm" role="status">
        <CheckCircle2 className="size-4 shrink-0 text-success" aria-hidden="true" />
        The speech models the default settings need are installed.
      </p>
    );
  }
  const missing = data.models.filter((m) => defaults.missing.includes(m.id));
  // Progress over the whole default set, so a model finishing never moves the bar back.
  const set = data.models.filter((m) => defaults.ids.includes(m.id) && !m.bundled);
  const size = (m: ModelInfo) => m.sizeBytes ?? m.download?.totalBytes ?? m.approxBytes ?? 0;
  const received = set.reduce((n, m) => n + (m.installed ? size(m) : (m.download?.receivedBytes ?? 0)), 0);
  const expected = set.reduce((n, m) => n + size(m), 0);
  const names = missing.map((m) => m.name).join(", ");
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-primary/30 bg-accent px-3 py-3 text-sm text-accent-foreground">
      <p>
        Audio and video meetings need {missing.length === 1 ? "a speech model that is" : `${missing.length} speech models that are`} not
        installed yet: {names}
        {defaults.missingSize ? ` (${defaults.missingSize})` : ""}. Transcript files need none.
      </p>
      {data.canManage ? (
        defaults.downloading ? (
          <div className="flex flex-col gap-1" role="status">
            <Progress value={expected ? Math.min(100, (100 * received) / expected) : 0} aria-label="Download of the speech models" />
            <p className="text-xs">
              Downloading: {formatBytes(received)}
              {expected ? ` of about ${formatBytes(expected)}` : ""}
            </p>
          </div>
        ) : (
          <div className="flex flex-col gap-2">
            <Button size="sm" className="self-start" onClick={() => start.mutate()} disabled={start.isPending}>
              <Download aria-hidden="true" />
              Download speech models
            </Button>
            <p className="text-xs">
              Or on the server: <code className="font-mono">npm run models -- pull</code>
            </p>
          </div>
        )
      ) : (
        <p className="text-xs">Ask the owner of this server to download them under Settings → Speech models.</p>
      )}
      {defaults.error && !defaults.downloading ? (
        <p className="flex items-start gap-2 text-destructive" role="alert">
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {defaults.error}
        </p>
      ) : null}
    </div>
  );
}
