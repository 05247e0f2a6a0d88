import { useId, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { DueDatePicker } from "./DueDatePicker";
import type { ActionItemInput } from "./meetings-api";

/**
 * The task / assignee / due-date fields with Cancel and Save, used to add an item and to
 * edit one inline. An empty task is refused with 'Task description is required'.
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
  const id = useId();
  const [description, setDescription] = useState(initial?.description ?? "");
  const [assignee, setAssignee] = useState(initial?.assignee ?? "");
  const [dueDate, setDueDate] = useState<string | null>(initial?.dueDate ?? null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const task = description.trim();
    if (!task) {
      toast.error("Task description is required");
      return;
    }
    onSave({ description: task, assignee: assignee.trim() || null, dueDate });
  };

  return (
    <form aria-label={label} onSubmit={submit} noValidate className="flex flex-col gap-3 rounded-lg border bg-muted/40 p-3">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-task`}>Task Description</Label>
        <Input
          id={`${id}-task`}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          placeholder="What needs to be done?"
          autoFocus
          required
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label htmlFor={`${id}-assignee`}>Assignee</Label>
          <Input id={`${id}-assignee`} value={assignee} onChange={(e) => setAssignee(e.target.value)} placeholder="Who owns it?" />
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <Label htmlFor={`${id}-due`}>Due Date</Label>
          <DueDatePicker id={`${id}-due`} value={dueDate} onChange={setDueDate} />
        </div>
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="sm">
          Save
        </Button>
      </div>
    </form>
  );
}
