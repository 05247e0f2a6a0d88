// The short pages the footer links to. Everything here describes what this software does;
// nothing is a placeholder. A self-hosted instance has no company behind it, so "About",
// "Contact" and "Privacy" speak about the software and whoever runs this server.

export interface InfoSection {
  heading: string;
  /** Paragraphs, or bullet lists (an array inside the array). */
  body: (string | string[])[];
}

export interface InfoPageContent {
  path: string;
  title: string;
  subtitle: string;
  sections: InfoSection[];
}

export const INFO_PAGES: InfoPageContent[] = [
  {
    path: "/features",
    title: "Features",
    subtitle: "From a recording to notes you can act on.",
    sections: [
      {
        heading: "Bring a meeting",
        body: [
          [
            "Upload a recording: MP3, WAV, M4A, MP4, MOV or AVI.",
            "Give a link to a recording file; the server downloads it.",
            "Import a transcript from Teams, Zoom or Google Meet (.vtt, .srt, .txt).",
          ],
        ],
      },
      {
        heading: "Get notes",
        body: [
          [
            "A transcript with speaker labels and timestamps; click a time to play from there.",
            "A summary with key points and decisions.",
            "Action items with owner and due date, found in what people said. Edit, complete, delete (with undo) and add your own.",
            "Export action items as CSV and the whole meeting as PDF.",
          ],
        ],
      },
      {
        heading: "Work together",
        body: [
          [
            "Teams with owner, admin, member and guest roles; invitations by e-mail.",
            "Share a meeting with a team: members can edit its action items, guests can read.",
            "Send action items to the tools you already use (see Integrations).",
          ],
        ],
      },
      {
        heading: "On your own server",
        body: [
          "Speech-to-text and notes run locally by default, so recordings never leave the server. Hosted speech engines (AssemblyAI, any OpenAI-compatible endpoint) and an OpenAI-compatible language model for the enhanced summary are optional.",
        ],
      },
    ],
  },
  {
    path: "/pricing",
    title: "Pricing",
    subtitle: "Minutes is self-hosted: it is free.",
    sections: [
      {
        heading: "Free, on your hardware",
        body: [
          "There is no subscription, no per-seat fee and no usage limit set by us. You run Minutes on your own computer or server with one command, and every user and team on it is included.",
        ],
      },
      {
        heading: "What it can cost you",
        body: [
          [
            "The machine it runs on: local speech-to-text uses its CPU, and recordings and speech models use its disk.",
            "Optional hosted services, billed by their providers if you turn them on: a hosted speech engine (AssemblyAI or an OpenAI-compatible one) or a language model for the enhanced summary.",
          ],
        ],
      },
    ],
  },
  {
    path: "/integrations",
    title: "Integrations",
    subtitle: "Send action items where your team already works.",
    sections: [
      {
        heading: "Supported tools",
        body: [
          [
            "GitHub: an issue per action item.",
            "Asana and Trello: a task or card, with completion synced back.",
            "Slack: a message to a channel, mentioning the owner.",
            "Google Calendar: an all-day event on the due date.",
            "Microsoft To Do: a task. Notion: a page in a database.",
          ],
        ],
      },
      {
        heading: "Connecting",
        body: [
          "Each person connects their own accounts under Settings → Integrations. The server operator registers the app with each provider and sets its client ID and secret (see the README). Tokens are stored encrypted.",
        ],
      },
    ],
  },
  {
    path: "/help",
    title: "Help",
    subtitle: "Answers to the first questions people have.",
    sections: [
      {
        heading: 'My audio meeting failed: "speech models are not installed"',
        body: [
          'The local speech engine needs model files the first time. The owner of this server can download them under Settings → Models (which also says how to install them on a server without internet access). Then use "Retry processing" on the meeting. Transcript files (.vtt, .srt, .txt) never need a model.',
        ],
      },
      {
        heading: "A meeting link is refused",
        body: [
          "The link must be a direct http:// or https:// link to a recording file that this server can reach. Share pages of Zoom, Google Meet or Teams are web pages, not recordings: download the recording there and upload the file instead.",
        ],
      },
      {
        heading: "Regenerating the summary",
        body: [
          "Regenerate summary writes the summary again from the transcript. Action items you added, edited, completed or deleted stay as you left them.",
        ],
      },
      {
        heading: "Possible action items",
        body: [
          "When the notes are not sure something is a task, they list it under Possible action items instead. Accept it to make it an action item, or dismiss it; until then it is not counted, exported or sent anywhere, and a dismissed one is not suggested again when the summary is regenerated. The meeting's owner and team members may accept or dismiss; guests see them only.",
        ],
      },
      {
        heading: "Dates",
        body: [
          'A meeting is dated by when it was held: the date you give when uploading, else the date in the transcript file or the recording, else the upload day. Due dates such as "by Friday" count from that date.',
        ],
      },
    ],
  },
  {
    path: "/about",
    title: "About",
    subtitle: "Meeting notes that stay on your own server.",
    sections: [
      {
        heading: "What Minutes is",
        body: [
          "Minutes is a self-hosted web application that turns meeting recordings into transcripts, summaries and action items. It is built in TypeScript and React, stores everything in PostgreSQL and a data folder on the server, and runs speech-to-text locally with sherpa-onnx models.",
          "This server is run by your organisation or by the person who installed it; they decide which optional hosted services are used.",
        ],
      },
    ],
  },
  {
    path: "/contact",
    title: "Contact",
    subtitle: "Who to ask about this server.",
    sections: [
      {
        heading: "Questions about this server",
        body: [
          "Accounts, data and settings on this server are looked after by the person or team who runs it, usually your IT team or the colleague who installed it. Ask them.",
        ],
      },
      {
        heading: "Questions about a meeting",
        body: ["Ask the meeting's owner: their name is shown on every meeting shared with you."],
      },
    ],
  },
  {
    path: "/privacy",
    title: "Privacy",
    subtitle: "What this server keeps, and who sees it.",
    sections: [
      {
        heading: "What is stored",
        body: [
          [
            "Your account: name, e-mail address and a hashed password.",
            "Your meetings: the recording or transcript file, the transcript, the summary and the action items, on this server only.",
            "A session cookie that keeps you signed in (HttpOnly). There are no analytics or advertising cookies.",
          ],
        ],
      },
      {
        heading: "Who sees it",
        body: [
          "A meeting is visible to its owner and to the teams it is shared with. The people who run this server can read its database and files.",
          "Recordings leave the server only if the operator turned on a hosted speech engine or language model, or when you send action items to an integration you connected.",
        ],
      },
      {
        heading: "Deleting",
        body: ["Deleting a meeting removes its record and its stored files."],
      },
    ],
  },
];

export function infoPage(path: string): InfoPageContent | undefined {
  return INFO_PAGES.find((p) => p.path === path);
}
