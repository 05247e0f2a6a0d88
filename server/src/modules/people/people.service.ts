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
import { duplicateConstraint } from "../../auth/auth-errors";
import { ActionItemsRepo } from "../action-items/action-items.repo";
import { ActionItemsService } from "../action-items/action-items.service";
import { authorizeMeeting } from "../meetings/meeting-access";
import { turnSpeakers } from "../meetings/meetings.repo";
import { callNames, PeopleIndex, suggestPeople } from "./people-rules";
import { PeopleRepo, type ContactRow, type TurnsSayingNames } from "./people.repo";
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

  /** The people of a meeting (members, contacts) and its speaker links: enough to check who may be linked. */
  async indexOf(meetingId: string): Promise<PeopleIndex> {
    const [people, links] = await Promise.all([this.repo.meetingPeople(meetingId), this.repo.links(meetingId)]);
    return new PeopleIndex(people, links);
  }

  async meetingPeople(actor: Actor, meetingId: string): Promise<MeetingPeople> {
    const { meeting, access } = await authorizeMeeting(this.db, actor, meetingId, "read");
    const [people, links, items, teams, shared] = await Promise.all([
      this.repo.meetingPeople(meeting.id),
      this.repo.links(meeting.id),
      new ActionItemsRepo(this.db).listByMeeting(meeting.id),
      this.repo.teamsOf(actor.id),
      this.repo.sharedTeams(meeting.id),
    ]);
    // Of the turns, only the labels and the turns that say a person's or an assignee's name are
    // read (PostgreSQL finds them): the rules need no other turn (decision 045).
    const said = await namedTurnsOf(this.ctx, meeting.id, [
      ...people.flatMap(callNames),
      ...items.filter((i) => !i.ownerSet).map((i) => i.assignee ?? ""),
    ]);
    const index = new PeopleIndex(people, links, said.turns, said.labels);
    const { suggestions, namesSaid } = suggestPeople(said.labels, said.turns, people);
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
      speakers: said.labels.map((label) => ({ label, ...index.resolveName(label), suggestions: suggestions.get(label) ?? [] })),
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
    const row = await this.repo
      .insertContact({
        name: input.name,
        aliases: dedupe(input.aliases),
        teamId: input.teamId,
        userId: input.teamId ? null : actor.id,
        createdBy: actor.id,
      })
      .catch(duplicateContact(input.name, input.teamId));
    return contactOf(row);
  }

  async updateContact(actor: Actor, id: string, patch: z.infer<typeof updateContactSchema>) {
    const contact = await this.editableContact(actor, id);
    const row = await this.repo
      .updateContact(contact.id, {
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.aliases !== undefined ? { aliases: dedupe(patch.aliases) } : {}),
      })
      .catch(duplicateContact(patch.name ?? contact.name, contact.teamId));
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

/**
 * A meeting's speaker labels and the turns that say one of `names` (PeopleRepo.namedTurns), read
 * under the CPU task budget (CPU_TASK_TIMEOUT_SECONDS): past it, a clear TOO_COMPLEX, not a stall.
 */
export async function namedTurnsOf(ctx: AppContext, meetingId: string, names: string[]): Promise<TurnsSayingNames> {
  const seconds = ctx.config.cpuTasks.timeoutSeconds;
  return new PeopleRepo(ctx.database.db).namedTurns(meetingId, names, seconds * 1000).catch((e: unknown) => {
    if (sqlState(e) === "57014")
      throw new AppError(
        "TOO_COMPLEX",
        `This meeting is too large to match its speakers with people within the server's limit (${seconds} s). Ask the administrator to raise CPU_TASK_TIMEOUT_SECONDS.`,
      );
    throw e;
  });
}

const sqlState = (e: unknown): string | undefined => {
  for (let c: unknown = e, depth = 0; c && typeof c === "object" && depth < 5; c = (c as { cause?: unknown }).cause, depth++)
    if (typeof (c as { code?: unknown }).code === "string") return (c as { code: string }).code;
  return undefined;
};

/**
 * One contact per name in each scope (migration 0027's unique indexes, names compared as nameKey
 * does): the database decides, so of two requests at once exactly one makes the contact and the
 * other is answered 409 here, never a 500 or a second contact.
 */
const duplicateContact =
  (name: string, teamId: string | null) =>
  (e: unknown): never => {
    const constraint = duplicateConstraint(e);
    if (constraint === "contacts_one_name_per_user_idx" || constraint === "contacts_one_name_per_team_idx")
      throw new AppError(
        "CONFLICT",
        `A contact named "${name.trim()}" already exists in ${teamId ? "this team's contacts" : "your contacts"}. Edit that one, or use another name.`,
      );
    throw e;
  };

const dedupe = (names: string[]) => [...new Map(names.map((n) => [n.toLowerCase(), n])).values()];
