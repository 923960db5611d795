import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types. Timestamps are UTC ISO 8601 strings with `Z` (fixed width, so they sort and compare
 * as text on both dialects); booleans are 0/1 integers. See docs/decisions/002-portable-schema.md.
 */
export interface UsersTable {
  id: Generated<number>;
  full_name: string;
  email: string;
  contact_number: string;
  password_hash: string;
  location: string;
  role: string;
  fssai_license_number: string | null;
  address: string;
  alternate_contact: string;
  display_picture_url: string;
  profile_active: number;
  /** Set by an admin; a deactivated account cannot sign in and its sessions stop working. */
  deactivated_at: string | null;
  /** 1 when the person lets every signed-in user see their email and phone in the directory. */
  show_contact_in_directory: Generated<number>;
  /** The city of `location` (contract `cityOf`), all the top-donors list shows of where a donor is. */
  city: Generated<string>;
  /** How many food alerts the person keeps (migration 0013); raised only by a conditional update below the cap. */
  food_alert_count: Generated<number>;
  /** The terms version accepted at sign-up (migration 0019); null for accounts made before versions were kept. */
  terms_version: string | null;
  terms_accepted_at: string | null;
  /** When the person deleted the account (migration 0019); the row then holds no personal data. */
  deleted_at: string | null;
  /** The app language the person chose (migration 0020, contract `Language`); null until they choose. */
  language: string | null;
  /** Migration 0017: until when an admin suspended the account (SUSPENDED_FOR_GOOD for good); null when never or lifted. */
  suspended_until: string | null;
  /** When the person proved `contact_number` is theirs with an SMS code (migration 0023); null until then and after a change. */
  phone_verified_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface RateLimitsTable {
  key: string;
  window_start: string;
  count: number;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: string;
  expires_at: string;
  failed_attempts: number;
  used_at: string | null;
}

export interface UploadsTable {
  id: Generated<number>;
  owner_id: number;
  file_name: string;
  bytes: number;
  created_at: string;
  /** The largest variant's size, its blurred placeholder and its variants (migration 0022); null on earlier uploads. */
  width: number | null;
  height: number | null;
  placeholder: string | null;
  variants: string | null;
}

export interface DonationsTable {
  id: Generated<number>;
  donor_id: number;
  food_name: string;
  description: string;
  quantity: string;
  /** What the donor typed, as an instant; null when a pre-cooked donation gave none. */
  expiry_date_time: string | null;
  /** When the listing ends, by the expiry rule; every query compares it with the clock. */
  expires_at: string;
  free: number;
  /** Whole paise; 0 when free. The API speaks rupees. */
  price_paise: number;
  location: string;
  pin_code: string;
  latitude: number | null;
  longitude: number | null;
  /** The public part of `location`: locality and pin code (contract `publicArea`). */
  area: Generated<string>;
  /** The ~500 m grid cell's centre of the exact point: all that distance sorts and the public see. */
  public_latitude: number | null;
  public_longitude: number | null;
  /** Migration 0015: 1 while the donation is counted in map_cells (listed, unexpired, with a point). */
  on_map: Generated<number>;
  delivery_type: string;
  food_type: string;
  refrigeration_available: number;
  image_url: string | null;
  /** Migration 0016 (issue 16); null is "Not stated" throughout. */
  diet: Generated<string | null>;
  jain: Generated<number | null>;
  /** Bitmask of contract ALLERGENS; 0 is the donor's "None known". */
  allergens: Generated<number | null>;
  prepared_at: Generated<string | null>;
  /** Bitmask of contract SAFETY_CHECKS the donor confirmed. */
  safety_checks: Generated<number | null>;
  status: string;
  /** Migration 0017: the status it had when an admin hid it; null while it is not hidden. */
  hidden_status: string | null;
  /** Migration 0025: given as this organisation; null for the donor alone. */
  organisation_id: Generated<number | null>;
  /** Migration 0027 (issue 33): shared out in portions; all null (taken 0) for one receiver's food. */
  portions_total: Generated<number | null>;
  portions_unit: Generated<string | null>;
  portions_max_per_request: Generated<number | null>;
  portions_auto_accept: Generated<number>;
  /** Held by accepted requests, collected, or held by an open waitlist offer. */
  portions_taken: Generated<number>;
  organisations_only_until: Generated<string | null>;
  created_at: string;
  updated_at: string;
}

export interface DonationRequestsTable {
  id: Generated<number>;
  donation_id: number;
  receiver_id: number;
  status: string;
  payment_method: string;
  pickup_code: string | null;
  /** 1 at acceptance, +1 per fresh code. */
  codes_issued: Generated<number>;
  /** Wrong entries over the request's life; a fresh code does not reset it. */
  failed_attempts: Generated<number>;
  created_at: string;
  updated_at: string;
  accepted_at: string | null;
  completed_at: string | null;
  /** Who ended an accepted request: RECEIVER or DONOR; null otherwise (and for rows from before 0018). */
  cancelled_by: string | null;
  /** For a NO_SHOW: when the food expired without pickup. */
  missed_at: string | null;
  /** Migration 0026: COLLECT or DELIVER; null (read as COLLECT) on earlier requests. */
  delivery_choice: string | null;
  /** Where a DELIVER request's food goes: the receiver's words and point, private like an address. */
  dropoff_address: string | null;
  dropoff_latitude: number | null;
  dropoff_longitude: number | null;
  /** Migration 0025: asked for on behalf of this organisation; null for the receiver alone. */
  organisation_id: Generated<number | null>;
  /** Migration 0027 (issue 33): portions asked, accepted and collected; null on one receiver's food. */
  portions_asked: Generated<number | null>;
  portions_accepted: Generated<number | null>;
  portions_collected: Generated<number | null>;
  /** An accepted request's portions go to the waitlist if not collected by then. */
  collect_by: Generated<string | null>;
}

export interface DonationWaitlistTable {
  id: Generated<number>;
  donation_id: number;
  user_id: number;
  organisation_id: number | null;
  portions: number;
  status: string;
  offered_portions: number | null;
  offer_expires_at: string | null;
  request_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface RatingsTable {
  id: Generated<number>;
  donation_request_id: number;
  rater_id: number;
  ratee_id: number;
  rating: number;
  comment: string;
  created_at: string;
}

export interface FoodRequestsTable {
  id: Generated<number>;
  requester_id: number;
  full_name: string;
  contact_number: string;
  email: string;
  location: string;
  pin_code: string;
  latitude: number | null;
  longitude: number | null;
  /** Migration 0014: the ~500 m grid cell's centre of the exact point, else of the pin code's centroid. */
  public_latitude: number | null;
  public_longitude: number | null;
  /** Migration 0015: 1 while the need is counted in map_cells (open, unexpired, with a point). */
  on_map: Generated<number>;
  requested_time: string;
  request_expiry_time: string;
  food_type: string;
  alternative_food: string;
  number_of_people: number;
  message: string;
  /** Whole paise; the API speaks rupees. */
  offer_price_paise: number;
  food_description: string;
  payment_method: string;
  /** Migration 0016: the diet the need asks for; null when not stated. */
  diet: Generated<string | null>;
  /** OPEN, FULFILLED or CANCELLED; EXPIRED is decided at read time. */
  status: string;
  /** Migration 0017: the status it had when an admin hid it; null while it is not hidden. */
  hidden_status: string | null;
  created_at: string;
  updated_at: string;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  user_id: number | null;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: string;
}

/** Written and rolled back by the readiness check; never holds a committed row. */
export interface HealthProbeTable {
  id: number;
  checked_at: string;
}

/** One distinct uploaded content, under its SHA-256 (hex). */
export interface FileContentsTable {
  sha256: string;
  content: Buffer;
  size: number;
  created_at: string;
}

/** A stored file's key (an upload's public name) and the content it points to. */
export interface StoredFilesTable {
  key: string;
  sha256: string;
  created_at: string;
}

/** One in-app notification to one person (migration 0009). */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  title: string;
  body: string;
  /** A path inside the web app. */
  link: string;
  /** The message key and parameters as JSON (migration 0021, decision 033); null on older rows. */
  message: string | null;
  /** The request the notification is about, where there is one (migration 0023). */
  request_id: number | null;
  created_at: string;
  read_at: string | null;
}

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  /** JSON: ids only, never secrets or private data. */
  payload: string;
  run_at: string;
  key: string | null;
  attempts: Generated<number>;
  locked_until: string | null;
  last_error: string | null;
  failed_at: string | null;
  created_at: string;
}

export interface NotificationDeliveriesTable {
  notification_id: number;
  channel: string;
  /** sent | skipped | retrying | failed */
  status: string;
  detail: string | null;
  attempts: number;
  updated_at: string;
}

/** A channel choice a person made for one kind (migration 0012); no row means the contract's default. */
export interface NotificationPreferencesTable {
  user_id: number;
  kind: string;
  /** 'push' or 'email'. */
  channel: string;
  enabled: number;
  updated_at: string;
}

/** A person's quiet hours, once they changed them (migration 0012); no row means the default. */
export interface NotificationSettingsTable {
  user_id: number;
  quiet_hours_enabled: number;
  /** Local wall-clock times, `HH:MM`, in `time_zone` (an IANA name). */
  quiet_start: string;
  quiet_end: string;
  time_zone: string;
  updated_at: string;
}

/** Server-wide secrets made on first use and shared by every instance (migration 0012). */
export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

/** The server's one VAPID key pair for Web Push (migration 0011; id is always 1). */
export interface PushVapidKeysTable {
  id: number;
  public_key: string;
  /** Signs the push service's authorisation; never leaves the server or reaches a log. */
  private_key: string;
  created_at: string;
}

/** One browser's push subscription, held by one person at a time (migration 0011). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
}

/** A receiver's saved nearby-food alert (migration 0013): a circle and the box that holds it. */
export interface FoodAlertsTable {
  id: Generated<number>;
  user_id: number;
  latitude: number;
  longitude: number;
  radius_km: number;
  food_type: string | null;
  label: string;
  min_lat: number;
  max_lat: number;
  min_lng: number;
  max_lng: number;
  /** When the alert last told its owner anything; starts the 10-minute window. */
  last_notified_at: string | null;
  created_at: string;
  /** Migration 0016: bits in contract DIETS order; 0 is any diet. */
  diet_mask: Generated<number>;
  /** Migration 0016: bitmask of contract ALLERGENS the person wants left out; 0 is none. */
  exclude_allergens: Generated<number>;
}

/** One donation matched by one alert; notified_at null while it waits for the window's digest. */
export interface FoodAlertMatchesTable {
  alert_id: number;
  donation_id: number;
  created_at: string;
  notified_at: string | null;
}

/** One report of a listing or a person (migration 0017); one OPEN per reporter and target. */
export interface ReportsTable {
  id: Generated<number>;
  reporter_id: number;
  target_type: string;
  target_id: number;
  reason: string;
  details: Generated<string>;
  /** OPEN, DISMISSED or ACTIONED. */
  status: string;
  created_at: string;
  resolved_at: string | null;
}

/** One admin action (migration 0017); triggers refuse UPDATE and DELETE. */
export interface AuditLogTable {
  id: Generated<number>;
  admin_id: number;
  action: string;
  target_type: string;
  target_id: number;
  reason: string;
  suspended_until: string | null;
  created_at: string;
}

/** `blocker_id` blocked `blocked_id` (migration 0017). */
export interface UserBlocksTable {
  blocker_id: number;
  blocked_id: number;
  created_at: string;
}

/**
 * Migration 0015: how many listed items of a map layer lie in one grid cell, kept as they change
 * (modules/map/map-cells.ts). Levels 0-13 are cells of 90 / 2^level degrees; level 99 is one
 * public point (key = the coordinate x 10,000). Sums are in 1e-7 degrees, so means are exact.
 */
export interface MapCellsTable {
  layer: string;
  level: number;
  cell_lat: number;
  cell_lng: number;
  items: number;
  lat_sum: number | string;
  lng_sum: number | string;
}

/** A phone verification code sent by SMS (migration 0023); the code itself is never stored. */
export interface PhoneVerificationsTable {
  id: Generated<number>;
  user_id: number;
  /** The number the code was sent to (+91…): a code proves only that number. */
  phone: string;
  code_hash: string;
  expires_at: string;
  tries: Generated<number>;
  used_at: string | null;
  created_at: string;
}

/** WhatsApp/SMS consent per person, channel and kind group (migration 0023); no row means off. */
export interface MessagingConsentsTable {
  user_id: number;
  channel: string;
  kind_group: string;
  enabled: number;
  /** settings | reply */
  source: string;
  changed_at: string;
}

/** One message handed to a WhatsApp or SMS provider (migration 0023). */
export interface MessagingSendsTable {
  id: Generated<number>;
  idempotency_key: string;
  user_id: number | null;
  notification_id: number | null;
  channel: string;
  template: string;
  /** The last 4 digits of the number; never the whole number. */
  to_ending: string;
  provider_id: string | null;
  /** sending | sent | delivered | read | failed */
  status: string;
  detail: string | null;
  created_at: string;
  updated_at: string;
}

export interface MessagingWebhookEventsTable {
  id: string;
  received_at: string;
}

/** An Accept/Decline button's payload, stored hashed (migration 0023). */
export interface ReplyTokensTable {
  token_hash: string;
  request_id: number;
  donor_id: number;
  /** accept | decline */
  action: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** Someone who applied to carry food (migration 0026). The point is theirs alone: runs are matched to it. */
export interface VolunteersTable {
  user_id: number;
  /** APPLIED, APPROVED, REJECTED or SUSPENDED. */
  status: string;
  walkthrough_version: string;
  walkthrough_completed_at: string;
  terms_version: string;
  terms_accepted_at: string;
  area_label: string;
  latitude: number;
  longitude: number;
  radius_km: number;
  /** ON_FOOT, CYCLE, TWO_WHEELER or CAR. */
  travel_mode: string;
  decided_by: number | null;
  decided_at: string | null;
  decision_note: string | null;
  created_at: string;
  updated_at: string;
}

/** A decision on a volunteer (migration 0026): APPROVE, REJECT or SUSPEND, with the note; by an admin, or a verified organisation's coordinator. */
export interface VolunteerDecisionsTable {
  id: Generated<number>;
  user_id: number;
  decided_by: number | null;
  /** The verified organisation whose coordinator decided; null for an admin. */
  organisation_id: number | null;
  decision: string;
  note: string;
  created_at: string;
}

/** One delivery of an accepted "Please deliver" request (migration 0026). */
export interface DeliveryRunsTable {
  id: Generated<number>;
  request_id: number;
  donation_id: number;
  /** OPEN, CLAIMED, PICKED_UP, DELIVERED, DISPOSED or CANCELLED. */
  status: string;
  volunteer_id: number | null;
  pickup_area: string;
  dropoff_area: string;
  /** Grid-cell centres (contract `snapToGrid`): all anyone sees of where before claiming. */
  pickup_cell_lat: number;
  pickup_cell_lng: number;
  dropoff_cell_lat: number;
  dropoff_cell_lng: number;
  distance_km: number;
  /** The food's expiry: the run must end before it. */
  window_ends_at: string;
  /** The claiming volunteer's code, which the donor enters at the pickup; null while open. */
  handover_code: string | null;
  handover_failed_attempts: Generated<number>;
  claimed_at: string | null;
  /** When a claimed run not yet picked up counts as the volunteer's no-show. */
  pickup_due_at: string | null;
  picked_up_at: string | null;
  /** HOT, COLD or AMBIENT, as the donor recorded at the pickup. */
  kept: string | null;
  temperature_c: number | null;
  delivered_at: string | null;
  disposal_reason: string | null;
  ended_at: string | null;
  /** When donor and receiver were told that nobody is carrying it and to fall back to self-pickup. */
  fallback_told_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The chain of custody (migration 0026): one row per step, never changed. */
export interface RunEventsTable {
  id: Generated<number>;
  run_id: number;
  /** CREATED, CLAIMED, RELEASED, NO_SHOW, PICKED_UP, DELIVERED, DISPOSED, CANCELLED, FALLBACK. */
  kind: string;
  volunteer_id: number | null;
  /** JSON: how the food was kept, its temperature, the disposal reason. */
  detail: string | null;
  at: string;
}

export interface RunRatingsTable {
  id: Generated<number>;
  run_id: number;
  rater_id: number;
  ratee_id: number;
  rating: number;
  comment: string;
  created_at: string;
}

/** Migration 0025 (issue 32): an organisation; it outlives its members. */
export interface OrganisationsTable {
  id: Generated<number>;
  name: string;
  kind: string;
  city: string;
  pin_code: string;
  fssai_number: string | null;
  darpan_id: string | null;
  /** PENDING, VERIFIED or MORE_INFO_REQUESTED (contract OrganisationStatus). */
  status: string;
  /** The admins' note when they asked for more; null otherwise. */
  review_note: string | null;
  verified_at: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface OrganisationMembersTable {
  organisation_id: number;
  user_id: number;
  /** COORDINATOR or MEMBER. */
  role: string;
  joined_at: string;
}

/** A link invitation (token_hash) or a phone invitation (phone), never both; single-use. */
export interface OrganisationInvitesTable {
  id: Generated<number>;
  organisation_id: number;
  role: string;
  token_hash: string | null;
  phone: string | null;
  created_by: number | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  used_by: number | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  rate_limits: RateLimitsTable;
  password_resets: PasswordResetsTable;
  uploads: UploadsTable;
  donations: DonationsTable;
  donation_requests: DonationRequestsTable;
  donation_waitlist: DonationWaitlistTable;
  ratings: RatingsTable;
  food_requests: FoodRequestsTable;
  contact_messages: ContactMessagesTable;
  health_probe: HealthProbeTable;
  file_contents: FileContentsTable;
  stored_files: StoredFilesTable;
  notifications: NotificationsTable;
  jobs: JobsTable;
  notification_deliveries: NotificationDeliveriesTable;
  notification_preferences: NotificationPreferencesTable;
  notification_settings: NotificationSettingsTable;
  app_secrets: AppSecretsTable;
  push_vapid_keys: PushVapidKeysTable;
  push_subscriptions: PushSubscriptionsTable;
  food_alerts: FoodAlertsTable;
  food_alert_matches: FoodAlertMatchesTable;
  reports: ReportsTable;
  audit_log: AuditLogTable;
  user_blocks: UserBlocksTable;
  map_cells: MapCellsTable;
  phone_verifications: PhoneVerificationsTable;
  messaging_consents: MessagingConsentsTable;
  messaging_sends: MessagingSendsTable;
  messaging_webhook_events: MessagingWebhookEventsTable;
  reply_tokens: ReplyTokensTable;
  volunteers: VolunteersTable;
  volunteer_decisions: VolunteerDecisionsTable;
  delivery_runs: DeliveryRunsTable;
  run_events: RunEventsTable;
  run_ratings: RunRatingsTable;
  organisations: OrganisationsTable;
  organisation_members: OrganisationMembersTable;
  organisation_invites: OrganisationInvitesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
