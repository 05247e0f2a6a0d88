import { useState } from "react";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Field, FieldMessage } from "@/components/ui/field";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/forms";
import { integrationKeys, integrationsApi, type Integration, type ProviderCard } from "./integrations-api";

const NONE = "__none";

/**
 * Where a provider's items go: one select per field the provider asks for (a repository; a
 * board, then its lists; a Notion database, then its properties). Choices that depend on an
 * earlier one are fetched again when it changes.
 */
export function DestinationDialog({ card, integration, onClose }: { card: ProviderCard; integration: Integration; onClose: () => void }) {
  const qc = useQueryClient();
  const [values, setValues] = useState<Record<string, string>>(integration.destination ?? {});
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const fields = useQuery({
    queryKey: integrationKeys.fields(integration.id, values),
    queryFn: () => integrationsApi.destinationFields(integration.id, values),
    placeholderData: keepPreviousData,
  });

  async function save() {
    setSaving(true);
    setSaveError(null);
    try {
      await integrationsApi.setDestination(integration.id, values);
      await qc.invalidateQueries({ queryKey: integrationKeys.overview() });
      toast.success(`${card.name} destination saved`);
      onClose();
    } catch (e) {
      setSaveError(`Could not save: ${errorMessage(e)}`);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Where {card.name} items go</DialogTitle>
          <DialogDescription>Action items you send to {card.name} are created here.</DialogDescription>
        </DialogHeader>
        {fields.isError ? (
          <p className="text-sm text-destructive">{fields.error instanceof Error ? fields.error.message : "Could not load the choices."}</p>
        ) : !fields.data ? (
          <div className="flex justify-center py-6">
            <Spinner />
          </div>
        ) : (
          <div className="space-y-4">
            {fields.data.fields.map((f) => (
              <Field
                key={f.key}
                id={`dest-${f.key}`}
                label={
                  <>
                    {f.label}
                    {f.optional ? <span className="font-normal text-muted-foreground"> (optional)</span> : null}
                  </>
                }
              >
                {(control) => (
                  <Select
                    value={values[f.key] ?? (f.optional ? NONE : "")}
                    onValueChange={(v) =>
                      setValues((old) => {
                        const next = { ...old };
                        if (v === NONE) delete next[f.key];
                        else next[f.key] = v;
                        // Later fields depend on this one: clear them.
                        const at = fields.data!.fields.findIndex((x) => x.key === f.key);
                        for (const later of fields.data!.fields.slice(at + 1))
                          if (f.key === "board" || f.key === "database") delete next[later.key];
                        return next;
                      })
                    }
                  >
                    <SelectTrigger {...control} className="w-full" aria-label={f.label}>
                      <SelectValue
                        placeholder={f.options.length ? `Choose a ${f.label.toLowerCase()}` : `No ${f.label.toLowerCase()} available`}
                      />
                    </SelectTrigger>
                    <SelectContent>
                      {f.optional ? <SelectItem value={NONE}>None</SelectItem> : null}
                      {f.options.map((o) => (
                        <SelectItem key={o.value} value={o.value}>
                          {o.label}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              </Field>
            ))}
          </div>
        )}
        <FieldMessage message={saveError} />
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void save()} disabled={saving || !fields.data}>
            {saving ? <Spinner /> : null}
            Save
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
