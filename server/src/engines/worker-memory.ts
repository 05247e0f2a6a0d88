// Memory budgets of the engines' child processes (the speech worker, the language-model
// worker): what a process holds now, and a watch that stops it with the numbers when it grows
// past its budget, before the operating system's out-of-memory killer takes it (or the server).
import { readFileSync } from "node:fs";
import type { ChildProcess } from "node:child_process";

export const MB = 1024 * 1024;

/** Resident memory of a process (Linux /proc), or null where it cannot be read. */
export function readRssBytes(pid: number): number | null {
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/**
 * Polls the child's resident memory; past `budgetBytes` it calls `onOver(rss)` once (the caller
 * kills the child and fails the job with the numbers). Returns the stop function. Where /proc
 * is missing (macOS, Windows) only the check before the job starts applies.
 */
export function watchMemory(child: ChildProcess, budgetBytes: number, onOver: (rssBytes: number) => void, intervalMs = 200): () => void {
  const timer = setInterval(() => {
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
    const rss = readRssBytes(child.pid);
    if (rss === null) return;
    if (rss > budgetBytes) {
      clearInterval(timer);
      onOver(rss);
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

export const mb = (bytes: number) => Math.round(bytes / MB);
