// Under a meeting that failed for want of speech models: the server's owner gets a way to
// Settings → Models; anyone else is told whom to ask (never server commands or paths).
import { Link } from "react-router";
import { Settings } from "lucide-react";
import { Button } from "@/components/ui/button";
import { askOwnerText, useModels } from "./models-api";

export function MissingModelsHelp() {
  const { data } = useModels();
  if (!data) return null;
  if (data.canManage) {
    return (
      <Button asChild variant="outline" size="sm" className="mt-2">
        <Link to="/settings?tab=models">
          <Settings aria-hidden="true" />
          Open Settings → Models
        </Link>
      </Button>
    );
  }
  return <p className="mt-1">{askOwnerText(data.owner)}</p>;
}
