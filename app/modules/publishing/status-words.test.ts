import { describe, expect, it } from "vitest";
import { publicationStateText, shortDateTime } from "./status-words";

const base = { platform: "wordpress", mode: "draft", scheduledFor: null, lastError: null } as const;
const NOW = new Date("2026-11-27T08:00:00Z");

describe("publication state words", () => {
  it("says where a draft and a live post are, never the machine's words", () => {
    expect(publicationStateText({ ...base, status: "published" }, "UTC", NOW)).toBe("Draft in WordPress");
    expect(publicationStateText({ ...base, status: "published", mode: "live" }, "UTC", NOW)).toBe("Live on WordPress");
    expect(publicationStateText({ ...base, platform: "ghost", status: "published", mode: "live" }, "UTC", NOW)).toBe("Live on Ghost");
    expect(publicationStateText({ ...base, platform: "wordpress_com", status: "published" }, "UTC", NOW)).toBe("Draft in WordPress.com");
  });

  it("says the hosted blog's post is live, and that one sent as a draft is not shown there", () => {
    expect(publicationStateText({ ...base, platform: "hosted", status: "published", mode: "live" }, "UTC", NOW)).toBe(
      "Live on your hosted blog",
    );
    expect(publicationStateText({ ...base, platform: "hosted", status: "published" }, "UTC", NOW)).toBe(
      "Not shown on your hosted blog (sent as a draft)",
    );
  });

  it("gives a scheduled time in the site's time zone", () => {
    const row = { ...base, status: "scheduled", scheduledFor: "2026-11-28T08:00:00.000Z" } as const;
    expect(publicationStateText(row, "Europe/Berlin", NOW)).toBe("Scheduled for 28 Nov, 09:00");
    expect(publicationStateText(row, "America/New_York", NOW)).toBe("Scheduled for 28 Nov, 03:00");
    expect(shortDateTime("2027-01-02T10:05:00Z", "UTC", NOW)).toBe("2 Jan 2027, 10:05");
  });

  it("names the reason of a failure", () => {
    const text = publicationStateText(
      { ...base, status: "failed", lastError: "The image /uploads/articles/a.png could not be read." },
      "UTC",
      NOW,
    );
    expect(text).toBe("Failed: The image /uploads/articles/a.png could not be read.");
    expect(publicationStateText({ ...base, status: "failed" }, "UTC", NOW)).toMatch(/^Failed: \S/);
  });

  it("says a queued publish is on its way", () => {
    expect(publicationStateText({ ...base, status: "pending" }, "UTC", NOW)).toBe("Publishing to WordPress…");
    expect(publicationStateText({ ...base, platform: "hosted", status: "publishing" }, "UTC", NOW)).toBe("Publishing to your hosted blog…");
  });
});
