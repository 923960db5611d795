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
