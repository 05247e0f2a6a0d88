import type { ReactNode } from "react";

/**
 * Renders the server's markdown-ish summary: '**Heading**' lines as small headings,
 * '- item' lines as bullet lists, anything else as paragraphs.
 */
export function SummaryText({ text }: { text: string }) {
  const blocks: ReactNode[] = [];
  let bullets: string[] = [];
  const flush = () => {
    if (bullets.length) {
      blocks.push(
        <ul key={`ul-${blocks.length}`} className="list-disc space-y-1.5 pl-5 marker:text-muted-foreground">
          {bullets.map((b, i) => (
            <li key={i}>{inline(b)}</li>
          ))}
        </ul>,
      );
      bullets = [];
    }
  };
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    const bullet = /^[-*•]\s+(.*)$/.exec(line);
    const heading = /^(?:#{1,6}\s+(.+)|\*\*(.+?)\*\*:?)$/.exec(line);
    if (bullet?.[1] !== undefined) {
      bullets.push(bullet[1]);
      continue;
    }
    flush();
    if (!line) continue;
    if (heading) {
      blocks.push(
        <h3 key={`h-${blocks.length}`} className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
          {heading[1] ?? heading[2]}
        </h3>,
      );
    } else {
      blocks.push(
        <p key={`p-${blocks.length}`} className="leading-relaxed">
          {inline(line)}
        </p>,
      );
    }
  }
  flush();
  return <div className="flex flex-col gap-3 leading-relaxed">{blocks}</div>;
}

/** '**bold**' spans inside a line. */
function inline(text: string): ReactNode {
  const parts = text.split(/(\*\*[^*]+\*\*)/g);
  return parts.map((part, i) => (/^\*\*[^*]+\*\*$/.test(part) ? <strong key={i}>{part.slice(2, -2)}</strong> : part));
}
