import { Calendar, CheckSquare, FileText, Github, KanbanSquare, ListTodo, MessageSquare } from 'lucide-react';
import type { ComponentType } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';

const providers: { key: string; name: string; description: string; icon: ComponentType<{ className?: string }> }[] = [
  { key: 'github', name: 'GitHub', description: 'Turn action items into issues in your repositories.', icon: Github },
  { key: 'asana', name: 'Asana', description: 'Send action items to Asana as tasks.', icon: CheckSquare },
  { key: 'trello', name: 'Trello', description: 'Add action items as cards on your boards.', icon: KanbanSquare },
  { key: 'slack', name: 'Slack', description: 'Post meeting summaries to a channel.', icon: MessageSquare },
  { key: 'google-calendar', name: 'Google Calendar', description: 'Link meetings to calendar events.', icon: Calendar },
  { key: 'microsoft-todo', name: 'Microsoft To Do', description: 'Add action items to your to-do lists.', icon: ListTodo },
  { key: 'notion', name: 'Notion', description: 'Save summaries and notes as Notion pages.', icon: FileText },
];

/** Placeholder until the integrations issue lands: one card per provider, Connect disabled. */
export function IntegrationsTab() {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {providers.map(({ key, name, description, icon: Icon }) => (
        <Card key={key} data-testid="integration-card">
          <CardHeader>
            <div className="flex items-start justify-between gap-2">
              <span className="inline-flex size-10 items-center justify-center rounded-lg bg-muted">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <Badge variant="secondary">Coming soon</Badge>
            </div>
            <CardTitle className="mt-2 text-base">{name}</CardTitle>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          <CardFooter>
            <Button variant="outline" disabled aria-label={`Connect ${name} (coming soon)`}>
              Connect
            </Button>
          </CardFooter>
        </Card>
      ))}
    </div>
  );
}
