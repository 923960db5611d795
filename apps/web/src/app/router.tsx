import { createBrowserRouter } from 'react-router';
import { NotFoundPage } from '../components/not-found-page';
import { PageLoader } from '../components/page-loader';
import { paths } from './paths';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';

/**
 * The route table. Screens load lazily, so each route ships only its own code; React Router
 * matches paths without regard to case, so /Home2 and /home2 are the same screen.
 */

// Each screen is its own chunk, loaded when its route is first visited.
const signIn = { lazy: async () => ({ Component: (await import('../features/auth/components/sign-in-page')).SignInPage }) };
const signUp = { lazy: async () => ({ Component: (await import('../features/auth/components/sign-up-page')).SignUpPage }) };
const forgotPassword = {
  lazy: async () => ({ Component: (await import('../features/auth/components/forgot-password-page')).ForgotPasswordPage }),
};
const profile = { lazy: async () => ({ Component: (await import('../features/profile/components/profile-page')).ProfilePage }) };
const landing = { lazy: async () => ({ Component: (await import('./routes/landing-page')).LandingPage }) };
const stats = { lazy: async () => ({ Component: (await import('../features/statistics/components/statistics-page')).StatisticsPage }) };
const about = { lazy: async () => ({ Component: (await import('../features/public-pages/components/about-page')).AboutPage }) };
const source = { lazy: async () => ({ Component: (await import('../features/public-pages/components/source-page')).SourcePage }) };
const requestFood = {
  lazy: async () => ({ Component: (await import('../features/food-needs/components/request-food-page')).RequestFoodPage }),
};
const userDirectory = {
  lazy: async () => ({ Component: (await import('../features/directory/components/user-directory-page')).UserDirectoryPage }),
};
const dashboard = { lazy: async () => ({ Component: (await import('../features/dashboard/components/dashboard-page')).DashboardPage }) };
const contactHelp = {
  lazy: async () => ({ Component: (await import('../features/contact/components/contact-help-page')).ContactHelpPage }),
};
const adminMessages = {
  lazy: async () => ({ Component: (await import('../features/admin/components/contact-messages-page')).ContactMessagesPage }),
};
const home = { lazy: async () => ({ Component: (await import('./routes/home-page')).HomePage }) };
const donate = { lazy: async () => ({ Component: (await import('./routes/donate-page')).DonatePage }) };
const browse = {
  lazy: async () => ({ Component: (await import('./routes/browse-donations-page')).BrowseDonationsPage }),
};
const donationDetail = {
  lazy: async () => ({ Component: (await import('./routes/donation-detail-page')).DonationDetailPage }),
};
const receivedRequests = {
  lazy: async () => ({ Component: (await import('./routes/received-requests-page')).ReceivedRequestsPage }),
};
const confirmPickup = {
  lazy: async () => ({ Component: (await import('./routes/confirm-pickup-page')).ConfirmPickupPage }),
};
const myOrders = { lazy: async () => ({ Component: (await import('./routes/my-orders-page')).MyOrdersPage }) };
const terms = { lazy: async () => ({ Component: (await import('../features/terms/components/terms-page')).TermsPage }) };

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    HydrateFallback: PageLoader,
    children: [
      // Public
      { path: paths.landing, ...landing },
      { path: paths.signIn, ...signIn },
      { path: paths.signUp, ...signUp },
      // Public on purpose: someone who forgot their password cannot sign in first.
      { path: paths.forgotPassword, ...forgotPassword },
      { path: paths.stats, ...stats },
      { path: paths.about, ...about },
      { path: paths.source, ...source },
      { path: paths.terms, ...terms },
      // Public per issue 3 (the spec's route list protected them, its other reading did not):
      // anyone can see what food is on offer; requesting it asks them to sign in.
      { path: paths.browse, ...browse },
      { path: paths.requestDonation(':donationId'), ...donationDetail },
      // Signed-in only
      {
        element: <RequireAuth />,
        children: [
          { path: paths.home, ...home },
          { path: paths.donate, ...donate },
          { path: paths.requestFood, ...requestFood },
          { path: paths.contactHelp, ...contactHelp },
          { path: paths.profile, ...profile },
          { path: paths.userDirectory, ...userDirectory },
          { path: paths.myReceivedRequests, ...receivedRequests },
          { path: paths.receivedRequests, ...receivedRequests },
          { path: paths.myOrders, ...myOrders },
          { path: paths.confirmPickup(':requestId'), ...confirmPickup },
          { path: paths.dashboard, ...dashboard },
          { path: paths.adminMessages, ...adminMessages },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
