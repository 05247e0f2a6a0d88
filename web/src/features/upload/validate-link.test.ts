import { describe, expect, it } from "vitest";
import { DIRECT_MEDIA_MESSAGE, EMPTY_LINK_MESSAGE, NOT_HTTP_MESSAGE, OTHER_LINK_MESSAGE, validateMeetingLink } from "./validate-link";

describe("validateMeetingLink", () => {
  it("refuses an empty or blank link", () => {
    expect(validateMeetingLink("")).toEqual({ valid: false, message: EMPTY_LINK_MESSAGE, isDirectAudioFile: false });
    expect(validateMeetingLink("   ")).toMatchObject({ valid: false, message: "Please enter a meeting link" });
  });

  it("refuses links that do not start with http:// or https://", () => {
    for (const url of ["ftp://x", "zoom.us/rec/share/abc", "www.example.com/a.mp3", "javascript:alert(1)", "http:/x"]) {
      expect(validateMeetingLink(url), url).toMatchObject({
        valid: false,
        message: "Please enter a valid URL starting with http:// or https://",
        isDirectAudioFile: false,
      });
    }
    expect(NOT_HTTP_MESSAGE).toBe("Please enter a valid URL starting with http:// or https://");
  });

  it("refuses an http link that is not a URL", () => {
    expect(validateMeetingLink("http://")).toMatchObject({ valid: false, message: NOT_HTTP_MESSAGE });
    expect(validateMeetingLink("https://exa mple.com")).toMatchObject({ valid: false });
  });

  it("accepts either scheme in any case and trims spaces", () => {
    expect(validateMeetingLink("  HTTPS://example.com/x  ").valid).toBe(true);
    expect(validateMeetingLink("http://example.com/x").valid).toBe(true);
  });

  it.each([
    ["https://us02web.zoom.us/rec/share/abc123", "Zoom"],
    ["https://zoom.us/rec/play/xyz", "Zoom"],
    ["https://meet.google.com/abc-defg-hij", "Google Meet"],
    ["https://teams.microsoft.com/l/meetup-join/19%3a", "Microsoft Teams"],
    ["https://teams.live.com/meet/123", "Microsoft Teams"],
  ])("recognizes %s as %s, a page the server cannot download, and says how to bring the recording in", (url, platform) => {
    const r = validateMeetingLink(url);
    expect(r).toMatchObject({ valid: false, platform, isDirectAudioFile: false });
    expect(r.message).toMatch(/upload the file on the 'Upload File' tab\.$/);
    expect(r.message).not.toMatch(/^Recognized/);
  });

  it.each([
    ["https://drive.google.com/file/d/1AbCdEfGhIjK/view?usp=sharing", "Google Drive"],
    ["https://www.dropbox.com/scl/fi/abc/standup.m4a?rlkey=x&dl=0", "Dropbox"],
    ["https://1drv.ms/u/s!AkX9abc", "OneDrive"],
    ["https://contoso-my.sharepoint.com/:v:/g/personal/ana/EaBc?e=1", "SharePoint"],
    ["https://app.box.com/s/q1w2e3r4", "Box"],
  ])("accepts %s as a %s share link, fetched as the file", (url, provider) => {
    expect(validateMeetingLink(url)).toEqual({
      valid: true,
      provider,
      isDirectAudioFile: false,
      message: `Recognized ${provider} share link. The server downloads the file if it is shared with 'Anyone with the link'.`,
    });
  });

  it("does not mistake look-alike hosts for a platform", () => {
    expect(validateMeetingLink("https://notzoom.us/rec/1").platform).toBeUndefined();
    expect(validateMeetingLink("https://zoom.us.evil.example/rec/1").platform).toBeUndefined();
    expect(validateMeetingLink("https://example.com/?u=meet.google.com").message).toBe(OTHER_LINK_MESSAGE);
  });

  it.each(["mp3", "wav", "m4a", "mp4", "webm", "MP3"])("accepts a direct .%s link", (ext) => {
    const r = validateMeetingLink(`https://files.example.com/calls/weekly.${ext}`);
    expect(r).toMatchObject({ valid: true, isDirectAudioFile: true, message: DIRECT_MEDIA_MESSAGE });
  });

  it("looks at the path, not the query string, for direct media", () => {
    expect(validateMeetingLink("https://cdn.example.com/a/b.mp3?sig=abc&exp=1").isDirectAudioFile).toBe(true);
    expect(validateMeetingLink("https://example.com/watch?file=b.mp3").isDirectAudioFile).toBe(false);
    expect(validateMeetingLink("https://example.com/rec.mp3.html").isDirectAudioFile).toBe(false);
  });

  it("advises on any other http link but accepts it", () => {
    expect(validateMeetingLink("https://example.com/some/page")).toEqual({
      valid: true,
      message: "Make sure this is a direct link to a recording file, or a Google Drive, Dropbox, OneDrive, SharePoint or Box share link.",
      isDirectAudioFile: false,
    });
  });
});
