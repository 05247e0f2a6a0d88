import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Mail } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { api, apiJson } from "@/lib/api";
import type { MailPreferences } from "../../../../contract/mail-notices";

const KEY = ["mail-preferences"] as const;
const NOTICES: { key: "recap" | "reminders" | "digest"; label: string; hint: string }[] = [
  { key: "recap", label: "Meeting recaps", hint: "After a meeting you own or take part in is processed: overview, decisions, your items." },
  { key: "reminders", label: "Reminders", hint: "The day before an item of yours is due, and when it becomes overdue." },
  { key: "digest", label: "Weekly digest", hint: "Monday morning: your open action items." },
];

/** The browser's zone first, then every zone the browser knows. */
function timeZones(current: string): string[] {
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return [...new Set([current, own, "UTC", ...all])];
}

/** "Email me…": which notice mails I get (all off until turned on) and the time zone they follow. */
export function MailPreferencesButton() {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const prefs = useQuery({ queryKey: KEY, queryFn: () => api<MailPreferences>("/api/mail/preferences"), enabled: open });
  const save = useMutation({
    mutationFn: (patch: Partial<MailPreferences>) => apiJson<MailPreferences>("PATCH", "/api/mail/preferences", patch),
    onSuccess: (next) => queryClient.setQueryData(KEY, next),
    onError: (e) => toast.error("Failed to save", { description: e.message }),
  });
  const data = prefs.data;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Mail aria-hidden="true" />
        Email me
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Email notifications</DialogTitle>
            <DialogDescription>
              Each one is off until you turn it on. Every mail has a link to stop it, no sign-in needed.
            </DialogDescription>
          </DialogHeader>
          {data ? (
            <div className="flex flex-col gap-4">
              {NOTICES.map((n) => (
                <div key={n.key} className="flex items-start justify-between gap-4">
                  <div className="flex flex-col gap-0.5">
                    <Label htmlFor={`notice-${n.key}`}>{n.label}</Label>
                    <p className="text-sm text-muted-foreground">{n.hint}</p>
                  </div>
                  <Switch
                    id={`notice-${n.key}`}
                    checked={data[n.key]}
                    // Turning one on for the first time also records the browser's time zone.
                    onCheckedChange={(on) =>
                      save.mutate({ [n.key]: on, ...(on && data.timeZone === "UTC" && zone !== "UTC" ? { timeZone: zone } : {}) })
                    }
                  />
                </div>
              ))}
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="notice-zone">Time zone (reminders and the digest come at 8:00)</Label>
                <Select value={data.timeZone} onValueChange={(timeZone) => save.mutate({ timeZone })}>
                  <SelectTrigger id="notice-zone" className="w-full">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent className="max-h-72">
                    {timeZones(data.timeZone).map((z) => (
                      <SelectItem key={z} value={z}>
                        {z}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">{prefs.isError ? prefs.error.message : "Loading…"}</p>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
