import { Share2 } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";

/** Copies the page's link to the clipboard. */
export function ShareMeetingButton() {
  const share = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      toast.success("Meeting link copied to clipboard");
    } catch {
      toast.error("Failed to copy meeting link");
    }
  };
  return (
    <Button variant="outline" onClick={() => void share()}>
      <Share2 aria-hidden="true" />
      Share
    </Button>
  );
}
