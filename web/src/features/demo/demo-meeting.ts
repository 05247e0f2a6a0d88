// A fixed, processed meeting for the public demo (/demo). No API calls: the page renders
// this object with the same components as a real meeting, read-only. It is a written
// example, shown as an imported transcript: its length is the transcript's, and it credits
// no speech model or summarizer, because none produced it.
import type { MeetingDetail } from "../../../../contract/meetings";

const DEMO_ID = "demo";

const turns: Array<[speaker: string, start: number, end: number, text: string]> = [
  ["Alex Rivera", 0, 11.4, "Morning everyone. Let's start with the beta feedback, then go through the launch checklist."],
  [
    "Priya Shah",
    12.1,
    29.8,
    "Most testers like the new onboarding. The one recurring complaint is that search gets slow in big workspaces.",
  ],
  ["Tom Becker", 31.0, 39.5, "How big are we talking? We saw that with one customer who has about ten thousand notes."],
  ["Priya Shah", 40.2, 51.0, "About that size, yes. I'll profile search on the large workspaces and report back by Friday."],
  ["Alex Rivera", 52.3, 63.0, "Good. Then we ship onboarding next sprint. Tom, can you send marketing the final screenshots by Thursday?"],
  ["Tom Becker", 63.8, 69.9, "Sure, I'll have them ready by Thursday morning."],
  ["Alex Rivera", 70.5, 82.0, "And I'll go through the pricing page copy on Thursday as well, so legal can sign off before launch."],
  ["Priya Shah", 83.0, 95.5, "One more thing: the beta feedback summary went out yesterday, so everyone should have it in their inbox."],
  ["Alex Rivera", 96.0, 104.0, "Great, that's everything. Thanks all, see you next week."],
];

const utterances: MeetingDetail["utterances"] = turns.map(([speaker, start, end, text]) => ({ speaker, start, end, text }));

const actionItem = (
  n: number,
  description: string,
  assignee: string | null,
  dueDate: string | null,
  status: "pending" | "completed",
  sourceStart: number | null,
): MeetingDetail["actionItems"][number] => ({
  id: `demo-item-${n}`,
  meetingId: DEMO_ID,
  description,
  assignee,
  dueDate,
  status,
  sourceStart,
  createdAt: "2025-03-04T10:30:00.000Z",
  suggested: false,
});

export const demoMeeting: MeetingDetail = {
  id: DEMO_ID,
  title: "Weekly Product Sync",
  status: "completed",
  sourceType: "transcript_import",
  createdAt: "2025-03-04T10:00:00.000Z",
  recordedAt: "2025-03-04T10:00:00.000Z",
  durationSeconds: Math.ceil(turns[turns.length - 1]![2]),
  step: null,
  progress: 100,
  stepDetail: null,
  error: null,
  canRetry: false,
  pendingCount: 3,
  actionItemCount: 4,
  speakers: ["Alex Rivera", "Priya Shah", "Tom Becker"],
  isOwner: true,
  ownerName: "Alex Rivera",
  sharedVia: [],
  sourceUrl: null,
  originalFileName: "weekly-product-sync.vtt",
  hasMedia: false,
  hasVideo: false,
  mimeType: null,
  transcript: turns.map(([speaker, , , text]) => `${speaker}: ${text}`).join("\n"),
  utterances,
  notes: {
    overview: "A weekly product sync on the beta feedback and the launch checklist.",
    keyPoints: [
      { text: "Beta testers like the new onboarding flow; it ships next sprint.", speaker: "Priya Shah", start: 12.1 },
      {
        text: "Search is slow in workspaces with around ten thousand notes and is the main open risk.",
        speaker: "Tom Becker",
        start: 31.0,
      },
      { text: "Marketing needs the final onboarding screenshots for the launch post.", speaker: "Alex Rivera", start: 52.3 },
      { text: "The pricing page copy needs a review so legal can sign off before launch.", speaker: "Alex Rivera", start: 70.5 },
    ],
    decisions: [{ text: "Ship the new onboarding flow next sprint.", speaker: "Alex Rivera", start: 52.3 }],
  },
  summaryNote: null,
  transcriptEngine: null,
  transcriptModel: null,
  summaryEngine: null,
  summaryModel: null,
  processedAt: "2025-03-04T10:05:00.000Z",
  nano: true,
  enhancedSummary: true,
  access: "read",
  actionItems: [
    actionItem(1, "Profile search on large workspaces and report back", "Priya Shah", "2025-03-07", "pending", 40.2),
    actionItem(2, "Send marketing the final onboarding screenshots", "Tom Becker", "2025-03-06", "pending", 52.3),
    actionItem(3, "Review the pricing page copy for legal sign-off", "Alex Rivera", "2025-03-06", "pending", 70.5),
    actionItem(4, "Share the beta feedback summary with the team", "Priya Shah", "2025-03-03", "completed", 83.0),
  ],
};
