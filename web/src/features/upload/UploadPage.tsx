import { useState } from "react";
import { FileUp, Link2, Mic } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { PageContainer, PageHeader } from "@/components/layout/PageHeader";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ConnectPlatformsCard } from "./ConnectPlatformsCard";
import { FileUploadTab } from "./FileUploadTab";
import { LinkUploadTab } from "./LinkUploadTab";

type Tab = "file" | "link";

/** /upload: a recording or transcript file, or a link the server downloads. */
export default function UploadPage() {
  const [tab, setTab] = useState<Tab>("file");
  return (
    <PageContainer className="flex max-w-4xl flex-col gap-8">
      <PageHeader
        title="Upload Meeting Recording"
        subtitle="Upload a recording or a transcript, or give a link to a recording, and get a transcript, summary and action items."
        actions={
          <Button asChild variant="outline">
            <Link to="/record">
              <Mic aria-hidden="true" />
              Record in the browser
            </Link>
          </Button>
        }
      />
      <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
        <TabsList className="grid w-full grid-cols-2 sm:w-fit sm:min-w-80">
          <TabsTrigger value="file">
            <FileUp aria-hidden="true" />
            Upload File
          </TabsTrigger>
          <TabsTrigger value="link">
            <Link2 aria-hidden="true" />
            Meeting Link
          </TabsTrigger>
        </TabsList>
        {/* forceMount keeps a running upload alive while the user looks at the other tab. */}
        <TabsContent value="file" forceMount className="data-[state=inactive]:hidden">
          <FileUploadTab onUseLink={() => setTab("link")} />
        </TabsContent>
        <TabsContent value="link">
          <LinkUploadTab />
        </TabsContent>
      </Tabs>
      <ConnectPlatformsCard />
    </PageContainer>
  );
}
