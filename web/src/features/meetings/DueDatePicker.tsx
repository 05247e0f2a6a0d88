import { useState } from "react";
import { CalendarIcon, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Calendar } from "@/components/ui/calendar";
import type { FieldControlProps } from "@/components/ui/field";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { cn } from "@/lib/utils";
import { formatDueDate, fromIsoDate, toIsoDate } from "./format";

/** A single-date calendar in a popover; value is 'YYYY-MM-DD' or null. */
export function DueDatePicker({
  value,
  onChange,
  ...control
}: Partial<FieldControlProps> & { value: string | null; onChange: (value: string | null) => void }) {
  const [open, setOpen] = useState(false);
  const selected = fromIsoDate(value);
  return (
    <div className="flex items-center gap-1">
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <Button
            {...control}
            variant="outline"
            className={cn("min-w-0 flex-1 justify-start text-left font-normal", !value && "text-muted-foreground")}
          >
            <CalendarIcon aria-hidden="true" />
            <span className="truncate">{value ? formatDueDate(value) : "Pick a date"}</span>
          </Button>
        </PopoverTrigger>
        <PopoverContent className="w-auto p-0" align="start">
          <Calendar
            mode="single"
            selected={selected}
            defaultMonth={selected}
            onSelect={(date) => {
              onChange(date ? toIsoDate(date) : null);
              setOpen(false);
            }}
          />
        </PopoverContent>
      </Popover>
      {value ? (
        <Button variant="ghost" size="icon" aria-label="Clear due date" onClick={() => onChange(null)}>
          <X aria-hidden="true" />
        </Button>
      ) : null}
    </div>
  );
}
