import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PageContainer, PageHeader } from '@/components/layout/PageHeader';

/** Placeholder: the meetings list and detail panel are built in this folder. */
export default function DashboardPage() {
  return (
    <PageContainer>
      <PageHeader
        title="Your Meetings"
        subtitle="Manage and review your meeting insights"
        actions={
          <Button asChild>
            <Link to="/upload">
              <Plus aria-hidden="true" />
              Upload New Meeting
            </Link>
          </Button>
        }
      />
    </PageContainer>
  );
}
