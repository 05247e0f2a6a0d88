// All SQL on voices (decision 031): a meeting's voices (one per speaker label), members'
// samples (voices of speakers linked to them by hand), and each member's consent.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { meetingVoices, voiceProfileSettings } from "../../db/schema";
import type { Voice, VoiceSample } from "./voice-match";

/** The newest samples per member and model that make a profile (older ones add little and cost reads). */
export const MAX_SAMPLES_PER_PROFILE = 50;

export class VoicesRepo {
  constructor(private readonly db: Db) {}

  /**
   * The meeting's voices, replaced (a transcription run again gives new labels). A voice whose
   * label is already linked to a member who declined a profile is not kept.
   */
  async replaceMeetingVoices(meetingId: string, voices: readonly Voice[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(meetingVoices).where(eq(meetingVoices.meetingId, meetingId));
      if (voices.length)
        await tx
          .insert(meetingVoices)
          .values(voices.map((v) => ({ meetingId, speaker: v.speaker, model: v.model, embedding: v.embedding })))
          .onConflictDoNothing();
      await tx.execute(sql`
        delete from meeting_voices v using speaker_links l, voice_profile_settings s
        where v.meeting_id = ${meetingId} and l.meeting_id = v.meeting_id and l.speaker = v.speaker
          and s.user_id = l.user_id and not s.enabled`);
    });
  }

  meetingVoices(meetingId: string): Promise<Voice[]> {
    return this.db
      .select({ speaker: meetingVoices.speaker, model: meetingVoices.model, embedding: meetingVoices.embedding })
      .from(meetingVoices)
      .where(eq(meetingVoices.meetingId, meetingId));
  }

  async deleteVoice(meetingId: string, speaker: string): Promise<void> {
    await this.db.delete(meetingVoices).where(and(eq(meetingVoices.meetingId, meetingId), eq(meetingVoices.speaker, speaker)));
  }

  /**
   * Samples of the given members' profiles for a meeting of `ownerId` shared with `teamIds`:
   * voices of speakers linked to them by hand in other meetings of the same owner or of those
   * teams, while they allow a profile; the newest MAX_SAMPLES_PER_PROFILE per member and model.
   */
  async samples(userIds: string[], scope: { meetingId: string; ownerId: string; teamIds: string[] }): Promise<VoiceSample[]> {
    if (!userIds.length) return [];
    const teams = scope.teamIds.length ? scope.teamIds : [""];
    const rows = await this.db.execute<{ user_id: string; model: string; embedding: number[] }>(sql`
      select user_id, model, embedding from (
        select l.user_id, v.model, v.embedding,
          row_number() over (partition by l.user_id, v.model order by l.created_at desc) as n
        from speaker_links l
          join meeting_voices v on v.meeting_id = l.meeting_id and v.speaker = l.speaker
          join meetings m on m.id = l.meeting_id
          left join voice_profile_settings s on s.user_id = l.user_id
        where l.user_id in (${sql.join(
          userIds.map((u) => sql`${u}`),
          sql`, `,
        )})
          and l.meeting_id <> ${scope.meetingId}
          and coalesce(s.enabled, true)
          and (m.user_id = ${scope.ownerId}
            or exists (select 1 from meeting_shares ms where ms.meeting_id = m.id and ms.team_id in (${sql.join(
              teams.map((t) => sql`${t}`),
              sql`, `,
            )})))
      ) x where n <= ${MAX_SAMPLES_PER_PROFILE}`);
    return rows.rows.map((r) => ({ userId: r.user_id, model: r.model, embedding: r.embedding.map(Number) }));
  }

  /** How many voices of speakers are linked to the member by hand (their profile's samples). */
  async sampleCount(userId: string): Promise<number> {
    const rows = await this.db.execute<{ n: number }>(sql`
      select count(*)::int as n from speaker_links l
        join meeting_voices v on v.meeting_id = l.meeting_id and v.speaker = l.speaker
      where l.user_id = ${userId}`);
    return rows.rows[0]?.n ?? 0;
  }

  /** Deletes the member's profile: the voices of every speaker linked to them. The links stay. */
  async deleteProfile(userId: string): Promise<number> {
    const rows = await this.db.execute(sql`
      delete from meeting_voices v using speaker_links l
      where l.user_id = ${userId} and v.meeting_id = l.meeting_id and v.speaker = l.speaker`);
    return rows.rowCount ?? 0;
  }

  async enabled(userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ enabled: voiceProfileSettings.enabled })
      .from(voiceProfileSettings)
      .where(eq(voiceProfileSettings.userId, userId));
    return row?.enabled ?? true;
  }

  async setEnabled(userId: string, enabled: boolean): Promise<void> {
    await this.db
      .insert(voiceProfileSettings)
      .values({ userId, enabled })
      .onConflictDoUpdate({ target: voiceProfileSettings.userId, set: { enabled, updatedAt: new Date() } });
  }
}
