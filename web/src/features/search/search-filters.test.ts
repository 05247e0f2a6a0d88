import { describe, expect, it } from "vitest";
import { filterParams, filtersFrom, isFiltered } from "./search-filters";

describe("search filters in the address", () => {
  it("reads the filters and gives them back as API parameters", () => {
    const f = filtersFrom(
      new URLSearchParams("q=budget&kind=decision&speaker=%20Linda%20Morales%20&from=2026-01-01&to=2026-12-31&sort=date"),
    );
    expect(f).toEqual({ kind: "decision", speaker: "Linda Morales", from: "2026-01-01", to: "2026-12-31", sort: "date" });
    expect(filterParams(f)).toEqual({ kind: "decision", speaker: "Linda Morales", from: "2026-01-01", to: "2026-12-31", sort: "date" });
    expect(isFiltered(f)).toBe(true);
  });

  it("drops what the server would refuse and leaves the defaults out", () => {
    const f = filtersFrom(new URLSearchParams("q=x&kind=video&from=yesterday&to=2026-13&sort=random"));
    expect(f).toEqual({ kind: "", speaker: "", from: "", to: "", sort: "relevance" });
    expect(filterParams(f)).toEqual({});
    expect(isFiltered(f)).toBe(false);
    expect(isFiltered({ ...f, sort: "date" })).toBe(false);
  });

  it("swaps a date range given backwards", () => {
    expect(filterParams({ kind: "", speaker: "", from: "2026-12-01", to: "2026-11-01", sort: "relevance" })).toEqual({
      from: "2026-11-01",
      to: "2026-12-01",
    });
  });
});
