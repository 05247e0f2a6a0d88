import { describe, expect, it } from "vitest";
import { groupOperations, typeName } from "./openapi";

describe("API reference from the OpenAPI document", () => {
  it("groups operations by tag with their parameters, body fields and answers", () => {
    const groups = groupOperations({
      paths: {
        "/api/meetings/{id}": {
          get: {
            tags: ["meetings"],
            parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
            responses: { "200": {} },
          },
          patch: {
            tags: ["meetings"],
            description: "Edit a meeting",
            requestBody: {
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    required: ["title"],
                    properties: { title: { type: "string" }, status: { enum: ["pending", "completed"] } },
                  },
                },
              },
            },
            responses: { "200": {}, "404": {} },
          },
        },
        "/api/health": { get: { responses: { "200": {} } } },
      },
    });
    expect(groups.map((g) => g.tag)).toEqual(["meetings", "other"]);
    const [get, patch] = groups[0]!.operations;
    expect(get).toMatchObject({
      method: "GET",
      path: "/api/meetings/{id}",
      fields: [{ name: "id", type: "string", required: true, where: "path" }],
    });
    expect(patch).toMatchObject({ method: "PATCH", description: "Edit a meeting", responses: ["200", "404"] });
    expect(patch!.fields).toEqual([
      { name: "title", type: "string", required: true, where: "body" },
      { name: "status", type: '"pending" | "completed"', required: false, where: "body" },
    ]);
  });

  it("names types briefly", () => {
    expect(typeName({ type: "array", items: { type: "number" } })).toBe("number[]");
    expect(typeName({ anyOf: [{ type: "string" }, { type: "null" }] })).toBe("string | null");
    expect(typeName({ type: "string", format: "date-time" })).toBe("string (date-time)");
  });
});
