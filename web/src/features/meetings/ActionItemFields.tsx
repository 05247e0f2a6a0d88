import { Controller } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useContractForm } from "@/lib/forms";
import { createActionItemSchema } from "../../../../contract/meetings";
import { DueDatePicker } from "./DueDatePicker";
import type { ActionItemInput } from "./meetings-api";

/**
 * The task / assignee / due-date fields with Cancel and Save, used to add an item and to
 * edit one inline. Checked with the contract's action-item schema (an empty task is refused
 * with its message, 'Task description is required').
 */
export function ActionItemFields({
  initial,
  onCancel,
  onSave,
  label,
}: {
  initial?: ActionItemInput;
  onCancel: () => void;
  onSave: (input: ActionItemInput) => void;
  /** Accessible name of the form. */
  label: string;
}) {
  const form = useContractForm(createActionItemSchema, {
    defaultValues: { description: initial?.description ?? "", assignee: initial?.assignee ?? "", dueDate: initial?.dueDate ?? null },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(({ description, assignee, dueDate }) =>
    onSave({ description, assignee: assignee || null, dueDate: dueDate ?? null }),
  );

  return (
    <form
      aria-label={label}
      onSubmit={(e) => void submit(e)}
      // Escape cancels, as in a turn's editor. Only from the form's own fields: the due-date picker's calendar is
      // portalled outside the form, and its Escape closes the calendar alone.
      onKeyDown={(e) => {
        if (e.key === "Escape" && e.currentTarget.contains(e.target as Node)) {
          e.preventDefault();
          onCancel();
        }
      }}
      noValidate
      className="flex flex-col gap-3 rounded-lg border bg-muted/40 p-3"
    >
      <Field label="Task Description" error={errors.description?.message} className="gap-1.5">
        {(control) => <Input {...control} {...form.register("description")} placeholder="What needs to be done?" autoFocus />}
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Assignee" error={errors.assignee?.message} className="gap-1.5">
          {(control) => <Input {...control} {...form.register("assignee")} placeholder="Who owns it?" />}
        </Field>
        <Field label="Due Date" error={errors.dueDate?.message} className="gap-1.5">
          {(control) => (
            <Controller
              control={form.control}
              name="dueDate"
              render={({ field }) => <DueDatePicker {...control} value={field.value ?? null} onChange={field.onChange} />}
            />
          )}
        </Field>
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="sm">
          Save
        </Button>
      </div>
    </form>
  );
}
