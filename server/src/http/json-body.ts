// Fastify's JSON parser refuses a body with a `__proto__` key (or `constructor.prototype`), which
// would poison an object's prototype, but answers "Body is not valid JSON": a client that sent
// valid JSON is told the wrong thing. Same parser, same refusal; the 400 says which key (decision 041).
import type { FastifyInstance } from "fastify";
import { AppError } from "../core/errors";

export function registerJsonBodyParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = String(body);
    void parse(request, text, (error, value) => {
      if (!error) return done(null, value);
      const key = forbiddenKey(text);
      done(
        key ? new AppError("VALIDATION_FAILED", `body: a key named ${key} is not allowed. Rename or remove it and try again.`) : error,
        undefined,
      );
    });
  });
}

/** The prototype-poisoning key in a body that is otherwise valid JSON; null when it is not valid JSON at all. */
export function forbiddenKey(body: string): string | null {
  let found: string | null = null;
  try {
    JSON.parse(body, (key, value: unknown) => {
      if (key === "__proto__") found ??= "__proto__";
      else if (key === "constructor" && value && typeof value === "object" && Object.hasOwn(value, "prototype"))
        found ??= "constructor.prototype";
      return value;
    });
  } catch {
    return null;
  }
  return found;
}
