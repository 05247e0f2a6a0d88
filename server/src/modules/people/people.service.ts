// People across meetings: who may link a meeting's speakers and items (whoever may edit its
// action items: the owner and non-guest members of a team it is shared with), to whom (the
// meeting's members and the contacts it may use), and who may keep contacts (their owner; a
// team's non-guest members for the team's).
import type { z } from "zod";
import type { createContactSchema, MeetingPeople, Person, PersonRef, updateContactSchema } from "../../../../contract/people";
import type { Db } from "../../db/client";
import type { Actor } from "../../core/actor";
import type { AppContext } from "../../context/app-context";
import { AppError } from "../../core/errors";
import { ActionItemsRepo } from "../action-items/action-items.repo";
import { ActionItemsService } from "../action-items/action-items.service";
import { authorizeMeeting } from "../meetings/meeting-access";
import { meetingText, turnSpeakers } from "../meetings/meetings.repo";
import type { Utterance } from "../../../../contract/transcript";
import { PeopleIndex, suggestPeople } from "./people-rules";
import { PeopleRepo, type ContactRow } from "./people.repo";
import { VoicesRepo } from "./voices.repo";

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const contactNotFound = () => new AppError("NOT_FOUND", "Contact not found");

export const contactOf = (c: ContactRow): Person & { teamId: string | null } => ({
  kind: "contact",
  id: c.id,
  name: c.name,
  image: null,
  aliases: c.aliases,
  teamId: c.teamId,
});

export class PeopleService {
  private readonly db: Db;
  private readonly repo: PeopleRepo;
  constructor(private readonly ctx: AppContext) {
    this.db = ctx.database.db;
    this.repo = new PeopleRepo(this.db);
  }

  /** The people of a meeting in one index (members, contacts, speaker links). */
  async indexOf(meetingId: string, utterances?: Utterance[]): Promise<PeopleIndex> {
    const [people, links, text] = await Promise.all([
      this.repo.meetingPeople(meetingId),
      this.repo.links(meetingId),
      utterances ? undefined : meetingText(this.db, meetingId),
    ]);
    return new PeopleIndex(people, links, utterances ?? text?.utterances ?? []);
  }

  async meetingPeople(actor: Actor, meetingId: string): Promise<MeetingPeople> {
    const { meeting, access } = await authorizeMeeting(this.db, actor, meetingId, "read");
    // The turns are read once (access reads the meeting without them: decision 040).
    const utterances = (await meetingText(this.db, meeting.id))?.utterances ?? [];
    const [index, items, teams, shared] = await Promise.all([
      this.indexOf(meeting.id, utterances),
      new ActionItemsRepo(this.db).listByMeeting(meeting.id),
      this.repo.teamsOf(actor.id),
      this.repo.sharedTeams(meeting.id),
    ]);
    const labels = [...new Set(utterances.map((u) => u.speaker.trim()).filter(Boolean))];
    const { suggestions, namesSaid } = suggestPeople(labels, utterances, index.people);
    const itemOwners: MeetingPeople["itemOwners"] = {};
    for (const item of items) {
      const owner = index.resolveOwner(item);
      if (owner) itemOwners[item.id] = owner;
    }
    const contactScopes = [
      ...(access === "owner" ? [{ teamId: null, name: "My contacts" }] : []),
      ...teams.filter((t) => t.role !== "guest" && shared.includes(t.teamId)).map((t) => ({ teamId: t.teamId, name: t.name })),
    ];
    return {
      speakers: labels.map((label) => ({ label, ...index.resolveName(label), suggestions: suggestions.get(label) ?? [] })),
      itemOwners,
      people: index.people,
      namesSaid,
      contactScopes,
    };
  }

  /** Links a speaker to a person of the meeting, or to nobody (person null: no automatic link either). */
  async linkSpeaker(actor: Actor, meetingId: string, speaker: string, person: PersonRef | null): Promise<MeetingPeople> {
    const { meeting } = await authorizeMeeting(this.db, actor, meetingId, "edit-items");
    const label = speaker.trim();
    if (!(await turnSpeakers(this.db, meeting.id)).includes(label))
      throw new AppError("BAD_REQUEST", `"${speaker}" is not a speaker of this meeting.`);
    const target = await this.personOfMeeting(meeting.id, person);
    await this.repo.setLink(meeting.id, label, target, actor.id);
    // The speaker's voice is now known to be this member's: kept as a sample of their voice
    // profile, or not kept at all when they declined one (decision 031).
    const voices = new VoicesRepo(this.db);
    if (target.userId && !(await voices.enabled(target.userId))) await voices.deleteVoice(meeting.id, label);
    return this.meetingPeople(actor, meeting.id);
  }

  /** Forgets the chosen link: the speaker is linked automatically again where a member has exactly its name. */
  async resetSpeaker(actor: Actor, meetingId: string, speaker: string): Promise<MeetingPeople> {
    const { meeting } = await authorizeMeeting(this.db, actor, meetingId, "edit-items");
    await this.repo.clearLink(meeting.id, speaker.trim());
    return this.meetingPeople(actor, meeting.id);
  }

  /** The item's own owner (null = nobody); `reset` goes back to following its assignee. */
  async setItemOwner(actor: Actor, itemId: string, person: PersonRef | null, reset = false): Promise<MeetingPeople> {
    const item = await new ActionItemsService(this.ctx).editable(actor, itemId);
    if (reset) await this.repo.setItemOwner(item.id, { ownerSet: false, ownerUserId: null, ownerContactId: null });
    else {
      const target = await this.personOfMeeting(item.meetingId, person);
      await this.repo.setItemOwner(item.id, { ownerSet: true, ownerUserId: target.userId, ownerContactId: target.contactId });
    }
    return this.meetingPeople(actor, item.meetingId);
  }

  private async personOfMeeting(meetingId: string, person: PersonRef | null): Promise<{ userId: string | null; contactId: string | null }> {
    if (!person) return { userId: null, contactId: null };
    const index = await this.indexOf(meetingId);
    if (!index.find(person.kind, person.id))
      throw new AppError(
        "BAD_REQUEST",
        person.kind === "user"
          ? "Only the meeting's owner and members of a team it is shared with can be linked."
          : "That contact does not belong to this meeting's owner or to a team it is shared with.",
      );
    return person.kind === "user" ? { userId: person.id, contactId: null } : { userId: null, contactId: person.id };
  }

  async listContacts(actor: Actor) {
    const teams = await this.repo.teamsOf(actor.id);
    const rows = await this.repo.contactsOf(
      actor.id,
      teams.map((t) => t.teamId),
    );
    return rows.map(contactOf);
  }

  async createContact(actor: Actor, input: z.infer<typeof createContactSchema>) {
    if (input.teamId) await this.assertTeamEditor(actor, input.teamId);
    const row = await this.repo.insertContact({
      name: input.name,
      aliases: dedupe(input.aliases),
      teamId: input.teamId,
      userId: input.teamId ? null : actor.id,
      createdBy: actor.id,
    });
    return contactOf(row);
  }

  async updateContact(actor: Actor, id: string, patch: z.infer<typeof updateContactSchema>) {
    const contact = await this.editableContact(actor, id);
    const row = await this.repo.updateContact(contact.id, {
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.aliases !== undefined ? { aliases: dedupe(patch.aliases) } : {}),
    });
    return contactOf(row);
  }

  async deleteContact(actor: Actor, id: string): Promise<void> {
    const contact = await this.editableContact(actor, id);
    await this.repo.deleteContact(contact.id);
  }

  private async editableContact(actor: Actor, id: string): Promise<ContactRow> {
    if (!uuid.test(id)) throw contactNotFound();
    const contact = await this.repo.findContact(id);
    if (!contact) throw contactNotFound();
    if (contact.userId !== null) {
      if (contact.userId !== actor.id) throw contactNotFound();
    } else await this.assertTeamEditor(actor, contact.teamId!, contactNotFound);
    return contact;
  }

  private async assertTeamEditor(actor: Actor, teamId: string, notFound = () => new AppError("NOT_FOUND", "Team not found")) {
    const team = (await this.repo.teamsOf(actor.id)).find((t) => t.teamId === teamId);
    if (!team) throw notFound();
    if (team.role === "guest") throw new AppError("FORBIDDEN", "Guests cannot change the team's contacts.");
  }
}

const dedupe = (names: string[]) => [...new Map(names.map((n) => [n.toLowerCase(), n])).values()];
