import { PageContainer, PageHeader } from '@/components/layout/PageHeader';

/** Placeholder: Profile, Security, Teams and Integrations tabs are built in this folder. */
export default function SettingsPage() {
  return (
    <PageContainer className="max-w-5xl">
      <PageHeader title="Settings" />
    </PageContainer>
  );
}
