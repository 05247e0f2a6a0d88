// Pure check of a meeting-recording link (spec section 5, "Link check"). The server checks
// the link again and downloads it safely; this only gives the user early, friendly advice.

import { EMPTY_LINK_MESSAGE, NOT_HTTP_MESSAGE } from "../../../../contract/meetings";

export type MeetingPlatform = "Zoom" | "Google Meet" | "Microsoft Teams";

export interface LinkValidation {
  valid: boolean;
  /** The error when invalid; an advisory note when valid. */
  message?: string;
  platform?: MeetingPlatform;
  isDirectAudioFile: boolean;
}

export { EMPTY_LINK_MESSAGE, NOT_HTTP_MESSAGE };
export const OTHER_LINK_MESSAGE = "Make sure this is a direct link to a recording file or a shared recording on a supported platform.";
export const DIRECT_MEDIA_MESSAGE = "Direct media file link detected. We will download the recording and process it.";
export const platformMessage = (platform: MeetingPlatform) =>
  `Recognized ${platform} link. Note: We can only process recording links, not meeting invitation links.`;

/** Extensions of links accepted as direct media (spec section 5). */
export const DIRECT_MEDIA_EXTENSIONS = [".mp3", ".wav", ".m4a", ".mp4", ".webm"] as const;

const PLATFORM_HOSTS: { platform: MeetingPlatform; hosts: string[] }[] = [
  { platform: "Zoom", hosts: ["zoom.us", "zoom.com"] },
  { platform: "Google Meet", hosts: ["meet.google.com"] },
  { platform: "Microsoft Teams", hosts: ["teams.microsoft.com", "teams.live.com"] },
];

function platformOf(hostname: string): MeetingPlatform | undefined {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  return PLATFORM_HOSTS.find(({ hosts }) => hosts.some((h) => host === h || host.endsWith(`.${h}`)))?.platform;
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

  const pathname = safeDecode(parsed.pathname).toLowerCase();
  if (DIRECT_MEDIA_EXTENSIONS.some((ext) => pathname.endsWith(ext))) {
    return { valid: true, message: DIRECT_MEDIA_MESSAGE, isDirectAudioFile: true, platform: platformOf(parsed.hostname) };
  }
  const platform = platformOf(parsed.hostname);
  if (platform) return { valid: true, message: platformMessage(platform), platform, isDirectAudioFile: false };
  return { valid: true, message: OTHER_LINK_MESSAGE, isDirectAudioFile: false };
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
