import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Copy, Globe, Trash2 } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FieldMessage } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { PUBLIC_LINK_PASSWORD_MIN } from "../../../../contract/public-links";
import { formatLongDate } from "../meetings/format";
import { PART_LABELS, publicLinkApi, publicLinkKeys, type PublicLink, type PublicLinkPart } from "./public-api";

const PARTS: PublicLinkPart[] = ["summary", "actionItems", "transcript", "recording"];
const EXPIRIES = [
  { value: "never", label: "Never expires", days: null },
  { value: "1", label: "Expires in 1 day", days: 1 },
  { value: "7", label: "Expires in 7 days", days: 7 },
  { value: "30", label: "Expires in 30 days", days: 30 },
] as const;

const copy = async (url: string) => {
  try {
    await navigator.clipboard.writeText(url);
    toast.success("Public link copied to clipboard");
  } catch {
    toast.error("Failed to copy the link", { description: url });
  }
};

/** The owner's "Public link" button and dialog: create a read-only link with chosen parts, expiry and password; copy or revoke existing ones. */
export function PublicLinksButton({ meetingId, hasRecording }: { meetingId: string; hasRecording: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Globe aria-hidden="true" />
        Public link
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-h-[90dvh] overflow-y-auto">
          <DialogHeader>
            <DialogTitle>Share outside the team</DialogTitle>
            <DialogDescription>
              Anyone with a public link can read the parts you choose, without signing in. Revoking a link stops it at once.
            </DialogDescription>
          </DialogHeader>
          {open ? <PublicLinksPanel meetingId={meetingId} hasRecording={hasRecording} /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

function PublicLinksPanel({ meetingId, hasRecording }: { meetingId: string; hasRecording: boolean }) {
  const queryClient = useQueryClient();
  const links = useQuery({ queryKey: publicLinkKeys.list(meetingId), queryFn: () => publicLinkApi.list(meetingId) });
  const [parts, setParts] = useState<PublicLinkPart[]>(["summary", "actionItems"]);
  const [expiry, setExpiry] = useState<string>("7");
  const [password, setPassword] = useState("");
  const refresh = () => void queryClient.invalidateQueries({ queryKey: publicLinkKeys.list(meetingId) });

  const create = useMutation({
    mutationFn: () => {
      const days = EXPIRIES.find((e) => e.value === expiry)?.days ?? null;
      return publicLinkApi.create(meetingId, {
        parts,
        expiresAt: days ? new Date(Date.now() + days * 86_400_000).toISOString() : null,
        password: password || null,
      });
    },
    onSuccess: (link) => {
      refresh();
      setPassword("");
      void copy(link.url);
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => publicLinkApi.revoke(meetingId, id),
    onSuccess: () => {
      refresh();
      toast.success("Link revoked");
    },
    onError: (e) => toast.error("Failed to revoke the link", { description: e.message }),
  });
  const passwordShort = password.length > 0 && password.length < PUBLIC_LINK_PASSWORD_MIN;

  return (
    <div className="flex min-w-0 flex-col gap-5">
      <form
        className="flex flex-col gap-4"
        aria-label="New public link"
        onSubmit={(e) => {
          e.preventDefault();
          if (parts.length && !passwordShort) create.mutate();
        }}
      >
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Show</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {PARTS.map((part) => {
              const id = `part-${part}`;
              const disabled = part === "recording" && !hasRecording;
              return (
                <div key={part} className="flex items-center gap-2">
                  <Checkbox
                    id={id}
                    checked={parts.includes(part)}
                    disabled={disabled}
                    onCheckedChange={(c) => setParts((p) => (c === true ? [...p, part] : p.filter((x) => x !== part)))}
                  />
                  <Label htmlFor={id} className={disabled ? "text-muted-foreground" : undefined}>
                    {PART_LABELS[part]}
                    {disabled ? " (none)" : ""}
                  </Label>
                </div>
              );
            })}
          </div>
          {parts.length === 0 ? <FieldMessage message="Choose at least one part to show" /> : null}
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="link-expiry">Expiry</Label>
            <Select value={expiry} onValueChange={setExpiry}>
              <SelectTrigger id="link-expiry" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {EXPIRIES.map((e) => (
                  <SelectItem key={e.value} value={e.value}>
                    {e.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="link-password-new">Password (optional)</Label>
            <Input
              id="link-password-new"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={passwordShort || undefined}
            />
            {passwordShort ? <FieldMessage message={`Use at least ${PUBLIC_LINK_PASSWORD_MIN} characters for the password`} /> : null}
          </div>
        </div>
        <FieldMessage message={create.error?.message} />
        <Button type="submit" className="self-end" disabled={!parts.length || passwordShort || create.isPending}>
          {create.isPending ? <Spinner /> : null}
          Create and copy link
        </Button>
      </form>

      <section aria-labelledby="public-links-heading" className="flex min-w-0 flex-col gap-2">
        <h3 id="public-links-heading" className="text-sm font-medium">
          Active links
        </h3>
        {links.isPending ? (
          <p className="text-sm text-muted-foreground">Loading…</p>
        ) : links.data?.links.length ? (
          <ul className="flex flex-col gap-2">
            {links.data.links.map((link) => (
              <LinkRow key={link.id} link={link} onRevoke={() => revoke.mutate(link.id)} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No public links yet.</p>
        )}
      </section>
    </div>
  );
}

function LinkRow({ link, onRevoke }: { link: PublicLink; onRevoke: () => void }) {
  const details = [
    link.parts.map((p) => PART_LABELS[p]).join(", "),
    link.expired ? "expired" : link.expiresAt ? `until ${formatLongDate(link.expiresAt)}` : "no expiry",
    link.hasPassword ? "password" : null,
  ].filter(Boolean);
  return (
    <li className="flex min-w-0 items-center gap-2 rounded-lg border p-2.5" data-testid="public-link">
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="truncate font-mono text-xs">{link.url}</span>
        <span className={link.expired ? "text-xs text-destructive" : "text-xs text-muted-foreground"}>{details.join(" · ")}</span>
      </div>
      <Button variant="ghost" size="icon-sm" onClick={() => void copy(link.url)} aria-label="Copy link" disabled={link.expired}>
        <Copy aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon-sm"
        className="text-muted-foreground hover:text-destructive"
        onClick={onRevoke}
        aria-label="Revoke link"
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </li>
  );
}
