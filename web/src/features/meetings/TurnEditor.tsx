import { useEffect, useMemo, useRef } from "react";
import { useWatch } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useContractForm } from "@/lib/forms";
import {
  SPEAKER_NAME_MAX,
  speakerNameSchema,
  TURN_TEXT_MAX,
  turnTextSchema,
  type MeetingUtterance as Utterance,
} from "../../../../contract/meetings";

/** A turn's text and speaker, as the API checks them; a turn that had no speaker may keep none. */
function turnFormSchema(hadSpeaker: boolean) {
  return z.object({
    text: turnTextSchema,
    speaker: hadSpeaker
      ? speakerNameSchema
      : z.preprocess((v) => (typeof v === "string" && !v.trim() ? undefined : v), speakerNameSchema.optional()),
  });
}

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
  const schema = useMemo(() => turnFormSchema(turn.speaker.trim() !== ""), [turn.speaker]);
  const form = useContractForm(schema, { defaultValues: { speaker: turn.speaker, text: turn.text } });
  const { errors } = form.formState;
  const text = useWatch({ control: form.control, name: "text" });
  const textField = form.register("text");
  // The whole editor in view, Save included: focusing the text field showed only its top line
  // at the foot of the transcript's scroll area (on a phone Save was hidden below it).
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => formRef.current?.scrollIntoView({ block: "nearest" }), []);

  const submit = form.handleSubmit((values) => {
    const change: { text?: string; speaker?: string } = {};
    if (values.text !== turn.text) change.text = values.text;
    if (values.speaker && values.speaker !== turn.speaker) change.speaker = values.speaker;
    if (!change.text && !change.speaker) return onCancel();
    onSave(change);
  });

  return (
    <form
      ref={formRef}
      onSubmit={(e) => void submit(e)}
      noValidate
      className="flex flex-col gap-2 rounded-md border bg-muted/40 p-3"
      aria-label="Edit turn"
    >
      <Field label="Speaker" error={errors.speaker?.message} className="gap-1">
        {(control) => (
          <>
            <Input
              {...control}
              {...form.register("speaker")}
              list={`${control.id}-speakers`}
              maxLength={SPEAKER_NAME_MAX}
              className="h-8 sm:max-w-xs"
            />
            <datalist id={`${control.id}-speakers`}>
              {speakers.map((s) => (
                <option key={s} value={s} />
              ))}
            </datalist>
          </>
        )}
      </Field>
      <Field label="Text" error={errors.text?.message} className="gap-1">
        {(control) => (
          <Textarea
            {...control}
            {...textField}
            onKeyDown={(e) => {
              if (e.key === "Escape") onCancel();
              if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) void submit(e);
            }}
            rows={Math.min(8, Math.max(2, Math.ceil(text.length / 70)))}
            autoFocus
            maxLength={TURN_TEXT_MAX}
          />
        )}
      </Field>
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
