// Shapes shared by the server pipeline, the speech engines, the summarizers and the web app.
// Times are seconds from the start of the recording; null where the source gives none
// (e.g. a plain-text transcript without timestamps).

export interface Word {
  text: string;
  start: number;
  end: number;
}

export interface Utterance {
  /** 'Speaker A' style label from diarization, or the real name from an imported transcript. */
  speaker: string;
  start: number | null;
  end: number | null;
  text: string;
  words?: Word[];
  /** Set when someone corrected the turn: their name and when (ISO). */
  edited?: { by: string; at: string };
}

export interface Transcript {
  /** Full text, utterances joined by newlines. */
  text: string;
  utterances: Utterance[];
  language: string | null;
}

export interface TranscriptResult extends Transcript {
  engine: string;
  model: string;
}

export interface ActionItemDraft {
  task: string;
  assignee: string | null;
  /** Calendar date 'YYYY-MM-DD', resolved against the meeting's date; null if none was said. */
  dueDate: string | null;
  /** Where in the recording it was said (seconds), so the meeting page can jump there. */
  sourceStart: number | null;
  /** The scorer was unsure: stored as a "Possible action item" a person accepts or dismisses. */
  suggested?: boolean;
}

/** One key point or decision of the notes: plain text (never markdown), who said it and when. */
export interface NotePoint {
  text: string;
  /** The speaker label (or name) who said it; null when unknown. */
  speaker: string | null;
  /** Seconds into the recording; null when unknown (a click on the point plays from here). */
  start: number | null;
}

/** The meeting's notes as structure; action items are stored apart (they have owners, states, edits). */
export interface MeetingNotes {
  overview: string;
  keyPoints: NotePoint[];
  decisions: NotePoint[];
}

export interface SummaryResult {
  /** Overview, key points and decisions (each decision once), as structure. */
  notes: MeetingNotes;
  actionItems: ActionItemDraft[];
  engine: string;
  model: string;
  /** Shown on the meeting, e.g. "The LLM answer was malformed; the built-in summary is shown." */
  note?: string | null;
}
