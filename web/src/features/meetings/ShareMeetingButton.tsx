import { Share2 } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";

/**
 * Copies the page's link to the clipboard. Where the browser refuses (a server reached over plain
 * http on the network has no clipboard API), the toast shows the link to copy by hand.
 */
export function ShareMeetingButton() {
  const share = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      toast.success("Meeting link copied to clipboard");
    } catch {
      toast.error("Failed to copy meeting link", { description: window.location.href });
    }
  };
  return (
    <Button variant="outline" onClick={() => void share()}>
      <Share2 aria-hidden="true" />
      Share
    </Button>
  );
}
