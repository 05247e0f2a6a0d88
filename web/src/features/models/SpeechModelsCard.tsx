// Settings: which local models (speech, and the language models that write the notes) are
// installed, their sizes, and downloads in progress (polled while one runs). Installing is a
// server-side command, shown here.
import { useQuery } from '@tanstack/react-query';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { api } from '@/lib/api';

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
  models: ModelInfo[];
}

const purposeLabel: Record<string, string> = {
  vad: 'Voice activity detection',
  asr: 'Speech recognition',
  'diarization-segmentation': 'Speaker segmentation',
  'diarization-embedding': 'Speaker embeddings',
  llm: 'Meeting notes',
};

export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(2)} GB`;
}

export function SpeechModelsCard() {
  const { data, isLoading, isError } = useQuery({
    queryKey: ['models'],
    queryFn: () => api<ModelsResponse>('/api/models'),
    refetchInterval: (q) => (q.state.data?.models.some((m) => m.download?.active) ? 2000 : false),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Local models</CardTitle>
        <CardDescription>
          Speech-to-text and meeting notes run on this server. {data && data.engine !== 'local' ? `The configured engine is ${data.engine}; local models are used for speaker labels only.` : ''}
          {data?.autoDownload
            ? ' Missing models are downloaded the first time a recording needs them.'
            : ' Automatic downloads are off: install models with the command below.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {isLoading && [0, 1, 2].map((i) => <Skeleton key={i} className="h-12 w-full" />)}
        {isError && <p className="text-sm text-destructive">Failed to load the models</p>}
        {data ? (
          <>
            <h4 className="text-sm font-semibold">Speech models</h4>
            {data.models.filter((m) => m.purpose !== 'llm').map((m) => <ModelRow key={m.id} m={m} />)}
            <h4 className="pt-2 text-sm font-semibold">Language models for the notes</h4>
            <p className="text-sm text-muted-foreground">
              Summaries, decisions and action items are written by the largest one installed; without one, built-in rules write them.
            </p>
            {data.models.filter((m) => m.purpose === 'llm').map((m) => <ModelRow key={m.id} m={m} />)}
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
          {purposeLabel[m.purpose] ?? m.purpose} · {m.languages.join(', ')} · {m.licence}
        </p>
        {m.download && (
          <div className="mt-2 space-y-1">
            <Progress
              value={m.download.totalBytes ? (100 * m.download.receivedBytes) / m.download.totalBytes : 0}
              aria-label={`Download of ${m.name}`}
            />
            <p className="text-xs text-muted-foreground">
              {m.download.active ? 'Downloading' : m.download.complete ? 'Downloaded, not yet installed' : 'Partly downloaded'}: {formatBytes(m.download.receivedBytes)}
              {m.download.totalBytes ? ` of ${formatBytes(m.download.totalBytes)}` : ''}
            </p>
          </div>
        )}
        {!m.installed && !m.download && (
          <p className="mt-1 font-mono text-xs text-muted-foreground">npm run models -- pull {m.id}</p>
        )}
      </div>
      <div className="shrink-0 text-sm">
        {m.installed ? (
          <Badge variant="secondary">
            {m.bundled ? 'Included with the app' : 'Installed'} · {formatBytes(m.sizeOnDisk)}
          </Badge>
        ) : (
          <Badge variant="outline">
            Not installed
            {m.sizeBytes ? ` · ${formatBytes(m.sizeBytes)}` : m.approxBytes ? ` · about ${formatBytes(m.approxBytes)}` : ''}
          </Badge>
        )}
      </div>
    </div>
  );
}
