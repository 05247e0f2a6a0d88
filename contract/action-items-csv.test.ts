import { describe, expect, it } from "vitest";
import { formatLongUsDate, toActionItemsCsv } from "./action-items-csv";

describe("toActionItemsCsv", () => {
  it("writes the header, quoted task and assignee, long dates and status", () => {
    const csv = toActionItemsCsv([
      { task: 'Send the "final" deck', assignee: "Priya Raman", dueDate: "2026-01-05", completed: false },
      { task: "Book the room", assignee: null, dueDate: null, completed: true },
      { task: "Renew, then file", assignee: "Brian O'Connor", dueDate: "2025-12-31", completed: false },
    ]);
    expect(csv).toBe(
      [
        "Task,Assignee,Due Date,Status",
        '"Send the ""final"" deck","Priya Raman","January 5, 2026",Pending',
        '"Book the room","",,Completed',
        '"Renew, then file","Brian O\'Connor","December 31, 2025",Pending',
      ].join("\n"),
    );
  });

  it("gives only the header for no items", () => {
    expect(toActionItemsCsv([])).toBe("Task,Assignee,Due Date,Status");
  });

  it("reads YYYY-MM-DD as a calendar date whatever the time zone", () => {
    // Jan 1 would become Dec 31 if parsed as UTC midnight and shown in a US zone.
    expect(formatLongUsDate("2026-01-01")).toBe("January 1, 2026");
    expect(formatLongUsDate("2025-03-09")).toBe("March 9, 2025");
    expect(formatLongUsDate("not a date")).toBe("");
    expect(formatLongUsDate("2025-13-01")).toBe("");
  });
});

describe("CSV injection (OWASP)", () => {
  it("makes cells that start a formula plain text, leading spaces, tabs and CRs included", () => {
    const csv = toActionItemsCsv([
      { task: '=HYPERLINK("http://evil","x")', assignee: "@SUM(A1)", dueDate: null, completed: false },
      { task: " +1", assignee: "-2", dueDate: null, completed: false },
      { task: "\t=1", assignee: "\r=2", dueDate: null, completed: false },
      { task: "Send the deck", assignee: "Sam - PM", dueDate: null, completed: false },
    ]);
    const lines = csv.split("\n");
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://evil"",""x"")","'@SUM(A1)",,Pending`);
    expect(lines[2]).toBe(`"' +1","'-2",,Pending`);
    expect(lines[3]).toBe(`"'\t=1","'\r=2",,Pending`);
    expect(lines[4]).toBe(`"Send the deck","Sam - PM",,Pending`);
  });
});
