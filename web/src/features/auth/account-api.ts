// The account calls the web app makes beyond better-auth's client: what this server can
// promise (mail, single sign-on), where its mail goes (owner), deleting the account, and the
// password-reset and two-factor endpoints of better-auth (plain calls in the one error shape).
import { useQuery } from "@tanstack/react-query";
import { api, apiJson } from "@/lib/api";
import type {
  AccountDeleted,
  AccountDeletionPreview,
  AccountOptions,
  DeleteAccount,
  MailDestination,
  RecoveryCodes,
  TwoFactorSetup,
} from "../../../../contract/accounts";

export const accountKeys = {
  options: ["account", "options"] as const,
  mail: ["account", "mail"] as const,
  deletion: ["account", "deletion"] as const,
};

/** Until the answer arrives, nothing is promised: no mail, no single sign-on. */
const NOTHING_PROMISED: AccountOptions = { mailDelivered: false, passwordResetMinutes: 60, sso: null };

export function useAccountOptions(): { options: AccountOptions; loaded: boolean } {
  const { data } = useQuery({
    queryKey: accountKeys.options,
    queryFn: () => api<AccountOptions>("/api/account/options"),
    staleTime: Infinity,
  });
  return { options: data ?? NOTHING_PROMISED, loaded: data !== undefined };
}

export const accountApi = {
  mail: () => api<MailDestination>("/api/account/mail"),
  deletionPreview: () => api<AccountDeletionPreview>("/api/account/deletion"),
  deleteAccount: (confirm: DeleteAccount) => apiJson<AccountDeleted>("POST", "/api/account/delete", confirm),
  requestPasswordReset: (email: string) => apiJson("POST", "/api/auth/request-password-reset", { email }),
  resetPassword: (token: string, newPassword: string) => apiJson("POST", "/api/auth/reset-password", { token, newPassword }),
  enableTwoFactor: (password: string) => apiJson<TwoFactorSetup>("POST", "/api/auth/two-factor/enable", { password }),
  disableTwoFactor: (password: string) => apiJson("POST", "/api/auth/two-factor/disable", { password }),
  verifyTotp: (code: string) => apiJson("POST", "/api/auth/two-factor/verify-totp", { code }),
  verifyRecoveryCode: (code: string) => apiJson("POST", "/api/auth/two-factor/verify-backup-code", { code }),
  newRecoveryCodes: (password: string) => apiJson<RecoveryCodes>("POST", "/api/auth/two-factor/generate-backup-codes", { password }),
};

/** The key in an otpauth:// URI, grouped in fours for typing into an app by hand. */
export function manualKey(totpURI: string): string {
  try {
    const secret = new URL(totpURI).searchParams.get("secret") ?? "";
    return secret.replace(/(.{4})/g, "$1 ").trim();
  } catch {
    return "";
  }
}
