// Reads the server's OpenAPI document (/api/openapi.json) into what the API reference page
// shows: operations grouped by tag, with their parameters, body fields and answers.

interface Schema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  $ref?: string;
  description?: string;
}
interface RawOperation {
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema; description?: string }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string }>;
}
export interface OpenApiDocument {
  info?: { title?: string; version?: string; description?: string };
  paths?: Record<string, Record<string, RawOperation>>;
}

export interface Field {
  name: string;
  type: string;
  required: boolean;
  where: "path" | "query" | "body" | string;
}
export interface Operation {
  id: string;
  method: string;
  path: string;
  description: string;
  fields: Field[];
  responses: string[];
}
export interface OperationGroup {
  tag: string;
  operations: Operation[];
}

const METHODS = ["get", "post", "put", "patch", "delete"];

/** A short type name: "string", "number[]", "'pending' | 'completed'", "object". */
export function typeName(schema: Schema | undefined): string {
  if (!schema) return "any";
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" | ");
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return [...new Set(variants.map(typeName))].join(" | ");
  const type = Array.isArray(schema.type) ? schema.type.join(" | ") : schema.type;
  if (type === "array") return `${typeName(schema.items)}[]`;
  if (type === "string" && schema.format) return `string (${schema.format})`;
  return type ?? (schema.properties ? "object" : "any");
}

export function groupOperations(doc: OpenApiDocument): OperationGroup[] {
  const groups = new Map<string, Operation[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const fields: Field[] = (op.parameters ?? [])
        .filter((p) => p.in === "path" || p.in === "query")
        .map((p) => ({ name: p.name, type: typeName(p.schema), required: p.required === true, where: p.in }));
      const body = op.requestBody?.content?.["application/json"]?.schema;
      for (const [name, schema] of Object.entries(body?.properties ?? {})) {
        fields.push({ name, type: typeName(schema), required: body?.required?.includes(name) ?? false, where: "body" });
      }
      const tag = op.tags?.[0] ?? "other";
      const list = groups.get(tag) ?? [];
      list.push({
        id: `${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, "-"),
        method: method.toUpperCase(),
        path,
        description: op.summary ?? op.description ?? "",
        fields,
        responses: Object.keys(op.responses ?? {}),
      });
      groups.set(tag, list);
    }
  }
  return [...groups].map(([tag, operations]) => ({ tag, operations })).sort((a, b) => a.tag.localeCompare(b.tag));
}
