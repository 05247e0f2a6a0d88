// Settings → Models (the server's owner only): the speech and language models, their sizes and
// state, downloads with progress, and what to do on a server without internet access (a
// mirror through MODELS_BASE_URL, or the files copied by hand, or the command line).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AlertCircle, CheckCircle2, Download, WifiOff } from "lucide-react";
import { toast } from "sonner";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { apiJson } from "@/lib/api";
import { formatBytes, modelSize, modelsKey, useModels, type ModelInfo, type ModelsOverview } from "./models-api";

const purposeLabel: Record<string, string> = {
  vad: "Voice activity detection",
  asr: "Speech recognition",
  "asr-streaming": "Live transcript",
  "diarization-segmentation": "Speaker segmentation",
  "diarization-embedding": "Speaker embeddings",
  llm: "Meeting notes",
  "text-embedding": "Search by meaning",
};

export function ModelsTab() {
  const { data, isLoading, isError } = useModels();
  if (isLoading) return <Skeleton className="h-40 w-full" />;
  if (isError || !data) return <p className="text-sm text-destructive">Failed to load the models</p>;
  const speech = data.models.filter((m) => m.purpose !== "llm" && m.purpose !== "text-embedding");
  const language = data.models.filter((m) => m.purpose === "llm");
  const search = data.models.filter((m) => m.purpose === "text-embedding");
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Speech models</CardTitle>
          <CardDescription>
            Speech-to-text and speaker labels run on this server.{" "}
            {data.engine !== "local" ? `The configured engine is ${data.engine}; local models are used for speaker labels only. ` : ""}
            {data.autoDownload
              ? "Missing models are downloaded the first time a recording needs them."
              : "Automatic downloads are off (MODELS_AUTO_DOWNLOAD=false): download them here."}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <DefaultModels data={data} />
          {speech.map((m) => (
            <ModelRow key={m.id} m={m} />
          ))}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Language models for the notes</CardTitle>
          <CardDescription>
            Summaries, decisions and action items are written by the largest one installed; without one, built-in rules write them.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {language.map((m) => (
            <ModelRow key={m.id} m={m} />
          ))}
        </CardContent>
      </Card>
      {search.length ? (
        <Card>
          <CardHeader>
            <CardTitle as="h2">Search by meaning (optional)</CardTitle>
            <CardDescription>
              With it installed, search and Ask also find passages that say the same thing in other words; without it they match words. It
              is not part of the default download: install it with <code className="font-mono">npm run models -- pull {search[0]!.id}</code>{" "}
              on the server.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            {search.map((m) => (
              <ModelRow key={m.id} m={m} />
            ))}
          </CardContent>
        </Card>
      ) : null}
      <OfflineCard data={data} />
    </div>
  );
}

function ModelRow({ m }: { m: ModelInfo }) {
  const size = modelSize(m);
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
      </div>
      <div className="shrink-0 text-sm">
        {m.installed ? (
          <Badge variant="secondary">
            {m.bundled ? "Included with the app" : "Installed"} · {formatBytes(m.sizeOnDisk)}
          </Badge>
        ) : (
          <Badge variant="outline">
            Not installed
            {size ? ` · ${size}` : ""}
          </Badge>
        )}
      </div>
    </div>
  );
}

/** What the default settings need: installed, or the download with its progress. */
function DefaultModels({ data }: { data: ModelsOverview }) {
  const queryClient = useQueryClient();
  const start = useMutation({
    mutationFn: () => apiJson<ModelsOverview>("POST", "/api/models/download"),
    onSuccess: (next) => queryClient.setQueryData(modelsKey, next),
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
      {defaults.downloading ? (
        <div className="flex flex-col gap-1" role="status">
          <Progress value={expected ? Math.min(100, (100 * received) / expected) : 0} aria-label="Download of the speech models" />
          <p className="text-xs">
            Downloading: {formatBytes(received)}
            {expected ? ` of about ${formatBytes(expected)}` : ""}
          </p>
        </div>
      ) : (
        <Button size="sm" className="self-start" onClick={() => start.mutate()} disabled={start.isPending}>
          <Download aria-hidden="true" />
          Download speech models
        </Button>
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

/** A server that cannot reach the download sites: a mirror, the files by hand, or the command line. */
function OfflineCard({ data }: { data: ModelsOverview }) {
  const missing = data.models.filter((m) => !m.installed && m.manual);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <WifiOff className="size-5 text-primary" aria-hidden="true" />
          Without internet access
        </CardTitle>
        <CardDescription>Speech models come from the sherpa-onnx releases on GitHub, language models from Hugging Face.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        <ul className="flex list-disc flex-col gap-2 pl-5">
          <li>
            <strong className="font-medium">A mirror:</strong> set <code className="font-mono">MODELS_BASE_URL</code> to a server on your
            network that holds the same files under the same paths as{" "}
            <code className="font-mono break-all">{data.offline?.defaultBaseUrl}</code>, restart, and download here.
            {data.offline && data.offline.baseUrl !== data.offline.defaultBaseUrl ? (
              <>
                {" "}
                Now set to <code className="font-mono break-all">{data.offline.baseUrl}</code>.
              </>
            ) : null}
          </li>
          <li>
            <strong className="font-medium">By hand:</strong> download a model on a machine with internet access, extract it if it is a{" "}
            <code className="font-mono">.tar.bz2</code>, and copy the files listed below into its folder on this server. The server checks
            them the next time a recording needs them.
          </li>
          <li>
            <strong className="font-medium">On the command line</strong> of this server:{" "}
            <code className="font-mono">npm run models -- pull</code> (what the default settings need) or{" "}
            <code className="font-mono">npm run models -- pull &lt;id&gt;</code>; <code className="font-mono">npm run models -- list</code>{" "}
            shows the ids. A damaged model (a recording or the notes say so): <code className="font-mono">npm run models -- verify</code>{" "}
            names it, <code className="font-mono">npm run models -- remove &lt;id&gt;</code> and{" "}
            <code className="font-mono">pull &lt;id&gt;</code> install it again.
          </li>
        </ul>
        {missing.length ? (
          <details className="rounded-lg border p-3">
            <summary className="cursor-pointer font-medium">Files of the models not installed ({missing.length})</summary>
            <ul className="mt-2 flex flex-col gap-3">
              {missing.map((m) => (
                <li key={m.id} className="flex min-w-0 flex-col gap-0.5">
                  <span className="font-medium">
                    {m.name} <span className="font-mono text-xs text-muted-foreground">({m.id})</span>
                  </span>
                  <span className="text-xs text-muted-foreground">
                    Download: <code className="font-mono break-all">{m.manual!.url}</code>
                  </span>
                  <span className="text-xs text-muted-foreground">
                    {m.manual!.extract ? "Extract it and copy " : "Save it as "}
                    <code className="font-mono break-all">{m.manual!.files.join(", ")}</code> {m.manual!.extract ? "into" : "in"}{" "}
                    <code className="font-mono break-all">{m.manual!.folder}</code>
                  </span>
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </CardContent>
    </Card>
  );
}
