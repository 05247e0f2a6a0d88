// Memory budgets of the engines' child processes (the speech worker, the language-model
// worker) in MiB. The watch that stops a child past its budget, before the operating system's
// out-of-memory killer takes it (or the server), is the harness's (workers/child-process.ts).

export const MB = 1024 * 1024;

export const mb = (bytes: number) => Math.round(bytes / MB);
