// Forms: react-hook-form validated by the contract's zod schemas (the same ones the server
// parses with), so a form's rules and messages are the server's. The server's own refusal
// (the one error shape, { code, message }) is shown on the form as its root error.
import { useForm, type FieldValues, type Resolver, type UseFormProps, type UseFormReturn } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";

export function useContractForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, "resolver"> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  // zodResolver's overloads infer these types for a concrete schema, not for a generic one.
  const resolver = zodResolver(schema) as unknown as Resolver<z.input<S>, unknown, z.output<S>>;
  return useForm<z.input<S>, unknown, z.output<S>>({ ...options, resolver });
}

/** The server's message for a failed request, or a generic one. */
export function errorMessage(error: unknown, fallback = "Something went wrong. Please try again."): string {
  if (error && typeof error === "object" && "message" in error && typeof error.message === "string" && error.message) return error.message;
  return fallback;
}

/** Shows a server refusal on the form (rendered by `<FormError form={form} />`). */
export function setServerError<T extends FieldValues>(form: Pick<UseFormReturn<T>, "setError">, error: unknown, fallback?: string): void {
  form.setError("root.server", { type: "server", message: errorMessage(error, fallback) });
}
