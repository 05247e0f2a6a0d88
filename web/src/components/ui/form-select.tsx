import { Controller, type Control, type FieldValues, type Path } from "react-hook-form";
import type { FieldControlProps } from "@/components/ui/field";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

/** A select bound to a react-hook-form field (its value a string), inside a `<Field>`. */
export function FormSelect<T extends FieldValues>({
  control,
  name,
  field: fieldControl,
  options,
  disabled,
}: {
  control: Control<T, unknown, FieldValues>;
  name: Path<T>;
  /** What `<Field>` hands its control: id and ARIA links. */
  field: FieldControlProps;
  options: readonly { value: string; label: string }[];
  disabled?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select value={field.value as string} onValueChange={field.onChange} disabled={disabled}>
          <SelectTrigger {...fieldControl} ref={field.ref} onBlur={field.onBlur} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {options.map((o) => (
              <SelectItem key={o.value} value={o.value}>
                {o.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    />
  );
}
