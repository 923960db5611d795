/**
 * The one card look of donations and food needs (food-card.css, in the app's stylesheet through
 * app/first-screen-styles.ts): global class names, so the server-drawn cards are styled before any
 * of the app's code arrives.
 */
export const foodCardClasses = { card: 'food-card-card', title: 'food-card-title', linked: 'food-card-linked', link: 'food-card-link' } as const;
