// Pure check of a meeting-recording link (spec section 5, "Link check"). The server checks
// the link again and downloads it safely; this only gives the user early, friendly advice.

import { EMPTY_LINK_MESSAGE, NOT_HTTP_MESSAGE } from "../../../../contract/meetings";

export type MeetingPlatform = "Zoom" | "Google Meet" | "Microsoft Teams";
/** Storage services whose share links the server fetches as the file (server/src/media/share-links.ts). */
export type StorageProvider = "Google Drive" | "Dropbox" | "OneDrive" | "SharePoint" | "Box";

export interface LinkValidation {
  valid: boolean;
  /** The error when invalid; an advisory note when valid. */
  message?: string;
  /** A meeting platform's page: not downloadable, so `valid` is false and the message says what to do. */
  platform?: MeetingPlatform;
  /** A storage service's share link: downloaded as the file when shared with anyone who has the link. */
  provider?: StorageProvider;
  isDirectAudioFile: boolean;
}

export { EMPTY_LINK_MESSAGE, NOT_HTTP_MESSAGE };
export const OTHER_LINK_MESSAGE =
  "Make sure this is a direct link to a recording file, or a Google Drive, Dropbox, OneDrive, SharePoint or Box share link.";
export const DIRECT_MEDIA_MESSAGE = "Direct media file link detected. We will download the recording and process it.";
/** What the form says is supported (the link field's hint). */
export const LINK_HINT = "A direct link to a recording file, or a Google Drive, Dropbox, OneDrive, SharePoint or Box share link";
/** Meeting platforms share recordings as pages no server can download: how to bring one in instead. */
export const platformMessage = (platform: MeetingPlatform) =>
  platform === "Zoom"
    ? "Zoom links open a page the server cannot download from. Download the recording from Zoom (Recordings → Download) and upload the file on the 'Upload File' tab."
    : platform === "Google Meet"
      ? "Google Meet saves recordings to Google Drive. Paste the recording's Drive link (shared with 'Anyone with the link'), or download it and upload the file on the 'Upload File' tab."
      : "Teams saves recordings to OneDrive or SharePoint. Paste that link (shared with 'Anyone with the link'), or download the recording and upload the file on the 'Upload File' tab.";
export const providerMessage = (provider: StorageProvider) =>
  `Recognized ${provider} share link. The server downloads the file if it is shared with 'Anyone with the link'.`;

/** Extensions of links accepted as direct media (spec section 5). */
export const DIRECT_MEDIA_EXTENSIONS = [".mp3", ".wav", ".m4a", ".mp4", ".webm"] as const;

// The same hosts as the server's share-links.ts.
const PLATFORM_HOSTS: { platform: MeetingPlatform; hosts: string[] }[] = [
  { platform: "Zoom", hosts: ["zoom.us", "zoom.com", "zoomgov.com"] },
  { platform: "Google Meet", hosts: ["meet.google.com"] },
  { platform: "Microsoft Teams", hosts: ["teams.microsoft.com", "teams.live.com", "teams.cloud.microsoft"] },
];

const PROVIDER_HOSTS: { provider: StorageProvider; hosts: string[] }[] = [
  { provider: "Google Drive", hosts: ["drive.google.com", "docs.google.com"] },
  { provider: "Dropbox", hosts: ["dropbox.com"] },
  { provider: "OneDrive", hosts: ["1drv.ms", "onedrive.live.com"] },
  { provider: "SharePoint", hosts: ["sharepoint.com"] },
  { provider: "Box", hosts: ["box.com"] },
];

const hostMatches = (hostname: string, hosts: string[]) => {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  return hosts.some((h) => host === h || host.endsWith(`.${h}`));
};

function platformOf(hostname: string): MeetingPlatform | undefined {
  return PLATFORM_HOSTS.find(({ hosts }) => hostMatches(hostname, hosts))?.platform;
}

function providerOf(hostname: string): StorageProvider | undefined {
  return PROVIDER_HOSTS.find(({ hosts }) => hostMatches(hostname, hosts))?.provider;
}

export function validateMeetingLink(url: string): LinkValidation {
  const value = url.trim();
  if (!value) return { valid: false, message: EMPTY_LINK_MESSAGE, isDirectAudioFile: false };
  if (!/^https?:\/\//i.test(value)) return { valid: false, message: NOT_HTTP_MESSAGE, isDirectAudioFile: false };
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return { valid: false, message: NOT_HTTP_MESSAGE, isDirectAudioFile: false };
  }
  if (!parsed.hostname) return { valid: false, message: NOT_HTTP_MESSAGE, isDirectAudioFile: false };

  // A share link names the file in its path but answers with a page unless rewritten (the server does).
  const provider = providerOf(parsed.hostname);
  if (provider) return { valid: true, message: providerMessage(provider), provider, isDirectAudioFile: false };
  const pathname = safeDecode(parsed.pathname).toLowerCase();
  if (DIRECT_MEDIA_EXTENSIONS.some((ext) => pathname.endsWith(ext))) {
    return { valid: true, message: DIRECT_MEDIA_MESSAGE, isDirectAudioFile: true, platform: platformOf(parsed.hostname) };
  }
  const platform = platformOf(parsed.hostname);
  if (platform) return { valid: false, message: platformMessage(platform), platform, isDirectAudioFile: false };
  return { valid: true, message: OTHER_LINK_MESSAGE, isDirectAudioFile: false };
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
