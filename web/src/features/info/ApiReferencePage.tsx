import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { PageContainer, PageHeader } from "@/components/layout/PageHeader";
import { api } from "@/lib/api";
import { groupOperations, type OpenApiDocument, type Operation } from "./openapi";

const SPEC_URL = "/api/openapi.json";

/** /api-reference: every endpoint of this server, rendered from its own OpenAPI document. */
export default function ApiReferencePage() {
  const query = useQuery({ queryKey: ["openapi"], queryFn: () => api<OpenApiDocument>(SPEC_URL), staleTime: Infinity });
  const groups = query.data ? groupOperations(query.data) : [];
  return (
    <PageContainer className="flex max-w-5xl flex-col gap-8">
      <PageHeader
        title="API reference"
        subtitle={
          <>
            The HTTP API the web app uses. Requests are JSON; sign in through <code className="font-mono text-sm">/api/auth</code> and send
            the session cookie. Errors answer <code className="font-mono text-sm">{'{"error":{"code","message"}}'}</code>. The
            machine-readable document is{" "}
            <a href={SPEC_URL} className="text-primary underline underline-offset-4">
              {SPEC_URL}
            </a>
            .
          </>
        }
      />
      {query.isPending ? (
        <div className="flex flex-col gap-3" role="status" aria-label="Loading the API reference">
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} className="h-24 w-full" />
          ))}
        </div>
      ) : query.isError ? (
        <p className="text-destructive">The API description could not be loaded: {query.error.message}</p>
      ) : (
        <>
          <nav aria-label="API sections" className="flex flex-wrap gap-2">
            {groups.map((g) => (
              <a key={g.tag} href={`#tag-${g.tag.replace(/\W+/g, "-")}`} className="rounded-md border px-3 py-1 text-sm hover:bg-muted">
                {g.tag}
              </a>
            ))}
          </nav>
          {groups.map((group) => (
            <section key={group.tag} id={`tag-${group.tag.replace(/\W+/g, "-")}`} className="flex scroll-mt-24 flex-col gap-3">
              <h2 className="text-xl font-semibold capitalize tracking-tight">{group.tag}</h2>
              {group.operations.map((op) => (
                <OperationCard key={op.id} op={op} />
              ))}
            </section>
          ))}
        </>
      )}
    </PageContainer>
  );
}

function OperationCard({ op }: { op: Operation }) {
  return (
    <Card className="gap-3 py-4" data-testid="api-operation">
      <CardHeader className="px-4">
        <CardTitle as="h3" className="flex min-w-0 flex-wrap items-center gap-2 text-base">
          <Badge variant={op.method === "GET" ? "secondary" : op.method === "DELETE" ? "destructive" : "default"} className="font-mono">
            {op.method}
          </Badge>
          <code className="break-all font-mono text-sm">{op.path}</code>
        </CardTitle>
        {op.description ? <p className="text-sm text-muted-foreground">{op.description}</p> : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-2 px-4 text-sm">
        {op.fields.length ? (
          <ul className="flex flex-col gap-1" aria-label={`Fields of ${op.method} ${op.path}`}>
            {op.fields.map((f) => (
              <li key={`${f.where}-${f.name}`} className="flex flex-wrap gap-x-2">
                <code className="font-mono font-medium">{f.name}</code>
                <span className="text-muted-foreground">
                  {f.where} · {f.type}
                  {f.required ? " · required" : ""}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        {op.responses.length ? <p className="text-muted-foreground">Answers: {op.responses.join(", ")}</p> : null}
      </CardContent>
    </Card>
  );
}
