import { describe, expect, it } from "vitest";
import { directDownloadUrl, meetingPlatformAdvice, meetingPlatformOf } from "./share-links";

const direct = (link: string) => {
  const d = directDownloadUrl(new URL(link));
  return d && { provider: d.provider, url: d.url.href };
};

describe("share links", () => {
  it("rewrites storage services' share links to their direct-download form", () => {
    expect(direct("https://drive.google.com/file/d/1AbCdEfGhIjKlMnOp_qr-st/view?usp=sharing")).toEqual({
      provider: "Google Drive",
      url: "https://drive.usercontent.google.com/download?id=1AbCdEfGhIjKlMnOp_qr-st&export=download&confirm=t",
    });
    expect(direct("https://drive.google.com/open?id=1AbCdEfGhIjKlMnOp_qr-st")?.url).toContain("id=1AbCdEfGhIjKlMnOp_qr-st");
    expect(direct("https://www.dropbox.com/scl/fi/abc123/standup.m4a?rlkey=xyz&dl=0")).toEqual({
      provider: "Dropbox",
      url: "https://www.dropbox.com/scl/fi/abc123/standup.m4a?rlkey=xyz&dl=1",
    });
    expect(direct("https://1drv.ms/u/s!AkX9abc")).toEqual({
      provider: "OneDrive",
      url: `https://api.onedrive.com/v1.0/shares/u!${Buffer.from("https://1drv.ms/u/s!AkX9abc").toString("base64url")}/root/content`,
    });
    expect(direct("https://contoso-my.sharepoint.com/:v:/g/personal/ana_contoso_com/EaBcD?e=Xy1")).toEqual({
      provider: "SharePoint",
      url: "https://contoso-my.sharepoint.com/:v:/g/personal/ana_contoso_com/EaBcD?e=Xy1&download=1",
    });
    expect(direct("https://app.box.com/s/q1w2e3r4t5")).toEqual({ provider: "Box", url: "https://app.box.com/shared/static/q1w2e3r4t5" });
  });

  it("leaves direct links and other hosts alone", () => {
    expect(direct("https://www.dropbox.com/scl/fi/abc123/standup.m4a?rlkey=xyz&dl=1")).toBeNull();
    expect(direct("https://contoso.sharepoint.com/x?download=1")).toBeNull();
    expect(direct("https://example.com/talk.mp3")).toBeNull();
    expect(direct("https://drive.google.com/drive/folders/")).toBeNull();
  });

  it("knows meeting platforms' pages, and says how to bring their recordings in", () => {
    expect(meetingPlatformOf(new URL("https://us02web.zoom.us/rec/share/AbC.dEf?startTime=1"))).toBe("Zoom");
    expect(meetingPlatformOf(new URL("https://meet.google.com/abc-defg-hij"))).toBe("Google Meet");
    expect(meetingPlatformOf(new URL("https://teams.microsoft.com/l/meetup-join/19%3a"))).toBe("Microsoft Teams");
    expect(meetingPlatformOf(new URL("https://files.zoom.us/recording.mp4"))).toBeNull(); // a media file
    expect(meetingPlatformAdvice("Zoom")).toMatch(/Download .*upload the \.mp4 or \.m4a file/);
    expect(meetingPlatformAdvice("Google Meet")).toMatch(/Google Drive.*Anyone with the link/);
    expect(meetingPlatformAdvice("Microsoft Teams")).toMatch(/OneDrive or SharePoint/);
  });
});
