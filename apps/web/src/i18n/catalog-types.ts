// The English catalogs' shapes, one per namespace: a new namespace is a JSON file in
// locales/en/ (and its translations) plus a line here. Type-only imports: nothing is bundled.
import type admin from './locales/en/admin.json';
import type alerts from './locales/en/alerts.json';
import type auth from './locales/en/auth.json';
import type blocks from './locales/en/blocks.json';
import type common from './locales/en/common.json';
import type contact from './locales/en/contact.json';
import type dashboard from './locales/en/dashboard.json';
import type directory from './locales/en/directory.json';
import type donations from './locales/en/donations.json';
import type errors from './locales/en/errors.json';
import type foodNeeds from './locales/en/foodNeeds.json';
import type impact from './locales/en/impact.json';
import type landing from './locales/en/landing.json';
import type map from './locales/en/map.json';
import type moderation from './locales/en/moderation.json';
import type notifications from './locales/en/notifications.json';
import type organisations from './locales/en/organisations.json';
import type pages from './locales/en/pages.json';
import type profile from './locales/en/profile.json';
import type ratings from './locales/en/ratings.json';
import type requests from './locales/en/requests.json';
import type shell from './locales/en/shell.json';
import type statistics from './locales/en/statistics.json';
import type volunteers from './locales/en/volunteers.json';

export interface EnglishCatalogs {
  admin: typeof admin;
  alerts: typeof alerts;
  auth: typeof auth;
  blocks: typeof blocks;
  common: typeof common;
  contact: typeof contact;
  dashboard: typeof dashboard;
  directory: typeof directory;
  donations: typeof donations;
  errors: typeof errors;
  foodNeeds: typeof foodNeeds;
  impact: typeof impact;
  landing: typeof landing;
  map: typeof map;
  moderation: typeof moderation;
  notifications: typeof notifications;
  organisations: typeof organisations;
  pages: typeof pages;
  profile: typeof profile;
  ratings: typeof ratings;
  requests: typeof requests;
  shell: typeof shell;
  statistics: typeof statistics;
  volunteers: typeof volunteers;
}
