import { createBrowserRouter } from 'react-router';
import { ComingSoonPage } from '../components/coming-soon-page';
import { PageLoader } from '../components/page-loader';
import { paths } from './paths';
import { RequireAuth } from './require-auth';
import { RootLayout } from './root-layout';

/**
 * The route table. Screens load lazily, so each route ships only its own code; React Router
 * matches paths without regard to case, so /Home2 and /home2 are the same screen.
 */
const comingSoon = (title: string) => ({ element: <ComingSoonPage title={title} /> });

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    HydrateFallback: PageLoader,
    children: [
      // Public
      { path: paths.landing, ...comingSoon('Annadaan') },
      { path: paths.signIn, ...comingSoon('Sign in') },
      { path: paths.signUp, ...comingSoon('Sign up') },
      // Public on purpose: someone who forgot their password cannot sign in first.
      { path: paths.forgotPassword, ...comingSoon('Forgot password') },
      { path: paths.stats, ...comingSoon('Statistics') },
      { path: paths.about, ...comingSoon('About us') },
      { path: paths.source, ...comingSoon('Source') },
      { path: paths.terms, ...comingSoon('Terms and conditions') },
      // Signed-in only
      {
        element: <RequireAuth />,
        children: [
          { path: paths.home, ...comingSoon('Home') },
          { path: paths.donate, ...comingSoon('Donate food') },
          { path: paths.requestFood, ...comingSoon('Request food') },
          { path: paths.contactHelp, ...comingSoon('Contact & Help') },
          { path: paths.profile, ...comingSoon('Profile') },
          { path: paths.userDirectory, ...comingSoon('User directory') },
          { path: paths.browse, ...comingSoon('Browse donations') },
          { path: paths.requestDonation(':donationId'), ...comingSoon('Donation') },
          { path: paths.myReceivedRequests, ...comingSoon('My received requests') },
          { path: paths.receivedRequests, ...comingSoon('My received requests') },
          { path: paths.myOrders, ...comingSoon('My orders') },
          { path: paths.confirmPickup(':requestId'), ...comingSoon('Confirm pickup') },
          { path: paths.dashboard, ...comingSoon('Dashboard') },
        ],
      },
      { path: '*', ...comingSoon('Page not found') },
    ],
  },
]);
