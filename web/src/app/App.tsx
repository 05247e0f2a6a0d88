import { BrowserRouter } from "react-router";
import { ErrorBoundary } from "@/components/layout/ErrorBoundary";
import { Providers } from "./providers";
import { AppRoutes } from "./routes";

export function App() {
  return (
    <ErrorBoundary>
      <Providers>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </ErrorBoundary>
  );
}
