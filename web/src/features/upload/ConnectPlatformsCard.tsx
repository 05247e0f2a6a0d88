import { Video } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

const PLATFORMS = ["Zoom", "Google Meet", "MS Teams"] as const;

/** Direct platform connections are not built yet: the buttons say so and do nothing. */
export function ConnectPlatformsCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Connect Meeting Platforms</CardTitle>
        <CardDescription>Import recordings straight from your meeting platform.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 sm:grid-cols-3">
          {PLATFORMS.map((name) => (
            <li key={name}>
              <Button
                type="button"
                variant="outline"
                className="h-auto w-full justify-start gap-3 py-3 sm:flex-col sm:justify-center sm:gap-2 sm:py-4"
                disabled
              >
                <Video className="size-5" aria-hidden="true" />
                <span>{name}</span>
                <Badge variant="secondary" className="ml-auto sm:ml-0">
                  Coming soon
                </Badge>
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
