import { useSearchParams } from "react-router";
import { PageContainer, PageHeader } from "@/components/layout/PageHeader";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ModelsTab } from "@/features/models/ModelsTab";
import { useModels } from "@/features/models/models-api";
import { TeamsCard } from "@/features/teams/TeamsCard";
import { IntegrationsTab } from "@/features/integrations/IntegrationsTab";
import { ProfileTab } from "./ProfileTab";
import { SecurityTab } from "./SecurityTab";
import { VoiceProfileCard } from "./VoiceProfileCard";

const tabs = ["profile", "security", "teams", "integrations", "models"] as const;
type Tab = (typeof tabs)[number];

/**
 * /settings: Profile, Security, Teams and Integrations (spec section 2), and Models for the
 * server's owner only (others learn whom to ask where a meeting needs a model). ?tab= picks one.
 */
export default function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const models = useModels();
  const owner = models.data?.canManage === true;
  const shown = owner ? tabs : tabs.filter((t) => t !== "models");
  const requested = params.get("tab");
  // Until the models answer, ?tab=models waits on the Models tab rather than jumping to Profile.
  const tab: Tab =
    requested === "models" && models.isLoading
      ? "models"
      : (shown as readonly string[]).includes(requested ?? "")
        ? (requested as Tab)
        : "profile";

  return (
    <PageContainer className="max-w-5xl">
      <PageHeader
        title="Settings"
        subtitle={
          owner
            ? "Manage your profile, security, teams, integrations and this server's models."
            : "Manage your profile, security, teams and integrations."
        }
      />
      <Tabs value={tab} onValueChange={(v) => setParams(v === "profile" ? {} : { tab: v }, { replace: true })} className="mt-6 gap-6">
        {/* On a phone, a tidy grid: 2 × 2, or with Models 3 + 2 (two columns left Models alone on a third row). */}
        <TabsList
          className={`grid w-full h-auto sm:inline-flex sm:w-fit ${
            owner ? "grid-cols-6 *:col-span-2 [&>*:nth-child(n+4)]:col-span-3" : "grid-cols-2"
          }`}
        >
          <TabsTrigger value="profile">Profile</TabsTrigger>
          <TabsTrigger value="security">Security</TabsTrigger>
          <TabsTrigger value="teams">Teams</TabsTrigger>
          <TabsTrigger value="integrations">Integrations</TabsTrigger>
          {owner ? <TabsTrigger value="models">Models</TabsTrigger> : null}
        </TabsList>
        <TabsContent value="profile" className="space-y-6">
          <ProfileTab />
          <VoiceProfileCard />
        </TabsContent>
        <TabsContent value="security">
          <SecurityTab />
        </TabsContent>
        <TabsContent value="teams">
          <TeamsCard />
        </TabsContent>
        <TabsContent value="integrations" className="space-y-6">
          <IntegrationsTab />
        </TabsContent>
        {owner ? (
          <TabsContent value="models">
            <ModelsTab />
          </TabsContent>
        ) : null}
      </Tabs>
    </PageContainer>
  );
}
