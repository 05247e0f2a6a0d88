import { PageContainer, PageHeader } from '@/components/layout/PageHeader';

/** Placeholder: file and link upload are built in this folder. */
export default function UploadPage() {
  return (
    <PageContainer className="max-w-4xl">
      <PageHeader title="Upload Meeting Recording" />
    </PageContainer>
  );
}
