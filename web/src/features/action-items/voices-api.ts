// Voice profiles (decision 031): suggestions for a meeting's unnamed speakers, and the user's
// own profile (consent, delete). The server never sends embeddings.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { api, apiJson } from "@/lib/api";
import type { VoiceProfileState, VoiceSuggestion, VoiceSuggestions } from "../../../../contract/voices";

export type { VoiceProfileState, VoiceSuggestion };

export const voiceKeys = {
  suggestions: (meetingId: string) => ["voice-suggestions", meetingId] as const,
  profile: ["voice-profile"] as const,
};

/** Only for those who may link speakers (the server refuses read-only readers). */
export function useVoiceSuggestions(meetingId: string, enabled: boolean) {
  return useQuery({
    queryKey: voiceKeys.suggestions(meetingId),
    queryFn: () => api<VoiceSuggestions>(`/api/meetings/${encodeURIComponent(meetingId)}/voice-suggestions`),
    enabled,
    select: (d) => d.suggestions,
  });
}

export function useVoiceProfile() {
  return useQuery({ queryKey: voiceKeys.profile, queryFn: () => api<VoiceProfileState>("/api/account/voice-profile") });
}

export function useVoiceProfileMutations() {
  const queryClient = useQueryClient();
  const store = (next: VoiceProfileState) => queryClient.setQueryData(voiceKeys.profile, next);
  const setEnabled = useMutation({
    mutationFn: (enabled: boolean) => apiJson<VoiceProfileState>("PUT", "/api/account/voice-profile", { enabled }),
    onSuccess: (next) => {
      store(next);
      toast.success(next.enabled ? "Voice recognition turned on" : "Voice recognition turned off and your voice profile deleted");
    },
    onError: (e) => toast.error("Failed to change voice recognition", { description: e.message }),
  });
  const remove = useMutation({
    mutationFn: () => apiJson<VoiceProfileState>("DELETE", "/api/account/voice-profile"),
    onSuccess: (next) => {
      store(next);
      toast.success("Voice profile deleted");
    },
    onError: (e) => toast.error("Failed to delete the voice profile", { description: e.message }),
  });
  return { setEnabled, remove };
}
