/**
 * Every route of the web app, in one place (spec section 2), used by the web routes and by the
 * server's notification and email links, its list of public pages and the sitemap. Matching ignores case.
 */
export const paths = {
  landing: '/',
  signIn: '/signin',
  signUp: '/signup',
  stats: '/stats',
  about: '/about',
  source: '/source',
  terms: '/terms',
  forgotPassword: '/forgot-password',
  home: '/home2',
  donate: '/DonateForm',
  requestFood: '/RequestForm',
  contactHelp: '/ContactHelpForm',
  profile: '/Profile',
  userDirectory: '/UserDirectory',
  browse: '/BrowseDonations',
  requestDonation: (donationId: number | string) => `/request-donation/${donationId}`,
  myReceivedRequests: '/my-received-requests',
  /** The received requests of one donation (where a donation's "requests waiting" link leads). */
  receivedRequestsFor: (donationId: number | string) => `/my-received-requests?donation=${donationId}`,
  receivedRequests: '/received-requests',
  myOrders: '/my-order',
  /** Where a receiver lands after requesting food (spec: /my-order), with what they just sent on top (issue 29). */
  requestSent: (requestId: number | string) => `/my-order?mode=COLLECTED&sent=${requestId}`,
  confirmPickup: (requestId: number | string) => `/confirm-pickup/${requestId}`,
  dashboard: '/dashboard',
  /** Not in the spec: open food needs, with Near me (issue 15). */
  foodNeeds: '/food-needs',
  /** Not in the spec: one food need's public, shareable page (issue 18). */
  foodNeed: (needId: number | string) => `/food-needs/${needId}`,
  /** Not in the spec: the notification centre (issue 14). */
  notifications: '/notifications',
  /** Not in the spec: push and email per kind, quiet hours (issue 14). Emails link here. */
  notificationSettings: '/notification-settings',
  /** Not in the spec: where an email's unsubscribe link leads; public. */
  unsubscribe: '/unsubscribe',
  /** Not in the spec: a receiver's nearby-food alerts (issue 14). */
  foodAlerts: '/food-alerts',
  /** Not in the spec: the admin area (issue 16); it opens on the moderation queue. */
  admin: '/admin',
  /** Not in the spec: open reports, grouped by target, and the admin actions (issue 16). */
  adminModeration: '/admin/moderation',
  /** Not in the spec: every admin action, read-only (issue 16). */
  adminAuditLog: '/admin/audit-log',
  /** Not in the spec: where admins read Contact & Help messages. */
  adminMessages: '/admin/messages',
  /** Not in the spec: WhatsApp and SMS messages refused for good, and each channel's daily cap (issue 31). */
  adminMessaging: '/admin/messaging',
  /** Not in the spec: a volunteer's home: runs near them, their claimed runs, their history (issue 32). */
  volunteer: '/volunteer',
  /** Not in the spec: applying to volunteer: the food-safety walkthrough, the terms, the area (issue 32). */
  volunteerApply: '/volunteer/apply',
  /** Not in the spec: one delivery run, for its volunteer, donor and receiver (issue 32). */
  run: (runId: number | string) => `/runs/${runId}`,
  /** Not in the spec: volunteer applications waiting for an admin (issue 32). */
  adminVolunteers: '/admin/volunteers',
  /** Not in the spec: organisations waiting for the admins' check of their identifiers (issue 32). */
  adminOrganisations: '/admin/organisations',
  /** Not in the spec: the organisations a person belongs to, their invitations, and "Create" (issue 32). */
  myOrganisations: '/organisations',
  newOrganisation: '/organisations/new',
  /** Not in the spec: an organisation's public page (issue 32). */
  organisation: (organisationId: number | string) => `/organisations/${organisationId}`,
  /** Not in the spec: an organisation's dashboard for its members and coordinators (issue 32). */
  manageOrganisation: (organisationId: number | string) => `/organisations/${organisationId}/manage`,
  /** Not in the spec: where an invitation link leads; the token follows. */
  joinOrganisation: (token: string | number) => `/organisations/join/${token}`,
} as const;
