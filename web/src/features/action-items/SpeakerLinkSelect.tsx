import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AudioLines, Link2 } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectSeparator,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { PersonAvatar } from "./PersonAvatar";
import { myItemKeys, peopleApi, peopleKey, type MeetingPeople, type PersonRef } from "./action-items-api";
import { voiceKeys, type VoiceSuggestion } from "./voices-api";

type Speaker = MeetingPeople["speakers"][number];

/**
 * Who a speaker is: a team member or a contact (suggestions first), "not linked", or back to
 * automatic. Saved at once; the speaker's items follow (their owner is this person).
 */
export function SpeakerLinkSelect({
  meetingId,
  speaker,
  people,
  voice,
}: {
  meetingId: string;
  speaker: Speaker;
  people: MeetingPeople;
  /** The member this speaker sounds like (their voice profile), when unnamed. */
  voice?: VoiceSuggestion;
}) {
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState("");
  const [aliases, setAliases] = useState("");
  const store = (next: MeetingPeople) => {
    queryClient.setQueryData(peopleKey(meetingId), next);
    void queryClient.invalidateQueries({ queryKey: myItemKeys.all });
    void queryClient.invalidateQueries({ queryKey: voiceKeys.suggestions(meetingId) });
  };
  const link = useMutation({
    mutationFn: (person: PersonRef | null | "auto") =>
      person === "auto" ? peopleApi.reset(meetingId, speaker.label) : peopleApi.link(meetingId, speaker.label, person),
    onSuccess: (next, person) => {
      store(next);
      const now = next.speakers.find((s) => s.label === speaker.label)?.person;
      toast.success(person === null ? `${speaker.label} is not linked` : now ? `${speaker.label} is ${now.name}` : "Link removed");
    },
    onError: (e) => toast.error("Failed to link speaker", { description: e.message }),
  });
  const addContact = useMutation({
    mutationFn: async () => {
      const scope = people.contactScopes[0];
      const contact = await peopleApi.createContact({
        name: name.trim(),
        aliases: aliases
          .split(",")
          .map((a) => a.trim())
          .filter(Boolean),
        teamId: scope?.teamId ?? null,
      });
      return peopleApi.link(meetingId, speaker.label, { kind: "contact", id: contact.id });
    },
    onSuccess: (next) => {
      store(next);
      setAdding(false);
      setName("");
      setAliases("");
      toast.success(`${speaker.label} is ${name.trim()}`);
    },
    onError: (e) => toast.error("Failed to add contact", { description: e.message }),
  });

  const value = speaker.person
    ? speaker.person.automatic
      ? "auto"
      : `${speaker.person.kind}:${speaker.person.id}`
    : speaker.unlinked
      ? "none"
      : "auto";
  const suggested = new Set(speaker.suggestions.map((p) => `${p.kind}:${p.id}`));
  const others = people.people.filter((p) => !suggested.has(`${p.kind}:${p.id}`));
  const onChange = (v: string) => {
    if (v === "new") return setAdding(true);
    if (v === "auto" || v === "none") return link.mutate(v === "auto" ? "auto" : null);
    const [kind, id] = v.split(/:(.*)/s) as ["user" | "contact", string];
    link.mutate({ kind, id });
  };
  const autoLabel = speaker.person?.automatic ? `${speaker.person.name} (same name)` : "Not linked (automatic)";

  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-2">
        {speaker.person?.kind === "user" ? (
          <PersonAvatar name={speaker.person.name} image={speaker.person.image} className="size-6" />
        ) : (
          <Link2 className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        )}
        <Select value={value} onValueChange={onChange} disabled={link.isPending}>
          <SelectTrigger aria-label={`Person for ${speaker.label}`} className="h-8 w-full text-sm">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="auto">{autoLabel}</SelectItem>
            <SelectItem value="none">Not linked</SelectItem>
            {speaker.suggestions.length ? (
              <SelectGroup>
                <SelectSeparator />
                <SelectLabel>Suggested</SelectLabel>
                {speaker.suggestions.map((p) => (
                  <SelectItem key={`${p.kind}:${p.id}`} value={`${p.kind}:${p.id}`}>
                    {p.name}
                    {p.kind === "contact" ? " (contact)" : ""}
                  </SelectItem>
                ))}
              </SelectGroup>
            ) : null}
            {others.length ? (
              <SelectGroup>
                <SelectSeparator />
                <SelectLabel>Team members and contacts</SelectLabel>
                {others.map((p) => (
                  <SelectItem key={`${p.kind}:${p.id}`} value={`${p.kind}:${p.id}`}>
                    {p.name}
                    {p.kind === "contact" ? " (contact)" : ""}
                  </SelectItem>
                ))}
              </SelectGroup>
            ) : null}
            {people.contactScopes.length ? (
              <>
                <SelectSeparator />
                <SelectItem value="new">New contact…</SelectItem>
              </>
            ) : null}
          </SelectContent>
        </Select>
      </div>
      {voice && !speaker.person ? (
        <div className="flex flex-wrap items-center gap-2 rounded-md border border-dashed bg-muted/40 px-2 py-1.5 text-sm">
          <AudioLines className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <PersonAvatar name={voice.person.name} image={voice.person.image} className="size-5" />
          <span className="min-w-0 flex-1">
            Sounds like <span className="font-medium">{voice.person.name}</span>
            <span className="text-muted-foreground"> · voice {Math.round(voice.similarity * 100)}% alike</span>
          </span>
          <Button
            type="button"
            size="sm"
            variant="secondary"
            className="h-7"
            disabled={link.isPending}
            onClick={() => link.mutate({ kind: "user", id: voice.person.id })}
          >
            It's {voice.person.name.split(" ")[0]}
            <span className="sr-only">
              {" "}
              (link {speaker.label} to {voice.person.name})
            </span>
          </Button>
        </div>
      ) : null}
      {adding ? (
        <div className="flex flex-col gap-2 rounded-md border bg-muted/40 p-2" role="group" aria-label={`New contact for ${speaker.label}`}>
          <Input value={name} onChange={(e) => setName(e.target.value)} placeholder="Full name" aria-label="Contact name" maxLength={200} />
          <Input
            value={aliases}
            onChange={(e) => setAliases(e.target.value)}
            placeholder="Also called (comma-separated, e.g. Kate)"
            aria-label="Aliases"
          />
          <div className="flex justify-end gap-2">
            <Button type="button" size="sm" variant="outline" onClick={() => setAdding(false)}>
              Cancel
            </Button>
            <Button type="button" size="sm" disabled={!name.trim() || addContact.isPending} onClick={() => addContact.mutate()}>
              Add and link
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
