import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import type { MeetingDetail } from "./meetings-api";

type Utterance = MeetingDetail["utterances"][number];

/** Inline correction of one turn: its speaker and its text. */
export function TurnEditor({
  turn,
  speakers,
  saving,
  onSave,
  onCancel,
}: {
  turn: Utterance;
  speakers: string[];
  saving: boolean;
  onSave: (change: { text?: string; speaker?: string }) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [speaker, setSpeaker] = useState(turn.speaker);
  const [text, setText] = useState(turn.text);
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setError("The turn's text cannot be empty");
    if (!speaker.trim() && turn.speaker.trim()) return setError("Speaker name is required");
    const change: { text?: string; speaker?: string } = {};
    if (text.trim() !== turn.text) change.text = text.trim();
    if (speaker.trim() !== turn.speaker && speaker.trim()) change.speaker = speaker.trim();
    if (!change.text && !change.speaker) return onCancel();
    onSave(change);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-2 rounded-md border bg-muted/40 p-3" aria-label="Edit turn">
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-speaker`}>Speaker</Label>
        <Input
          id={`${id}-speaker`}
          value={speaker}
          onChange={(e) => setSpeaker(e.target.value)}
          list={`${id}-speakers`}
          maxLength={80}
          className="h-8 sm:max-w-xs"
        />
        <datalist id={`${id}-speakers`}>
          {speakers.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-text`}>Text</Label>
        <Textarea
          id={`${id}-text`}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === "Escape") onCancel();
            if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) submit(e);
          }}
          rows={Math.min(8, Math.max(2, Math.ceil(text.length / 70)))}
          autoFocus
          maxLength={20000}
        />
      </div>
      {error ? (
        <p className="text-sm text-destructive" role="alert">
          {error}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={saving}>
          {saving ? "Saving..." : "Save"}
        </Button>
      </div>
    </form>
  );
}
