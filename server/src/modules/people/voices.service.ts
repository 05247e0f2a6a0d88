// Voice profiles (issue 34, item 4; decision 031). A meeting keeps one voice per speaker label
// (the transcribe step stores it). A speaker linked by hand to a member is a sample of that
// member's profile while the member allows it; in other meetings of the same owner or teams,
// an unnamed speaker whose voice is close to a member's profile is suggested as that member.
import type { VoiceProfileState, VoiceSuggestion } from "../../../../contract/voices";
import type { Db } from "../../db/client";
import type { Actor } from "../../core/actor";
import type { AppContext } from "../../context/app-context";
import { authorizeMeeting } from "../meetings/meeting-access";
import { turnSpeakers } from "../meetings/meetings.repo";
import { PeopleService } from "./people.service";
import { PeopleRepo } from "./people.repo";
import { buildProfiles, matchVoices, type Voice } from "./voice-match";
import { VoicesRepo } from "./voices.repo";

/** Stores a transcribed meeting's voices (the transcribe step); embeddings from one model per meeting. */
export async function storeMeetingVoices(db: Db, meetingId: string, voices: readonly Voice[]): Promise<void> {
  await new VoicesRepo(db).replaceMeetingVoices(meetingId, voices);
}

export class VoicesService {
  private readonly repo: VoicesRepo;
  private readonly db: Db;
  /** VOICE_MATCH_THRESHOLD (config.speech.voiceMatchThreshold). */
  private readonly threshold: number;
  constructor(private readonly ctx: AppContext) {
    this.db = ctx.database.db;
    this.threshold = ctx.config.speech.voiceMatchThreshold;
    this.repo = new VoicesRepo(this.db);
  }

  /**
   * Suggestions for the meeting's unnamed speakers (not linked, automatically or by hand, and
   * not marked "not linked"), among its members not yet linked to a speaker. Only for those who
   * may link speakers.
   */
  async suggestions(actor: Actor, meetingId: string): Promise<VoiceSuggestion[]> {
    const { meeting } = await authorizeMeeting(this.db, actor, meetingId, "edit-items");
    const voices = await this.repo.meetingVoices(meeting.id);
    if (!voices.length) return [];
    const [index, teamIds] = await Promise.all([
      new PeopleService(this.ctx).indexOf(meeting.id),
      new PeopleRepo(this.db).sharedTeams(meeting.id),
    ]);
    const labels = await turnSpeakers(this.db, meeting.id);
    const linked = new Set<string>();
    const unnamed = new Set<string>();
    for (const label of labels) {
      const r = index.resolveName(label);
      if (r.person?.kind === "user") linked.add(r.person.id);
      if (!r.person && !r.unlinked) unnamed.add(label);
    }
    const candidates = index.people.filter((p) => p.kind === "user" && !linked.has(p.id));
    const samples = await this.repo.samples(
      candidates.map((p) => p.id),
      { meetingId: meeting.id, ownerId: meeting.userId, teamIds },
    );
    const matches = matchVoices(
      voices.filter((v) => unnamed.has(v.speaker)),
      buildProfiles(samples),
      this.threshold,
    );
    return matches.flatMap((m) => {
      const person = index.find("user", m.userId);
      return person ? [{ speaker: m.speaker, person, similarity: Math.round(m.similarity * 1000) / 1000 }] : [];
    });
  }

  async profile(actor: Actor): Promise<VoiceProfileState> {
    const [enabled, samples] = await Promise.all([this.repo.enabled(actor.id), this.repo.sampleCount(actor.id)]);
    return { enabled, samples };
  }

  /** Turning the profile off also deletes it: nothing of the member's voice is kept or used. */
  async setEnabled(actor: Actor, enabled: boolean): Promise<VoiceProfileState> {
    await this.repo.setEnabled(actor.id, enabled);
    if (!enabled) await this.repo.deleteProfile(actor.id);
    return this.profile(actor);
  }

  /** Deletes the samples; the consent stays as it was (new links start a new profile while on). */
  async deleteProfile(actor: Actor): Promise<VoiceProfileState> {
    await this.repo.deleteProfile(actor.id);
    return this.profile(actor);
  }
}
