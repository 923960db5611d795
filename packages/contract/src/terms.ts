/** The five terms shown in the sign-up modal and on /terms: one list for both. */
export const TERMS = [
  {
    title: 'Food safety',
    text: 'Donors share only food that is fit to eat, stored and handled hygienically, and describe it honestly, including when it was made and whether it was refrigerated.',
  },
  {
    title: 'Licences',
    text: 'Restaurants, caterers and other food businesses that donate hold a valid FSSAI licence and give its number truthfully.',
  },
  {
    title: 'Pickup and the one-time code',
    text: 'Receivers collect food in person at the agreed place and share their pickup code only with the donor at the handover. Donors hand food only to the person who shows the code.',
  },
  {
    title: 'Respect and privacy',
    text: "Contact details and addresses shared for a pickup are used only for that pickup. Harassment, resale of free food or misuse of another person's details ends the account.",
  },
  {
    title: 'Responsibility',
    text: 'Annadaan connects donors and receivers and does not prepare, inspect or transport food. Receivers check food before eating it; each party is responsible for what they give and take.',
  },
] as const;

/**
 * The version of the terms a person accepts at sign-up; stored with the time of acceptance. Change
 * it whenever TERMS or the Terms page's sections change, so each account says which text it agreed to.
 */
export const TERMS_VERSION = '2026-11-24';

/** The Terms page's section on deleting an account: what goes, what stays and why (issue 16). */
export const ACCOUNT_DELETION_TERMS = {
  title: 'Deleting your account and taking your data',
  paragraphs: [
    'You can download everything Annadaan holds about you from your profile page at any time, as one file.',
    'You can delete your account from your profile page with your password. Your open donations are withdrawn (the people who asked for them are told), your open requests and food needs are withdrawn, and your name, phone number, email, addresses, pictures, alerts, notifications, browser subscriptions and sessions are erased.',
    'What stays, without your name or any way to reach you: the stars of your ratings (not their comments) and the handovers you completed, shown as "Deleted user", so that the ratings other people received and gave, and the platform\'s statistics, stay true; the food names of your past donations; and the record of actions taken on the account for safety, which we keep so that decisions about abuse can be checked later.',
    'After deletion nobody can sign in to the account, and the email address can be used to make a new one.',
  ],
} as const;
