import { Link } from "react-router";
import { FileText, ListChecks, Lock, PlayCircle, Plug, Sparkles, Upload, Zap, type LucideIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { PrimaryCta } from "./PrimaryCta";

const features: Array<{ title: string; description: string; icon: LucideIcon }> = [
  {
    title: "Easy Uploads",
    description: "Drag and drop an audio or video recording or a transcript, or paste a link to a recording.",
    icon: Upload,
  },
  {
    title: "Smart Summaries",
    description: "Get the key points and decisions in a short summary, so nobody has to replay the whole call.",
    icon: Sparkles,
  },
  {
    title: "Action Item Tracking",
    description: "Tasks are pulled out with owners and due dates; tick them off, edit them and export them as CSV.",
    icon: ListChecks,
  },
  {
    title: "Fast Processing",
    description: "Speech-to-text runs locally on your own server, so most meetings are ready in minutes.",
    icon: Zap,
  },
  {
    title: "Full Transcripts",
    description: "Search every word of a meeting, with speakers told apart and timestamps for each turn.",
    icon: FileText,
  },
  {
    title: "Integrations",
    description: "Send action items to Slack, Asana, Trello, Notion, GitHub, Google Calendar or Microsoft To Do.",
    icon: Plug,
  },
];

export default function LandingPage() {
  return (
    <>
      {/* Hero */}
      <section aria-labelledby="hero-title" className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 -top-24 -z-10 h-[28rem] bg-[radial-gradient(ellipse_at_top,var(--color-accent),transparent_70%)]"
        />
        <div className="mx-auto flex max-w-4xl flex-col items-center px-4 pb-20 pt-16 text-center sm:px-6 sm:pt-24 lg:px-8">
          <p className="inline-flex items-center gap-2 rounded-full border bg-background px-3 py-1 text-sm text-muted-foreground">
            <Lock className="size-3.5" aria-hidden="true" />
            Private by design: speech-to-text runs on your own server
          </p>
          <h1 id="hero-title" className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            Turn your meetings into <span className="text-primary">actionable results</span>
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-pretty text-muted-foreground">
            Upload a recording and get a full transcript with speakers, a clear summary and a list of action items with owners and due
            dates.
          </p>
          <div className="mt-10 flex w-full flex-col items-stretch justify-center gap-3 sm:w-auto sm:flex-row sm:items-center">
            <PrimaryCta />
            <Button asChild variant="outline" size="lg">
              <Link to="/demo">
                <PlayCircle aria-hidden="true" />
                View Demo
              </Link>
            </Button>
          </div>
        </div>
      </section>

      {/* Key Features */}
      <section aria-labelledby="features-title" className="border-t bg-muted/40">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
          <div className="mx-auto max-w-2xl text-center">
            <h2 id="features-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
              Key Features
            </h2>
            <p className="mt-4 text-lg text-muted-foreground">Everything you need to get from a recording to work that gets done.</p>
          </div>
          <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {features.map(({ title, description, icon: Icon }) => (
              <li key={title}>
                <Card className="h-full gap-4 transition-shadow hover:shadow-md">
                  <CardHeader className="gap-4">
                    <span className="inline-flex size-11 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                      <Icon className="size-5" aria-hidden="true" />
                    </span>
                    <CardTitle>{title}</CardTitle>
                  </CardHeader>
                  <CardContent>
                    <p className="text-sm leading-relaxed text-muted-foreground">{description}</p>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {/* Closing call to action */}
      <section aria-labelledby="cta-title">
        <div className="mx-auto max-w-4xl px-4 py-20 text-center sm:px-6 lg:px-8">
          <h2 id="cta-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Ready to get more out of your meetings?
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">
            Upload your first recording and see its summary and action items in minutes.
          </p>
          <div className="mt-8 flex justify-center">
            <PrimaryCta />
          </div>
        </div>
      </section>
    </>
  );
}
