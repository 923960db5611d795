import type { QueryClient } from '@tanstack/react-query';
import { Navigate, type RouteObject } from 'react-router';
import { NotFoundPage } from '../components/not-found-page';
import { PageLoader } from '../components/page-loader';
import { RootErrorPage, RouteErrorPage } from '../components/route-error-page';
import { i18n } from '../i18n/i18n';
import { paths } from './paths';
import { RequireAuth } from './require-auth';
import { type RouteData, routeLoader } from './route-data';
import type { RouteTitleHandle } from './route-title';
import { RootLayout } from './root-layout';

/**
 * The route table, one for the browser and the server render (issue 18). Screens load lazily, so
 * each route ships only its own code; a public screen's module may export `routeData`, the reads
 * its main content needs, which becomes the route's loader. React Router matches paths without
 * regard to case, so /Home2 and /home2 are the same screen.
 */

/** Each screen's document.title (the root layout appends the product name); see lib/page-title. */
function titled(title: RouteTitleHandle['title']): RouteTitleHandle {
  return { title };
}

/** A lazily loaded screen whose module may name the reads its content needs. */
interface ScreenModule {
  routeData?: RouteData;
}

export function createRoutes(queryClient: QueryClient): RouteObject[] {
  /** A screen's lazy route: its component and, when its module has one, a loader for its data. */
  const screen =
    <M extends ScreenModule>(load: () => Promise<M>, component: (module: M) => RouteObject['Component']) =>
    async () => {
      const module = await load();
      return { Component: component(module), ...(module.routeData ? { loader: routeLoader(queryClient, module.routeData) } : {}) };
    };

  // Each screen is its own chunk, loaded when its route is first visited.
  const signIn = { lazy: async () => ({ Component: (await import('../features/auth/components/sign-in-page')).SignInPage }) };
  const signUp = { lazy: async () => ({ Component: (await import('../features/auth/components/sign-up-page')).SignUpPage }) };
  const forgotPassword = {
    lazy: async () => ({ Component: (await import('../features/auth/components/forgot-password-page')).ForgotPasswordPage }),
  };
  const profile = { lazy: async () => ({ Component: (await import('./routes/profile-route-page')).ProfileRoutePage }) };
  const landing = {
    lazy: screen(
      () => import('./routes/landing-page'),
      (module) => module.LandingPage,
    ),
  };
  const stats = {
    lazy: screen(
      () => import('../features/statistics/components/statistics-page'),
      (module) => module.StatisticsPage,
    ),
  };
  const about = { lazy: async () => ({ Component: (await import('../features/public-pages/components/about-page')).AboutPage }) };
  const source = {
    lazy: screen(
      () => import('../features/public-pages/components/source-page'),
      (module) => module.SourcePage,
    ),
  };
  const requestFood = {
    lazy: async () => ({ Component: (await import('../features/food-needs/components/request-food-page')).RequestFoodPage }),
  };
  const foodNeeds = {
    lazy: async () => ({ Component: (await import('./routes/food-needs-route-page')).FoodNeedsRoutePage }),
  };
  const userDirectory = {
    lazy: async () => ({ Component: (await import('./routes/user-directory-route-page')).UserDirectoryRoutePage }),
  };
  const dashboard = { lazy: async () => ({ Component: (await import('../features/dashboard/components/dashboard-page')).DashboardPage }) };
  const contactHelp = {
    lazy: screen(
      () => import('../features/contact/components/contact-help-page'),
      (module) => module.ContactHelpPage,
    ),
  };
  const adminLayout = { lazy: async () => ({ Component: (await import('../features/admin/components/admin-layout')).AdminLayout }) };
  const adminModeration = {
    lazy: async () => ({ Component: (await import('../features/moderation/components/moderation-queue-page')).ModerationQueuePage }),
  };
  const adminAuditLog = { lazy: async () => ({ Component: (await import('../features/moderation/components/audit-log-page')).AuditLogPage }) };
  const adminMessaging = {
    lazy: async () => ({ Component: (await import('../features/admin/components/messaging-admin-page')).MessagingAdminPage }),
  };
  const adminMessages = {
    lazy: async () => ({ Component: (await import('../features/admin/components/contact-messages-page')).ContactMessagesPage }),
  };
  const home = { lazy: async () => ({ Component: (await import('./routes/home-page')).HomePage }) };
  const donate = { lazy: async () => ({ Component: (await import('./routes/donate-page')).DonatePage }) };
  const browse = {
    lazy: screen(
      () => import('./routes/browse-donations-page'),
      (module) => module.BrowseDonationsPage,
    ),
  };
  const donationDetail = {
    lazy: screen(
      () => import('./routes/donation-detail-page'),
      (module) => module.DonationDetailPage,
    ),
  };
  const receivedRequests = {
    lazy: async () => ({ Component: (await import('./routes/received-requests-page')).ReceivedRequestsPage }),
  };
  const confirmPickup = {
    lazy: async () => ({ Component: (await import('./routes/confirm-pickup-page')).ConfirmPickupPage }),
  };
  const myOrders = { lazy: async () => ({ Component: (await import('./routes/my-orders-page')).MyOrdersPage }) };
  const notificationsPage = {
    lazy: async () => ({ Component: (await import('../features/notifications/components/notifications-page')).NotificationsPage }),
  };
  const notificationSettings = {
    lazy: async () => ({
      Component: (await import('../features/notifications/components/notification-settings-page')).NotificationSettingsPage,
    }),
  };
  const unsubscribe = {
    lazy: async () => ({ Component: (await import('../features/notifications/components/unsubscribe-page')).UnsubscribePage }),
  };
  const foodAlerts = {
    lazy: async () => ({ Component: (await import('../features/alerts/components/food-alerts-page')).FoodAlertsPage }),
  };
  const foodNeed = {
    lazy: screen(
      () => import('../features/food-needs/components/food-need-page'),
      (module) => module.FoodNeedPage,
    ),
  };
  // Issue 32: volunteering and delivery runs, one chunk for the four screens, shown once their
  // words are here too (inside the admin area a screen that waited for them would hide the area).
  const volunteerScreens = async () => {
    const [module] = await Promise.all([import('../features/volunteers/volunteer-screens'), i18n.loadNamespaces('volunteers')]);
    return module;
  };
  const volunteer = { lazy: async () => ({ Component: (await volunteerScreens()).VolunteerPage }) };
  const volunteerApply = { lazy: async () => ({ Component: (await volunteerScreens()).VolunteerApplyPage }) };
  const run = { lazy: async () => ({ Component: (await volunteerScreens()).RunPage }) };
  const adminVolunteers = { lazy: async () => ({ Component: (await volunteerScreens()).VolunteerQueuePage }) };
  // Issue 32: organisations.
  const organisation = {
    lazy: screen(
      () => import('../features/organisations/components/organisation-page'),
      (module) => module.OrganisationPage,
    ),
  };
  const myOrganisations = {
    lazy: async () => ({ Component: (await import('../features/organisations/components/my-organisations-page')).MyOrganisationsPage }),
  };
  const newOrganisation = {
    lazy: async () => ({ Component: (await import('../features/organisations/components/new-organisation-page')).NewOrganisationPage }),
  };
  const manageOrganisation = {
    lazy: async () => ({ Component: (await import('./routes/manage-organisation-route-page')).ManageOrganisationRoutePage }),
  };
  const joinOrganisation = {
    lazy: async () => ({ Component: (await import('../features/organisations/components/join-organisation-page')).JoinOrganisationPage }),
  };
  const adminOrganisations = {
    // Its words come with its code: drawn inside the admin area's navigation, which is already on
    // screen, a page that then waited for its catalog would hide the whole screen behind the loader.
    lazy: async () => {
      const [module] = await Promise.all([import('../features/organisations/components/organisations-review-page'), i18n.loadNamespaces('organisations')]);
      return { Component: module.OrganisationsReviewPage };
    },
  };
  const terms = { lazy: async () => ({ Component: (await import('../features/terms/components/terms-page')).TermsPage }) };

  return withErrorScreens([
    {
      element: <RootLayout />,
      HydrateFallback: PageLoader,
      errorElement: <RootErrorPage />,
      children: [
        // Public
        { path: paths.landing, ...landing, handle: titled('saveFoodSaveLives') },
        { path: paths.signIn, ...signIn, handle: titled('signIn') },
        { path: paths.signUp, ...signUp, handle: titled('signUp') },
        // Public on purpose: someone who forgot their password cannot sign in first.
        { path: paths.forgotPassword, ...forgotPassword, handle: titled('resetPassword') },
        { path: paths.stats, ...stats, handle: titled('statistics') },
        { path: paths.about, ...about, handle: titled('aboutUs') },
        { path: paths.source, ...source, handle: titled('sourcesAndFormulas') },
        { path: paths.terms, ...terms, handle: titled('termsAndConditions') },
        // Public per issue 3 (the spec's route list protected them, its other reading did not):
        // anyone can see what food is on offer; requesting it asks them to sign in.
        { path: paths.browse, ...browse, handle: titled('browseDonations') },
        // Public: an email's unsubscribe link works without signing in (its token is the permission).
        { path: paths.unsubscribe, ...unsubscribe, handle: titled('unsubscribe') },
        { path: paths.requestDonation(':donationId'), ...donationDetail, handle: titled('donation') },
        // Public (issue 18): a need's own page, the link people share; no name or contact on it.
        { path: paths.foodNeed(':needId'), ...foodNeed, handle: titled('foodNeed') },
        // Public (issue 32): an organisation's page, with no member's name or contact.
        { path: paths.organisation(':id'), ...organisation, handle: titled('organisation') },
        // Signed-in only
        {
          element: <RequireAuth />,
          children: [
            { path: paths.home, ...home, handle: titled('home') },
            { path: paths.donate, ...donate, handle: titled('donateFood') },
            { path: paths.requestFood, ...requestFood, handle: titled('requestFood') },
            { path: paths.foodNeeds, ...foodNeeds, handle: titled('foodNeeds') },
            { path: paths.contactHelp, ...contactHelp, handle: titled('contactHelp') },
            { path: paths.profile, ...profile, handle: titled('profile') },
            { path: paths.userDirectory, ...userDirectory, handle: titled('userDirectory') },
            { path: paths.myReceivedRequests, ...receivedRequests, handle: titled('receivedRequests') },
            { path: paths.receivedRequests, ...receivedRequests, handle: titled('receivedRequests') },
            { path: paths.myOrders, ...myOrders, handle: titled('myOrders') },
            { path: paths.confirmPickup(':requestId'), ...confirmPickup, handle: titled('confirmPickup') },
            { path: paths.dashboard, ...dashboard, handle: titled('dashboard') },
            {
              path: paths.admin,
              ...adminLayout,
              children: [
                { index: true, element: <Navigate to={paths.adminModeration} replace /> },
                { path: paths.adminModeration, ...adminModeration, handle: titled('moderation') },
                { path: paths.adminAuditLog, ...adminAuditLog, handle: titled('auditLog') },
                { path: paths.adminMessages, ...adminMessages, handle: titled('contactMessages') },
                { path: paths.adminMessaging, ...adminMessaging, handle: titled('adminMessaging') },
                { path: paths.adminVolunteers, ...adminVolunteers, handle: titled('adminVolunteers') },
                { path: paths.adminOrganisations, ...adminOrganisations, handle: titled('adminOrganisations') },
              ],
            },
            { path: paths.notifications, ...notificationsPage, handle: titled('notifications') },
            { path: paths.notificationSettings, ...notificationSettings, handle: titled('notificationSettings') },
            { path: paths.foodAlerts, ...foodAlerts, handle: titled('foodAlerts') },
            { path: paths.volunteer, ...volunteer, handle: titled('volunteer') },
            { path: paths.volunteerApply, ...volunteerApply, handle: titled('volunteerApply') },
            { path: paths.run(':runId'), ...run, handle: titled('run') },
            { path: paths.myOrganisations, ...myOrganisations, handle: titled('myOrganisations') },
            { path: paths.newOrganisation, ...newOrganisation, handle: titled('newOrganisation') },
            { path: paths.manageOrganisation(':id'), ...manageOrganisation, handle: titled('manageOrganisation') },
            { path: paths.joinOrganisation(':token'), ...joinOrganisation, handle: titled('joinOrganisation') },
          ],
        },
        { path: '*', element: <NotFoundPage />, handle: titled('pageNotFound') },
      ],
    },
  ]);
}

/**
 * Every route below the root gets its own error screen (issue 30), drawn inside the top bar and
 * footer, so a screen that fails leaves the rest of the app usable; the root's own covers the
 * layout itself. A screen whose code cannot be fetched (offline) becomes a screen that throws that
 * failure when drawn: React Router keeps a route whose `lazy` rejected as not yet loaded and draws
 * nothing in its place, never its error screen.
 */
function withErrorScreens(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const children = route.children ? withErrorScreens(route.children) : undefined;
    const load = route.lazy;
    const lazy =
      typeof load === 'function'
        ? async () => {
            try {
              return await load();
            } catch (error) {
              return {
                Component() {
                  throw error;
                },
              };
            }
          }
        : load;
    return { ...route, errorElement: route.errorElement ?? <RouteErrorPage />, ...(lazy ? { lazy } : {}), ...(children ? { children } : {}) } as RouteObject;
  });
}
