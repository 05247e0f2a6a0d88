import type { Ref } from "react";
import { Card, CardContent } from "@/components/ui/card";

/** The recording (range-served by the server), so transcript times can seek it. */
export function MediaPlayer({ src, video, ref }: { src: string; video: boolean; ref: Ref<HTMLMediaElement> }) {
  return (
    <Card className="py-4">
      <CardContent className="px-4">
        {video ? (
          <video
            ref={ref as Ref<HTMLVideoElement>}
            src={src}
            controls
            preload="metadata"
            className="max-h-[420px] w-full rounded-md bg-black"
            aria-label="Meeting recording"
          >
            <track kind="captions" />
          </video>
        ) : (
          <audio
            ref={ref as Ref<HTMLAudioElement>}
            src={src}
            controls
            preload="metadata"
            className="w-full"
            aria-label="Meeting recording"
          />
        )}
      </CardContent>
    </Card>
  );
}
