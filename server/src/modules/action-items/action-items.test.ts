import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, TestClient, uniqueEmail, type TestApp } from "../../../../test/app";
import { SAMPLE_TEAMS_VTT as VTT } from "../../../../test/fixtures";
import { draftsToInsert, isReplaceable, taskKey } from "./action-item-rules";

const draft = (task: string) => ({ task, assignee: null, dueDate: null, sourceStart: null });

describe("what a regenerate may replace", () => {
  it("replaces only extracted items nobody completed or deleted", () => {
    expect(isReplaceable({ origin: "extracted", status: "pending", deletedAt: null })).toBe(true);
    expect(isReplaceable({ origin: "extracted", status: "completed", deletedAt: null })).toBe(false);
    expect(isReplaceable({ origin: "extracted", status: "pending", deletedAt: new Date() })).toBe(false);
    expect(isReplaceable({ origin: "manual", status: "pending", deletedAt: null })).toBe(false);
  });

  it("skips drafts a kept or deleted row stands for, by the first extracted words or the current ones", () => {
    const kept = [
      { extractedTask: "Send the updated deck to the client", description: "Send the deck (v3) to ACME" },
      { extractedTask: null, description: "Write the recap" },
    ];
    const fresh = draftsToInsert(kept, [
      draft("send the updated deck to the client."),
      draft("Write the  recap"),
      draft("Book the venue"),
      draft("Book the venue!"),
    ]);
    expect(fresh.map((d) => d.task)).toEqual(["Book the venue"]);
    expect(taskKey("  Book the Venue!! ")).toBe("book the venue");
  });
});

describe("regenerating the summary and deleting with undo", () => {
  let t: TestApp;
  let alice: TestClient;
  let bob: TestClient;
  beforeAll(async () => {
    t = await startTestApp();
    alice = new TestClient(t.url);
    bob = new TestClient(t.url);
    await alice.signUp(uniqueEmail("alice"));
    await bob.signUp(uniqueEmail("bob"));
  });
  afterAll(() => t.close());

  const regenerate = async (id: string) => {
    expect((await alice.post(`/api/meetings/${id}/summarize`)).status).toBe(200);
    return alice.waitCompleted(id);
  };

  it("keeps an item completed and another deleted exactly as the user left them, and one they added or edited", async () => {
    const id = await alice.importTranscript("launch.vtt", VTT, "Launch sync");
    const first = await alice.waitCompleted(id);
    const deck = first.actionItems.find((a: any) => /deck/i.test(a.description));
    const venue = first.actionItems.find((a: any) => /venue/i.test(a.description));
    expect(deck && venue).toBeTruthy();

    expect((await alice.patch(`/api/action-items/${deck.id}`, { status: "completed" })).status).toBe(200);
    expect((await alice.delete(`/api/action-items/${venue.id}`)).status).toBe(204);
    const added = await alice.post(`/api/meetings/${id}/action-items`, { description: "Write the recap" });
    expect(added.status).toBe(201);

    const after = await regenerate(id);
    const descriptions = after.actionItems.map((a: any) => a.description);
    expect(after.actionItems.find((a: any) => a.id === deck.id)?.status).toBe("completed");
    expect(descriptions.filter((d: string) => /deck/i.test(d))).toHaveLength(1);
    expect(descriptions.filter((d: string) => /venue/i.test(d))).toHaveLength(0);
    expect(descriptions).toContain("Write the recap");
    expect(after.pendingCount).toBe(after.actionItems.filter((a: any) => a.status === "pending" && !a.suggested).length);
    const listed = (await alice.get("/api/meetings")).json.meetings.find((m: any) => m.id === id);
    expect(listed.actionItemCount).toBe(after.actionItems.filter((a: any) => !a.suggested).length);

    // An edited item keeps its words, and its original is not extracted a second time.
    const deckNow = after.actionItems.find((a: any) => a.id === deck.id);
    await alice.patch(`/api/action-items/${deckNow.id}`, { status: "pending" });
    await alice.patch(`/api/action-items/${deckNow.id}`, { description: "Send the deck (v3) to ACME" });
    const again = await regenerate(id);
    expect(again.actionItems.filter((a: any) => /deck/i.test(a.description)).map((a: any) => a.description)).toEqual([
      "Send the deck (v3) to ACME",
    ]);
    expect(again.actionItems.some((a: any) => /venue/i.test(a.description))).toBe(false);
  });

  it("undoes a delete: the item comes back where it was; only the people who may edit it can", async () => {
    const id = await alice.importTranscript("undo.vtt", VTT, "Undo");
    const m = await alice.waitCompleted(id);
    const item = m.actionItems[0];
    expect((await alice.delete(`/api/action-items/${item.id}`)).status).toBe(204);
    expect((await alice.get(`/api/meetings/${id}`)).json.actionItems.map((a: any) => a.id)).not.toContain(item.id);
    expect((await alice.get(`/api/meetings/${id}/action-items`)).json.actionItems.map((a: any) => a.id)).not.toContain(item.id);
    // A deleted item cannot be edited or deleted again.
    expect((await alice.patch(`/api/action-items/${item.id}`, { status: "completed" })).status).toBe(404);
    expect((await alice.delete(`/api/action-items/${item.id}`)).status).toBe(404);

    expect((await bob.post(`/api/action-items/${item.id}/restore`)).status).toBe(404);
    expect((await new TestClient(t.url).post(`/api/action-items/${item.id}/restore`)).status).toBe(401);
    const restored = await alice.post(`/api/action-items/${item.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.json).toMatchObject({ id: item.id, description: item.description, status: "pending" });
    expect((await alice.get(`/api/meetings/${id}`)).json.actionItems.map((a: any) => a.id)).toEqual(m.actionItems.map((a: any) => a.id));
    // Restoring twice is refused: it is not deleted any more.
    expect((await alice.post(`/api/action-items/${item.id}/restore`)).status).toBe(404);
  });
});
