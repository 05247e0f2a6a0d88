import { useLocation } from "react-router";
import { PageContainer, PageHeader } from "@/components/layout/PageHeader";
import NotFoundPage from "@/features/not-found/NotFoundPage";
import { infoPage } from "./info-pages";

/** /features, /pricing, /integrations, /help, /about, /contact, /privacy: short pages from info-pages.ts. */
export default function InfoPage() {
  const { pathname } = useLocation();
  const page = infoPage(pathname);
  if (!page) return <NotFoundPage />;
  return (
    <PageContainer className="flex max-w-3xl flex-col gap-8">
      <PageHeader title={page.title} subtitle={page.subtitle} />
      {page.sections.map((section) => (
        <section key={section.heading} className="flex flex-col gap-3">
          <h2 className="text-xl font-semibold tracking-tight">{section.heading}</h2>
          {section.body.map((block, i) =>
            typeof block === "string" ? (
              <p key={i} className="leading-relaxed text-muted-foreground">
                {block}
              </p>
            ) : (
              <ul key={i} className="flex list-disc flex-col gap-1.5 pl-5 leading-relaxed text-muted-foreground">
                {block.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ),
          )}
        </section>
      ))}
    </PageContainer>
  );
}
