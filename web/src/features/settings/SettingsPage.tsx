import { useSearchParams } from "react-router";
import { PageContainer, PageHeader } from "@/components/layout/PageHeader";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { SpeechModelsCard } from "@/features/models/SpeechModelsCard";
import { TeamsCard } from "@/features/teams/TeamsCard";
import { IntegrationsTab } from "@/features/integrations/IntegrationsTab";
import { ProfileTab } from "./ProfileTab";
import { SecurityTab } from "./SecurityTab";

const tabs = ["profile", "security", "teams", "integrations"] as const;
type Tab = (typeof tabs)[number];

/** /settings: Profile, Security, Teams and Integrations (spec section 2). ?tab= picks one. */
export default function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab: Tab = (tabs as readonly string[]).includes(requested ?? "") ? (requested as Tab) : "profile";

  return (
    <PageContainer className="max-w-5xl">
      <PageHeader title="Settings" subtitle="Manage your profile, security, teams and integrations." />
      <Tabs value={tab} onValueChange={(v) => setParams(v === "profile" ? {} : { tab: v }, { replace: true })} className="mt-6 gap-6">
        <TabsList className="grid w-full grid-cols-2 sm:inline-flex sm:w-fit h-auto">
          <TabsTrigger value="profile">Profile</TabsTrigger>
          <TabsTrigger value="security">Security</TabsTrigger>
          <TabsTrigger value="teams">Teams</TabsTrigger>
          <TabsTrigger value="integrations">Integrations</TabsTrigger>
        </TabsList>
        <TabsContent value="profile">
          <ProfileTab />
        </TabsContent>
        <TabsContent value="security">
          <SecurityTab />
        </TabsContent>
        <TabsContent value="teams">
          <TeamsCard />
        </TabsContent>
        <TabsContent value="integrations" className="space-y-6">
          <IntegrationsTab />
          <SpeechModelsCard />
        </TabsContent>
      </Tabs>
    </PageContainer>
  );
}
