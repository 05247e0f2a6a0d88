import { useState } from "react";
import { AudioLines } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { useVoiceProfile, useVoiceProfileMutations } from "@/features/action-items/voices-api";

/**
 * The member's voice profile (decision 031): whether speakers linked to them teach the app their
 * voice (on unless turned off; off deletes it), how many meetings it holds, and delete.
 */
export function VoiceProfileCard() {
  const profile = useVoiceProfile();
  const { setEnabled, remove } = useVoiceProfileMutations();
  const [confirm, setConfirm] = useState<"off" | "delete" | null>(null);
  const p = profile.data;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <AudioLines className="size-5 text-muted-foreground" aria-hidden="true" />
          Voice profile
        </CardTitle>
        <CardDescription>
          When someone links a meeting's speaker to you, your voice from that meeting is kept so that later meetings of the same owner or
          team can suggest you for an unnamed speaker who sounds like you. It stays on this server: it is never exported or shared by link,
          and it is deleted with your account.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {!p ? (
          <Skeleton className="h-10 w-full max-w-md" />
        ) : (
          <>
            <div className="flex items-start justify-between gap-4 max-w-xl">
              <div className="min-w-0">
                <p className="font-medium" id="voice-profile-label">
                  Recognise my voice in meetings
                </p>
                <p className="text-sm text-muted-foreground" data-testid="voice-profile-samples">
                  {!p.enabled
                    ? "Off: your voice is not kept or used."
                    : p.samples === 0
                      ? "No voice samples yet."
                      : `Learned from ${p.samples} ${p.samples === 1 ? "meeting" : "meetings"}.`}
                </p>
              </div>
              <Switch
                aria-labelledby="voice-profile-label"
                checked={p.enabled}
                disabled={setEnabled.isPending}
                onCheckedChange={(on) => (on ? setEnabled.mutate(true) : setConfirm("off"))}
              />
            </div>
            {p.enabled && p.samples > 0 ? (
              <Button type="button" variant="outline" size="sm" onClick={() => setConfirm("delete")}>
                Delete my voice profile
              </Button>
            ) : null}
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={confirm === "off" ? "Turn off voice recognition?" : "Delete your voice profile?"}
        description={
          confirm === "off"
            ? "Your voice profile is deleted and no voice linked to you is kept until you turn this on again. Speakers already linked to you stay linked."
            : "The voice samples from your meetings are deleted. Speakers already linked to you stay linked; new links start a new profile."
        }
        confirmLabel={confirm === "off" ? "Turn off and delete" : "Delete profile"}
        destructive
        onConfirm={() => (confirm === "off" ? setEnabled.mutateAsync(false) : remove.mutateAsync())}
      />
    </Card>
  );
}
