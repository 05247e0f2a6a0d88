import { useState, type ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { Toaster } from "sonner";
import { AuthProvider } from "@/features/auth/AuthProvider";
import { createQueryClient } from "./query-client";
import { useColorScheme } from "./theme";

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const scheme = useColorScheme();
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {children}
        <Toaster theme={scheme} visibleToasts={3} duration={4000} position="bottom-right" richColors closeButton />
      </AuthProvider>
    </QueryClientProvider>
  );
}
