import { lazy } from 'react';
import { createBrowserRouter, Outlet } from 'react-router';
import { DashboardLayout } from './layouts/dashboard-layout';
import { SiteLayout } from './layouts/site-layout';
import { ProtectedRoute } from './protected-route';
import { HomeRoute } from './routes/home';
import { NotFoundPage } from './routes/not-found';
import { RouteErrorPage } from './routes/route-error';
import { ScrollManager } from './scroll-manager';

// Every page but the landing page loads on demand, so the first visit downloads little.
const AuthPage = lazy(() =>
  import('@/features/auth/components/auth-page').then((m) => ({ default: m.AuthPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('@/features/auth/components/forgot-password-page').then((m) => ({
    default: m.ForgotPasswordPage,
  })),
);
const ResetPasswordPage = lazy(() =>
  import('@/features/auth/components/reset-password-page').then((m) => ({
    default: m.ResetPasswordPage,
  })),
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
const ContactPage = lazy(() =>
  import('@/features/contact/components/contact-page').then((m) => ({ default: m.ContactPage })),
);
const DashboardRoute = lazy(() =>
  import('./routes/dashboard').then((m) => ({ default: m.DashboardRoute })),
);
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
const TeamDetailRoute = lazy(() =>
  import('./routes/team-detail').then((m) => ({ default: m.TeamDetailRoute })),
);

function RootLayout() {
  return (
    <>
      <ScrollManager />
      <Outlet />
    </>
  );
}

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <SiteLayout />,
        children: [
          { index: true, element: <HomeRoute /> },
          { path: 'auth', element: <AuthPage /> },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
          { path: 'reset-password', element: <ResetPasswordPage /> },
          { path: 'about', element: <AboutPage /> },
          { path: 'contact', element: <ContactPage /> },
          { path: 'privacy', element: <PrivacyPage /> },
          { path: 'pricing', element: <PricingPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        element: (
          <ProtectedRoute>
            <DashboardLayout />
          </ProtectedRoute>
        ),
        children: [
          { path: 'dashboard', element: <DashboardRoute /> },
          { path: 'dashboard/profile', element: <ProfilePage /> },
          { path: 'dashboard/settings', element: <SettingsPage /> },
          { path: 'dashboard/create-link', element: <CreateLinkRoute /> },
          { path: 'dashboard/edit-link/:id', element: <EditLinkRoute /> },
          { path: 'dashboard/analytics/:id', element: <LinkAnalyticsRoute /> },
          { path: 'teams/:id', element: <TeamDetailRoute /> },
        ],
      },
    ],
  },
]);
