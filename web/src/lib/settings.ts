// Limits the server enforces (GET /api/settings), so the web app checks and names the same
// numbers. Until the answer arrives, the documented defaults apply.
import { useQuery } from "@tanstack/react-query";
import { MAX_UPLOAD_BYTES, type PublicSettings } from "../../../contract/meetings";
import { api } from "./api";

export function useServerSettings(): PublicSettings {
  const { data } = useQuery({ queryKey: ["settings"], queryFn: () => api<PublicSettings>("/api/settings"), staleTime: Infinity });
  return data ?? { maxUploadBytes: MAX_UPLOAD_BYTES };
}

/** 104857600 → "100 MB". */
export const formatMegabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
