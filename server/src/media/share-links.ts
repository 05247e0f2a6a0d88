// Share links people paste instead of a file (the web app's link form recognises the same
// hosts in web/src/features/upload/validate-link.ts to say what will happen). Storage services (Google Drive, Dropbox,
// OneDrive, SharePoint, Box) serve a shared file from a direct-download form of the same
// link, so the link is rewritten to it and downloaded like any other (every address and
// redirect still checked by link-download.ts). Meeting platforms (Zoom, Google Meet,
// Microsoft Teams) share recordings as web pages behind a sign-in or a passcode, which no
// server can download: those links get the steps to download the recording and upload it.
// Decision 025.

export type StorageProvider = "Google Drive" | "Dropbox" | "OneDrive" | "SharePoint" | "Box";
export type MeetingPlatform = "Zoom" | "Google Meet" | "Microsoft Teams";

const hostIs = (url: URL, ...hosts: string[]) => {
  const h = url.hostname.toLowerCase().replace(/\.$/, "");
  return hosts.some((x) => h === x || h.endsWith(`.${x}`));
};

/** base64url of the link, as the OneDrive shares API wants it ("u!" + unpadded base64url). */
function shareToken(link: string): string {
  return `u!${Buffer.from(link, "utf8").toString("base64url")}`;
}

/**
 * The direct-download form of a storage service's share link, or null when `url` is not one
 * (or is one already). Only the file's public share is used: a file shared with named people
 * still answers 401/403, and the download says to share it with anyone who has the link.
 */
export function directDownloadUrl(url: URL): { url: URL; provider: StorageProvider } | null {
  // Google Drive: /file/d/<id>/view, /open?id=<id>, /uc?id=<id>. The usercontent host with
  // confirm=t skips the "cannot scan this large file for viruses" page.
  if (hostIs(url, "drive.google.com", "docs.google.com")) {
    const id = /\/file\/d\/([\w-]{10,})/.exec(url.pathname)?.[1] ?? url.searchParams.get("id");
    if (!id || !/^[\w-]{10,}$/.test(id)) return null;
    const direct = new URL("https://drive.usercontent.google.com/download");
    direct.searchParams.set("id", id);
    direct.searchParams.set("export", "download");
    direct.searchParams.set("confirm", "t");
    return { url: direct, provider: "Google Drive" };
  }
  // Dropbox: the same link with dl=1 (rlkey and the rest kept) answers with the file.
  if (hostIs(url, "dropbox.com") && /^\/(s|scl|sh)\//.test(url.pathname)) {
    if (url.searchParams.get("dl") === "1" || url.searchParams.get("raw") === "1") return null;
    const direct = new URL(url.href);
    direct.searchParams.delete("raw");
    direct.searchParams.set("dl", "1");
    return { url: direct, provider: "Dropbox" };
  }
  // OneDrive (personal): 1drv.ms short links and onedrive.live.com shares, through the shares API.
  if (hostIs(url, "1drv.ms", "onedrive.live.com")) {
    if (url.pathname.startsWith("/download")) return null;
    return { url: new URL(`https://api.onedrive.com/v1.0/shares/${shareToken(url.href)}/root/content`), provider: "OneDrive" };
  }
  // OneDrive for work and SharePoint (where Teams keeps its recordings): download=1 on an
  // "anyone with the link" share answers with the file.
  if (hostIs(url, "sharepoint.com")) {
    if (url.searchParams.get("download") === "1") return null;
    const direct = new URL(url.href);
    direct.searchParams.set("download", "1");
    return { url: direct, provider: "SharePoint" };
  }
  // Box: /s/<name> shares have a static download form.
  if (hostIs(url, "box.com")) {
    const name = /^\/s\/([A-Za-z0-9]+)/.exec(url.pathname)?.[1];
    if (!name) return null;
    return { url: new URL(`https://${url.hostname}/shared/static/${name}`), provider: "Box" };
  }
  return null;
}

/** The meeting platform whose web page this link opens, or null (a media file on it is not a page). */
export function meetingPlatformOf(url: URL): MeetingPlatform | null {
  if (/\.(mp3|mp4|m4a|wav|webm|ogg|opus|mov|mkv|flac|aac)$/i.test(url.pathname)) return null;
  if (hostIs(url, "zoom.us", "zoom.com", "zoomgov.com")) return "Zoom";
  if (hostIs(url, "meet.google.com")) return "Google Meet";
  if (hostIs(url, "teams.microsoft.com", "teams.live.com", "teams.cloud.microsoft")) return "Microsoft Teams";
  return null;
}

/** What to do with a meeting platform's link: where its recordings are and how to bring one here. */
export function meetingPlatformAdvice(platform: MeetingPlatform): string {
  switch (platform) {
    case "Zoom":
      return (
        "This is a Zoom page, and Zoom lets only signed-in viewers download its recordings, so the server cannot fetch it. " +
        "Open the link, choose Download (the host must allow downloads; for your own cloud recordings: zoom.us → Recordings → the meeting → Download), " +
        "then upload the .mp4 or .m4a file on the 'Upload File' tab."
      );
    case "Google Meet":
      return (
        "This is a Google Meet link; Meet saves recordings to the organiser's Google Drive (the 'Meet Recordings' folder). " +
        "Share that recording with 'Anyone with the link' and paste its Drive link here, or download it from Drive and upload the file on the 'Upload File' tab."
      );
    case "Microsoft Teams":
      return (
        "This is a Microsoft Teams link; Teams saves recordings to OneDrive or SharePoint (the meeting chat's Recap shows where). " +
        "Share the recording with 'Anyone with the link' and paste that OneDrive or SharePoint link here, or download it and upload the file on the 'Upload File' tab."
      );
  }
}
