import { useEffect, useId, useRef, useState } from "react";
import { Controller, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { useDropzone, type FileRejection } from "react-dropzone";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { AlertCircle, AlertTriangle, FileAudio, FileText, FileVideo, Info, UploadCloud, X } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { FormSelect } from "@/components/ui/form-select";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { useAuth } from "@/features/auth/auth-context";
import { isApiError, isUnauthenticated } from "@/lib/api";
import { useContractForm } from "@/lib/forms";
import { cn } from "@/lib/utils";
import { formatMegabytes, useServerSettings } from "@/lib/settings";
import { SIGNED_OUT_MESSAGES } from "@/lib/signed-out";
import { fileTooLargeMessage, uploadFormSchema } from "../../../../contract/meetings";
import { DETECT_LANGUAGE, SPEECH_LANGUAGES } from "../../../../contract/languages";
import { startUpload, type UploadTask } from "./upload-request";
import { preloadMeetingPage, type MeetingPageHint } from "../meetings/meeting-page-hint";
import {
  ACCEPTED_EXTENSIONS,
  DROPZONE_ACCEPT,
  fileSizeMessage,
  FILE_TYPE_MESSAGE,
  LARGE_UPLOAD_WARNING_BYTES,
  TOO_MANY_FILES_MESSAGE,
  extensionOf,
  formatBytes,
  uploadTips,
  isAcceptedFile,
  isTranscriptFile,
  titleFromFileName,
  uploadTitle,
  toDateInputValue,
} from "./upload-rules";

type Phase =
  | { kind: "idle" }
  | { kind: "uploading"; sent: number; total: number }
  | { kind: "processing" }
  | { kind: "success"; id: string }
  | { kind: "error"; message: string; code: string | null; transcript: boolean };

const SPEAKER_OPTIONS = [
  { value: "auto", label: "Auto-detect" },
  ...Array.from({ length: 10 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) })),
];
const LANGUAGE_OPTIONS = [
  { value: DETECT_LANGUAGE, label: "Detect automatically" },
  ...[...SPEECH_LANGUAGES].sort((a, b) => a[1].localeCompare(b[1])).map(([code, name]) => ({ value: code, label: name })),
];

export function FileUploadTab({ onUseLink }: { onUseLink: () => void }) {
  const navigate = useNavigate();
  const { maxUploadBytes } = useServerSettings();
  const sizeMessage = fileSizeMessage(maxUploadBytes);
  const queryClient = useQueryClient();
  const { sessionEnded } = useAuth();
  const ids = { nano: useId(), enhanced: useId(), zoneHint: useId() };

  const [file, setFile] = useState<File | null>(null);
  const form = useContractForm(uploadFormSchema, {
    defaultValues: {
      title: "",
      meetingDate: toDateInputValue(new Date()),
      speakers: "auto",
      language: "en",
      nano: true,
      enhancedSummary: true,
    },
  });
  const { errors } = form.formState;
  const language = useWatch({ control: form.control, name: "language" });
  const [dateEdited, setDateEdited] = useState(false);
  const [filledInTitle, setFilledInTitle] = useState("");
  const [zoneErrors, setZoneErrors] = useState<string[]>([]);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const task = useRef<UploadTask | null>(null);

  // Leaving the page mid-upload cancels it (the server keeps nothing of an aborted upload).
  useEffect(() => () => task.current?.abort(), []);

  const busy = phase.kind === "uploading" || phase.kind === "processing" || phase.kind === "success";
  const transcript = file ? isTranscriptFile(file.name) : false;

  function chooseFile(f: File) {
    setFile(f);
    // A generic name ("transcript.vtt") gives "Meeting on <date>", in the browser's own zone.
    const filledIn = titleFromFileName(f.name, new Date());
    form.setValue("title", filledIn);
    setFilledInTitle(filledIn);
    form.setValue("meetingDate", toDateInputValue(f.lastModified ? new Date(f.lastModified) : new Date()));
    form.clearErrors();
    setDateEdited(false);
    setZoneErrors([]);
    setPhase({ kind: "idle" });
  }

  function onDropRejected(rejections: FileRejection[]) {
    const messages = new Set<string>();
    for (const { errors } of rejections) {
      for (const e of errors) {
        if (e.code === "too-many-files") messages.add(TOO_MANY_FILES_MESSAGE);
        else if (e.code === "file-too-large") messages.add(sizeMessage);
        else if (e.code === "file-invalid-type") messages.add(FILE_TYPE_MESSAGE);
        else messages.add(e.message);
      }
    }
    if (messages.has(sizeMessage)) toast.error("File too large", { description: fileTooLargeMessage(maxUploadBytes) });
    setZoneErrors([...messages]);
  }

  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    accept: DROPZONE_ACCEPT,
    maxFiles: 1,
    multiple: false,
    maxSize: maxUploadBytes,
    disabled: busy,
    // Keyboard users reach the zone through its "Browse files" button instead.
    noKeyboard: true,
    validator: (f) => (f.name && !isAcceptedFile(f.name) ? { code: "file-invalid-type", message: FILE_TYPE_MESSAGE } : null),
    onDropAccepted: (files) => files[0] && chooseFile(files[0]),
    onDropRejected,
  });

  const upload = form.handleSubmit(async ({ title, meetingDate, speakers, language, nano, enhancedSummary }) => {
    if (!file || busy) return;
    const recordedAt =
      dateEdited && meetingDate
        ? new Date(`${meetingDate}T12:00:00`).toISOString()
        : transcript || !file.lastModified
          ? undefined // the transcript's own date, else the upload time
          : new Date(file.lastModified).toISOString();
    setPhase({ kind: "uploading", sent: 0, total: file.size });
    preloadMeetingPage();
    const current = startUpload(
      file,
      {
        title: uploadTitle(title, filledInTitle, transcript, file.name, new Date()),
        nano,
        enhancedSummary,
        speakers: speakers === "auto" || transcript ? null : Number(speakers),
        recordedAt,
        language: transcript ? undefined : language,
      },
      {
        onProgress: (sent, total) => setPhase({ kind: "uploading", sent, total }),
        onSent: () => setPhase({ kind: "processing" }),
      },
    );
    task.current = current;
    try {
      const { id, title: savedTitle, step } = await current.promise;
      setPhase({ kind: "success", id });
      void queryClient.invalidateQueries({ queryKey: ["meetings"] });
      // The server has the file and has queued the work: the meeting page follows the
      // processing live, so go there now rather than keep the user waiting here.
      // Its title and step go along, so the page names the meeting before its details load.
      void navigate(`/meetings/${id}`, { state: { title: savedTitle, step } satisfies MeetingPageHint });
    } catch (e) {
      if (e instanceof DOMException && e.name === "AbortError") {
        setPhase({ kind: "idle" });
        toast("Upload cancelled");
        return;
      }
      if (isUnauthenticated(e)) {
        setPhase({ kind: "error", message: SIGNED_OUT_MESSAGES.upload, code: "UNAUTHENTICATED", transcript });
        return sessionEnded(SIGNED_OUT_MESSAGES.upload);
      }
      setPhase({
        kind: "error",
        message: isApiError(e) ? e.message : "Something went wrong during the upload. Please try again.",
        code: isApiError(e) ? e.code : null,
        transcript,
      });
    } finally {
      if (task.current === current) task.current = null;
    }
  });

  function clearFile() {
    setFile(null);
    form.setValue("title", "");
    setPhase({ kind: "idle" });
  }

  const percent = phase.kind === "uploading" && phase.total > 0 ? Math.min(100, Math.floor((phase.sent / phase.total) * 100)) : 0;
  const FileIcon = !file ? UploadCloud : transcript ? FileText : /\.(mp4|mov|avi)$/i.test(file.name) ? FileVideo : FileAudio;

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Upload a recording</CardTitle>
        <CardDescription>
          Audio (MP3, WAV, M4A), video (MP4, MOV, AVI) or a transcript (VTT, SRT, TXT), up to {formatMegabytes(maxUploadBytes)}.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <div className="flex flex-col gap-2">
          <div
            {...getRootProps({
              className: cn(
                "flex min-h-44 cursor-pointer flex-col items-center justify-center gap-3 rounded-lg border-2 border-dashed border-input px-4 py-8 text-center transition-colors",
                "has-[button:focus-visible]:border-ring",
                "hover:border-primary/60 hover:bg-accent/40",
                isDragActive && "border-primary bg-accent/60",
                busy && "pointer-events-none cursor-not-allowed opacity-60",
              ),
            })}
            data-testid="upload-dropzone"
          >
            <input {...getInputProps({ "aria-label": "Recording or transcript file" })} />
            <UploadCloud className="size-10 text-muted-foreground" aria-hidden="true" />
            <p className="font-medium">{isDragActive ? "Drop the file here" : "Drag and drop a file here"}</p>
            {/* A click anywhere in the zone opens the file dialog; this button makes it reachable by keyboard. */}
            <Button type="button" variant="outline" size="sm" disabled={busy} aria-describedby={ids.zoneHint}>
              Browse files
            </Button>
            <p id={ids.zoneHint} className="text-sm text-muted-foreground">
              One file: {ACCEPTED_EXTENSIONS.join(", ")}. Maximum {formatMegabytes(maxUploadBytes)}.
            </p>
          </div>
          {zoneErrors.length > 0 && (
            <div role="alert" className="flex flex-col gap-1 text-sm text-destructive">
              {zoneErrors.map((m) => (
                <p key={m} className="flex items-start gap-2">
                  <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  {m}
                </p>
              ))}
            </div>
          )}
        </div>

        {file && (
          <form onSubmit={(e) => void upload(e)} noValidate aria-label="Meeting details" className="flex flex-col gap-6">
            <div className="flex items-center gap-3 rounded-lg border bg-muted/40 p-3">
              <FileIcon className="size-8 shrink-0 text-muted-foreground" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium" title={file.name}>
                  {file.name}
                </p>
                <p className="text-sm text-muted-foreground">
                  {formatBytes(file.size)} · {transcript ? "Transcript" : extensionOf(file.name).slice(1).toUpperCase()}
                </p>
              </div>
              <Button type="button" variant="ghost" size="icon-sm" onClick={clearFile} disabled={busy} aria-label={`Remove ${file.name}`}>
                <X aria-hidden="true" />
              </Button>
            </div>

            {file.size > LARGE_UPLOAD_WARNING_BYTES && (
              <Alert variant="warning">
                <AlertTriangle aria-hidden="true" />
                <AlertTitle>Large file</AlertTitle>
                <AlertDescription>
                  This file is {formatBytes(file.size)}. The upload may take a while; keep this page open until it finishes.
                </AlertDescription>
              </Alert>
            )}

            <div className="grid gap-6 sm:grid-cols-2">
              <Field label="Meeting Title" error={errors.title?.message} className="sm:col-span-2">
                {(control) => <Input {...control} {...form.register("title")} disabled={busy} placeholder="Meeting title" />}
              </Field>

              <Field
                label="Meeting date"
                hint={
                  <>
                    Used to work out due dates such as “by Friday”.
                    {transcript && !dateEdited ? " A date inside the transcript file is used if it has one." : ""}
                  </>
                }
                error={errors.meetingDate?.message}
              >
                {(control) => (
                  <Input
                    {...control}
                    {...form.register("meetingDate", {
                      onChange: (e: { target: { value: string } }) => setDateEdited(e.target.value !== ""),
                    })}
                    type="date"
                    disabled={busy}
                  />
                )}
              </Field>

              {!transcript && (
                <Field label="Number of speakers" hint="Optional. Setting it helps tell voices apart." error={errors.speakers?.message}>
                  {(control) => (
                    <FormSelect control={form.control} name="speakers" field={control} options={SPEAKER_OPTIONS} disabled={busy} />
                  )}
                </Field>
              )}

              {!transcript && (
                <Field
                  label="Spoken language"
                  hint={
                    language === DETECT_LANGUAGE
                      ? "Detects English and 24 other European languages. For any other language, choose it."
                      : "The language most of the meeting is in."
                  }
                  error={errors.language?.message}
                >
                  {(control) => (
                    <FormSelect control={form.control} name="language" field={control} options={LANGUAGE_OPTIONS} disabled={busy} />
                  )}
                </Field>
              )}
            </div>

            <div className="flex flex-col gap-4 rounded-lg border p-4">
              {transcript ? (
                <p className="flex items-start gap-2 text-sm text-muted-foreground">
                  <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  Transcript files are imported as they are: no speech model runs, and speakers come from the file.
                </p>
              ) : (
                <Controller
                  control={form.control}
                  name="nano"
                  render={({ field }) => (
                    <OptionSwitch
                      id={ids.nano}
                      label="Use Nano speech model (faster, more cost-effective)"
                      hint={
                        language === "en"
                          ? "A small, fast model. Turn it off to use the most accurate installed model."
                          : "Applies to English. Other languages use the multilingual models."
                      }
                      checked={field.value}
                      onCheckedChange={field.onChange}
                      disabled={busy}
                    />
                  )}
                />
              )}
              <Controller
                control={form.control}
                name="enhancedSummary"
                render={({ field }) => (
                  <OptionSwitch
                    id={ids.enhanced}
                    label="Use enhanced summary"
                    hint="An AI-written summary where a language model is available; otherwise the built-in summary."
                    checked={field.value}
                    onCheckedChange={field.onChange}
                    disabled={busy}
                  />
                )}
              />
            </div>

            <UploadStatus phase={phase} percent={percent} onCancel={() => task.current?.abort()} onUseLink={onUseLink} />

            {(phase.kind === "idle" || phase.kind === "error") && (
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button type="button" variant="outline" onClick={open}>
                  Choose another file
                </Button>
                <Button type="submit">
                  <UploadCloud aria-hidden="true" />
                  {phase.kind === "error" ? "Try again" : "Upload and process"}
                </Button>
              </div>
            )}
          </form>
        )}
      </CardContent>
    </Card>
  );
}

function OptionSwitch(props: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onCheckedChange: (v: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="flex flex-col gap-1">
        <Label htmlFor={props.id} className="leading-snug">
          {props.label}
        </Label>
        <p id={`${props.id}-hint`} className="text-xs text-muted-foreground">
          {props.hint}
        </p>
      </div>
      <Switch
        id={props.id}
        checked={props.checked}
        onCheckedChange={props.onCheckedChange}
        disabled={props.disabled}
        aria-describedby={`${props.id}-hint`}
      />
    </div>
  );
}

function UploadStatus({
  phase,
  percent,
  onCancel,
  onUseLink,
}: {
  phase: Phase;
  percent: number;
  onCancel: () => void;
  onUseLink: () => void;
}) {
  if (phase.kind === "uploading") {
    return (
      <div className="flex flex-col gap-3 rounded-lg border p-4" data-testid="upload-progress">
        <div className="flex items-center justify-between gap-4">
          <p className="flex items-center gap-2 text-sm font-medium" aria-live="polite">
            <Spinner />
            Uploading… {percent}%
          </p>
          <Button type="button" variant="outline" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        </div>
        <Progress value={percent} aria-label="Upload progress" />
        <p className="text-xs text-muted-foreground">
          {formatBytes(phase.sent)} of {formatBytes(phase.total)} sent
        </p>
      </div>
    );
  }
  if (phase.kind === "processing" || phase.kind === "success") {
    return (
      <div className="flex flex-col gap-3 rounded-lg border p-4" data-testid="upload-progress">
        <p className="flex items-center gap-2 text-sm font-medium" role="status">
          <Spinner />
          {phase.kind === "processing" ? "Processing…" : "Opening your meeting…"}
        </p>
        <Progress value={100} aria-label="Upload progress" />
        <p className="text-xs text-muted-foreground">
          Upload complete. The server is checking the file and starting the transcription; you can follow it on the meeting page.
        </p>
      </div>
    );
  }
  if (phase.kind === "error") {
    const tips = uploadTips(phase);
    return (
      <Alert variant="destructive">
        <AlertCircle aria-hidden="true" />
        <AlertTitle>Upload failed</AlertTitle>
        <AlertDescription>
          <p>{phase.message}</p>
          {tips.length ? (
            <>
              <p className="mt-1 font-medium">Tips:</p>
              <ul className="list-disc space-y-0.5 pl-5">
                {tips.map((tip) =>
                  tip === "use-link" ? (
                    <li key={tip}>
                      Use the{" "}
                      <button type="button" className="font-medium text-primary underline underline-offset-4" onClick={onUseLink}>
                        'Meeting Link'
                      </button>{" "}
                      tab to give a link to the recording instead.
                    </li>
                  ) : (
                    <li key={tip}>{tip}</li>
                  ),
                )}
              </ul>
            </>
          ) : null}
        </AlertDescription>
      </Alert>
    );
  }
  return null;
}
