import { lazy, Suspense } from 'react';
import { Outlet, Route, Routes, useLocation } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { hasSessionHint } from '@/lib/auth/session-hint';
import { lazyWithQuery } from '@/lib/query-host';
import { DocumentMeta } from './document-meta';
import { SiteLayout } from './layouts/site-layout';
import { HomeRoute } from './routes/home';
import { RouteErrorBoundary } from './routes/route-error';
import { ScrollManager } from './scroll-manager';

// Every page but the landing page loads on demand, so the first visit downloads little; so
// does the signed-in shell (session guard, dashboard layout).
const NotFoundPage = lazy(() =>
  import('./routes/not-found').then((m) => ({ default: m.NotFoundPage })),
);
const AppNotFoundPage = lazy(() =>
  import('./routes/app-not-found').then((m) => ({ default: m.AppNotFoundPage })),
);
const loadShell = () => import('./routes/dashboard-shell');
const DashboardShell = lazyWithQuery(() => loadShell().then((m) => m.DashboardShell));
const AuthPage = lazyWithQuery(() =>
  import('@/features/auth/components/auth-page').then((m) => m.AuthPage),
);
const ForgotPasswordPage = lazyWithQuery(() =>
  import('@/features/auth/components/forgot-password-page').then((m) => m.ForgotPasswordPage),
);
const ResetPasswordPage = lazyWithQuery(() =>
  import('@/features/auth/components/reset-password-page').then((m) => m.ResetPasswordPage),
);
const AboutPage = lazy(() =>
  import('@/features/pages/components/about-page').then((m) => ({ default: m.AboutPage })),
);
const PrivacyPage = lazy(() =>
  import('@/features/pages/components/privacy-page').then((m) => ({ default: m.PrivacyPage })),
);
const PricingPage = lazy(() =>
  import('@/features/pages/components/pricing-page').then((m) => ({ default: m.PricingPage })),
);
const ContactPage = lazyWithQuery(() =>
  import('@/features/contact/components/contact-page').then((m) => m.ContactPage),
);
const loadDashboard = () => import('./routes/dashboard');
const DashboardRoute = lazy(() => loadDashboard().then((m) => ({ default: m.DashboardRoute })));
// The dashboard's shell (prerendered) needs its layout's code to come alive: it loads with the
// entry. A browser that holds a session also fetches the page's code and its first links while
// the session is being checked, instead of after. Each in a task of its own, right after the
// entry's: asking for some fifty modules takes the main thread a while on a phone.
if (typeof window !== 'undefined' && window.location.pathname === '/dashboard') {
  setTimeout(() => void loadShell(), 0);
  if (hasSessionHint())
    setTimeout(
      () => void loadDashboard().then((m) => m.prefetchDashboard(window.location.search)),
      0,
    );
}
const ProfilePage = lazy(() =>
  import('@/features/profile/components/profile-page').then((m) => ({ default: m.ProfilePage })),
);
const SettingsPage = lazy(() =>
  import('@/features/settings/components/settings-page').then((m) => ({
    default: m.SettingsPage,
  })),
);
const CreateLinkRoute = lazy(() =>
  import('./routes/links').then((m) => ({ default: m.CreateLinkRoute })),
);
const EditLinkRoute = lazy(() =>
  import('./routes/links').then((m) => ({ default: m.EditLinkRoute })),
);
const LinkAnalyticsRoute = lazy(() =>
  import('./routes/analytics').then((m) => ({ default: m.LinkAnalyticsRoute })),
);
const InvitationRoute = lazyWithQuery(() =>
  import('./routes/invitation').then((m) => m.InvitationRoute),
);
const InvitationStopRoute = lazyWithQuery(() =>
  import('./routes/invitation-stop').then((m) => m.InvitationStopRoute),
);
const TeamDetailRoute = lazy(() =>
  import('./routes/team-detail').then((m) => ({ default: m.TeamDetailRoute })),
);

function RootLayout() {
  return (
    <>
      <ScrollManager />
      <DocumentMeta />
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </>
  );
}

/**
 * Every route of the app (a new one also goes in route-meta.ts `APP_ROUTES`, which tells the
 * server which paths are pages). The browser renders it inside a BrowserRouter (main.tsx); the build
 * renders the public pages inside a StaticRouter to prerender their HTML.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    // Moving to another page leaves an error screen behind.
    <RouteErrorBoundary resetKey={pathname}>
      <Routes>
        <Route element={<RootLayout />}>
          <Route element={<SiteLayout />}>
            <Route index element={<HomeRoute />} />
            <Route path="auth" element={<AuthPage />} />
            <Route path="forgot-password" element={<ForgotPasswordPage />} />
            <Route path="reset-password" element={<ResetPasswordPage />} />
            <Route path="about" element={<AboutPage />} />
            <Route path="contact" element={<ContactPage />} />
            <Route path="privacy" element={<PrivacyPage />} />
            <Route path="pricing" element={<PricingPage />} />
            <Route path="invitations/:token" element={<InvitationRoute />} />
            <Route path="invitations/stop/:token" element={<InvitationStopRoute />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
          <Route element={<DashboardShell />}>
            <Route path="dashboard" element={<DashboardRoute />} />
            <Route path="dashboard/profile" element={<ProfilePage />} />
            <Route path="dashboard/settings" element={<SettingsPage />} />
            <Route path="dashboard/create-link" element={<CreateLinkRoute />} />
            <Route path="dashboard/edit-link/:id" element={<EditLinkRoute />} />
            <Route path="dashboard/analytics/:id" element={<LinkAnalyticsRoute />} />
            <Route path="teams/:id" element={<TeamDetailRoute />} />
            <Route path="dashboard/*" element={<AppNotFoundPage />} />
            <Route path="teams/:id/*" element={<AppNotFoundPage />} />
          </Route>
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
