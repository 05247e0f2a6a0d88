import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Calendar, CheckCircle2, Circle, Clock, FileText, ListChecks, Sparkles } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageContainer } from '@/components/layout/PageHeader';
import { useAuth } from '@/features/auth/auth-context';

/*
 * Read-only demo (public): what a processed meeting looks like. Static sample data,
 * clearly labelled as a demo. The lead may later replace it with a server-backed demo.
 */

const demo = {
  title: 'Weekly Product Sync',
  date: 'March 4, 2025',
  duration: '24 minutes 38 seconds',
  summary:
    'The team reviewed the beta feedback and agreed to ship the new onboarding flow next sprint. Search performance on large workspaces is the main open risk; Priya will profile it before Friday. Marketing needs final screenshots for the launch post, and the pricing page copy will be reviewed on Thursday.',
  actionItems: [
    { task: 'Profile search on workspaces with more than 10,000 notes', assignee: 'Priya', due: 'March 7, 2025', done: false },
    { task: 'Send final onboarding screenshots to marketing', assignee: 'Tom', due: 'March 6, 2025', done: false },
    { task: 'Review pricing page copy', assignee: 'Alex', due: 'March 6, 2025', done: false },
    { task: 'Share beta feedback summary with the team', assignee: 'Alex', due: 'March 4, 2025', done: true },
  ],
  transcript: [
    { speaker: 'Alex', time: '00:00', text: "Morning everyone. Let's start with the beta feedback, then the launch checklist." },
    { speaker: 'Priya', time: '00:12', text: 'Most people like the new onboarding. The one complaint is that search gets slow in big workspaces.' },
    { speaker: 'Tom', time: '00:31', text: 'How big are we talking? We saw that with one customer who has about ten thousand notes.' },
    { speaker: 'Priya', time: '00:40', text: "About that size, yes. I'll profile it before Friday and report back." },
    { speaker: 'Alex', time: '00:52', text: 'Good. Then we ship onboarding next sprint. Tom, can you send marketing the final screenshots by Thursday?' },
    { speaker: 'Tom', time: '01:03', text: "Sure, I'll have them ready by Thursday." },
    { speaker: 'Alex', time: '01:10', text: "And I'll go through the pricing page copy on Thursday as well." },
  ],
};

export default function DemoPage() {
  const { user } = useAuth();
  const pending = demo.actionItems.filter((item) => !item.done).length;

  return (
    <PageContainer className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 rounded-lg border border-primary/30 bg-accent px-4 py-3 text-sm text-accent-foreground sm:flex-row sm:items-center sm:justify-between">
        <p>
          <strong className="font-semibold">Demo meeting.</strong> This is a read-only sample showing what a processed
          meeting looks like.
        </p>
        <Button asChild size="sm">
          <Link to={user ? '/upload' : '/auth'}>{user ? 'Upload Meeting' : 'Get Started'}</Link>
        </Button>
      </div>

      <div className="flex flex-col gap-2">
        <Badge variant="secondary">Demo meeting</Badge>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{demo.title}</h1>
      </div>

      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <InfoCard icon={<Calendar aria-hidden="true" />} label="Date" value={demo.date} />
        <InfoCard icon={<Clock aria-hidden="true" />} label="Duration" value={demo.duration} />
        <InfoCard icon={<ListChecks aria-hidden="true" />} label="Status" value={`${demo.actionItems.length} Action Items`} />
        <InfoCard icon={<FileText aria-hidden="true" />} label="Format" value="Meeting Transcript" />
      </ul>

      <Card>
        <CardHeader>
          <CardTitle as="h2" className="flex items-center gap-2">
            <Sparkles className="size-5 text-primary" aria-hidden="true" />
            Summary
          </CardTitle>
          <CardDescription>AI-generated summary of the meeting</CardDescription>
        </CardHeader>
        <CardContent>
          <p className="leading-relaxed">{demo.summary}</p>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Action Items</CardTitle>
          <CardDescription>{pending} pending items</CardDescription>
        </CardHeader>
        <CardContent>
          <div
            className="overflow-x-auto rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            tabIndex={0}
            role="region"
            aria-label="Action items"
          >
          <table className="w-full min-w-[36rem] text-left text-sm">
            <thead className="border-b text-muted-foreground">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">Task</th>
                <th scope="col" className="py-2 pr-4 font-medium">Assignee</th>
                <th scope="col" className="py-2 pr-4 font-medium">Due Date</th>
                <th scope="col" className="py-2 font-medium">Status</th>
              </tr>
            </thead>
            <tbody>
              {demo.actionItems.map((item) => (
                <tr key={item.task} className="border-b last:border-0">
                  <td className="py-3 pr-4">
                    <span className="flex items-start gap-2">
                      {item.done ? (
                        <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                      ) : (
                        <Circle className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                      )}
                      <span className={item.done ? 'text-muted-foreground line-through' : undefined}>{item.task}</span>
                    </span>
                  </td>
                  <td className="py-3 pr-4">{item.assignee}</td>
                  <td className="py-3 pr-4">{item.due}</td>
                  <td className="py-3">
                    <Badge variant={item.done ? 'green' : 'outline'}>{item.done ? 'completed' : 'pending'}</Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h2">Transcript</CardTitle>
          <CardDescription>Speakers and timestamps</CardDescription>
        </CardHeader>
        <CardContent>
          <ol
            className="flex max-h-[400px] flex-col gap-4 overflow-y-auto rounded-md border p-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            tabIndex={0}
            aria-label="Transcript"
          >
            {demo.transcript.map((turn, index) => (
              <li key={index} className="flex flex-col gap-1">
                <p className="text-sm">
                  <span className="font-semibold">{turn.speaker}</span>{' '}
                  <span className="font-mono text-xs text-muted-foreground">{turn.time}</span>
                </p>
                <p className="leading-relaxed">{turn.text}</p>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
    </PageContainer>
  );
}

function InfoCard({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <li>
      <Card className="h-full gap-2 py-4">
        <CardContent className="flex items-center gap-3 px-4">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground [&_svg]:size-5">
            {icon}
          </span>
          <div className="min-w-0">
            <p className="text-sm text-muted-foreground">{label}</p>
            <p className="truncate font-medium">{value}</p>
          </div>
        </CardContent>
      </Card>
    </li>
  );
}
