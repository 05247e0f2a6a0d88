import { Suspense, useLayoutEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { RouteErrorBoundary } from "@/app/RouteError";
import { Footer } from "./Footer";
import { Header } from "./Header";
import { PageLoading } from "./PageLoading";

/** Header, the routed page inside <main>, and the footer. Pages bring their own <h1>. */
export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <ScrollToTop />
      <Header />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col pt-16 outline-none">
        <RouteErrorBoundary>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}

/** New pages start at the top (unless the URL points at an anchor). */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useLayoutEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
