import { lazy, Suspense } from "react";
import { useRoutes, type RouteObject } from "react-router";
import { PageLoading } from "@/components/layout/PageLoading";
import { RootLayout } from "@/components/layout/RootLayout";
import { ProtectedRoute } from "@/features/auth/ProtectedRoute";

/*
 * Every page is its own lazily loaded chunk, so the landing page downloads only the
 * shell (header, footer, auth) plus LandingPage itself. Register new pages HERE.
 * Pages are default exports of `web/src/features/<feature>/<Name>Page.tsx`.
 */
const LandingPage = lazy(() => import("@/features/landing/LandingPage"));
const AuthPage = lazy(() => import("@/features/auth/AuthPage"));
const ForgotPasswordPage = lazy(() => import("@/features/auth/ForgotPasswordPage"));
const ResetPasswordPage = lazy(() => import("@/features/auth/ResetPasswordPage"));
const DemoPage = lazy(() => import("@/features/demo/DemoPage"));
const InvitationPage = lazy(() => import("@/features/teams/InvitationPage"));
const DashboardPage = lazy(() => import("@/features/meetings/DashboardPage"));
const MeetingPage = lazy(() => import("@/features/meetings/MeetingPage"));
const UploadPage = lazy(() => import("@/features/upload/UploadPage"));
const RecordPage = lazy(() => import("@/features/record/RecordPage"));
const UnsubscribePage = lazy(() => import("@/features/public/UnsubscribePage"));
const PublicMeetingPage = lazy(() => import("@/features/public/PublicMeetingPage"));
const MyActionItemsPage = lazy(() => import("@/features/action-items/MyActionItemsPage"));
const SearchPage = lazy(() => import("@/features/search/SearchPage"));
const SettingsPage = lazy(() => import("@/features/settings/SettingsPage"));
const OAuthCallbackPage = lazy(() => import("@/features/integrations/OAuthCallbackPage"));
const NotFoundPage = lazy(() => import("@/features/not-found/NotFoundPage"));
const InfoPage = lazy(() => import("@/features/info/InfoPage"));
const ApiReferencePage = lazy(() => import("@/features/info/ApiReferencePage"));

export const routes: RouteObject[] = [
  // A meeting shared by a public link: its own bare page, nothing else of the instance (no header, footer or links).
  {
    path: "/p/:token",
    element: (
      <Suspense fallback={<PageLoading />}>
        <PublicMeetingPage />
      </Suspense>
    ),
  },
  {
    element: <RootLayout />,
    children: [
      // Public
      { path: "/", element: <LandingPage /> },
      { path: "/auth", element: <AuthPage /> },
      { path: "/forgot-password", element: <ForgotPasswordPage /> },
      { path: "/reset-password", element: <ResetPasswordPage /> },
      { path: "/demo", element: <DemoPage /> },
      { path: "/invitation", element: <InvitationPage /> },
      // A notice mail's one-click unsubscribe link (no sign-in).
      { path: "/unsubscribe", element: <UnsubscribePage /> },
      // Footer pages (features/info/info-pages.ts) and the API reference
      ...["/features", "/pricing", "/integrations", "/help", "/about", "/contact", "/privacy"].map((path) => ({
        path,
        element: <InfoPage />,
      })),
      { path: "/api-reference", element: <ApiReferencePage /> },
      // The OAuth popup's landing page; the API checks the session and the state.
      { path: "/settings/integrations/oauth-callback", element: <OAuthCallbackPage /> },

      // Protected (sign-in required)
      {
        path: "/dashboard",
        element: (
          <ProtectedRoute>
            <DashboardPage />
          </ProtectedRoute>
        ),
      },
      {
        path: "/meetings/:id",
        element: (
          <ProtectedRoute>
            <MeetingPage />
          </ProtectedRoute>
        ),
      },
      {
        path: "/upload",
        element: (
          <ProtectedRoute>
            <UploadPage />
          </ProtectedRoute>
        ),
      },
      {
        path: "/record",
        element: (
          <ProtectedRoute>
            <RecordPage />
          </ProtectedRoute>
        ),
      },
      {
        path: "/action-items",
        element: (
          <ProtectedRoute>
            <MyActionItemsPage />
          </ProtectedRoute>
        ),
      },
      {
        path: "/search",
        element: (
          <ProtectedRoute>
            <SearchPage />
          </ProtectedRoute>
        ),
      },
      {
        path: "/settings",
        element: (
          <ProtectedRoute>
            <SettingsPage />
          </ProtectedRoute>
        ),
      },

      // Everything else
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];

/** Renders the matching route. Declarative router (<BrowserRouter> + useRoutes): see docs/decisions/web-001-routing-and-bundle.md. */
export function AppRoutes() {
  return useRoutes(routes);
}
