import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PageContainer, PageHeader } from '@/components/layout/PageHeader';

/** Placeholder: the meeting detail (/meetings/:id) is built in this folder. */
export default function MeetingPage() {
  const { id } = useParams<{ id: string }>();
  return (
    <PageContainer className="flex flex-col gap-6">
      <div>
        <Button asChild variant="ghost" size="sm" className="-ml-2">
          <Link to="/dashboard">
            <ArrowLeft aria-hidden="true" />
            Back to Dashboard
          </Link>
        </Button>
      </div>
      <PageHeader title="Meeting Details" subtitle={id ? `Meeting ${id}` : undefined} />
    </PageContainer>
  );
}
