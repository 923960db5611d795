/*
 * The message catalog: every message the server or the contract's schemas can give a person, by a
 * stable code, with its English (decision 032). The English lives only here; the web's
 * locales/<language>/errors.json word the same codes (en equal to this list). `{{name}}` marks a
 * value the text carries. A code never changes meaning: a new wording of the same thing may keep
 * it, a new meaning takes a new code.
 *
 * How to use it:
 * - Server: throw a code with its values; TypeScript checks both.
 *     throw conflict('WITHDRAW_TOO_LATE');
 *     throw badRequest('TOO_LONG', { max: 300 }).onField('name');
 *     throw appError(409, 'ALERT_LIMIT', 'ALERT_LIMIT', { max: ALERTS_PER_PERSON }); // another class
 *   The error plugin sends `message` (the English rendered here), `code`, `messageCode`, `params`.
 * - zod (contract schemas): `msg('CODE')` or `msg('CODE', { max })` as the message; `issueMessage`
 *   is the one reader of it (server validation, web forms, CLI). zod's own words have no code.
 * - A rule both sides run returns `coded('CODE', params)`, a CodedMessage.
 * - A new message: a line here, the key in en/ and hi/errors.json, and a row in the status table
 *   of apps/server/src/lib/message-catalog.test.ts when it is not a 400.
 *
 * No zod here: the web's shared error handling imports this without the schemas.
 */
export const MESSAGES = {
  // Signing in, accounts
  SIGN_IN_REQUIRED: 'Please sign in to continue.',
  NOT_ALLOWED: 'You are not allowed to do that.',
  INVALID_LOGIN: 'Invalid email or password.',
  ACCOUNT_DEACTIVATED: 'This account has been deactivated. Please contact support.',
  ACCOUNT_SUSPENDED: 'This account has been suspended by an admin. Please contact support.',
  ACCOUNT_SUSPENDED_UNTIL: 'This account is suspended until {{until}} (India time). Please contact support if you think this is a mistake.',
  PASSWORD_RESET_REQUIRED: 'This account had too many failed sign-ins in a row. Reset your password with "Forgot password?" to sign in again.',
  SIGN_IN_ATTEMPTS_EXCEEDED: 'Too many failed sign-ins for this account. Please wait and try again, or reset your password.',
  REGISTERED: 'Registration successful!',
  EMAIL_TAKEN: 'This email is already registered.',
  RESET_REQUESTED: 'If the email and contact number match an account, a 6-digit reset code has been sent to it. The code is valid for 15 minutes.',
  PASSWORD_RESET_DONE: 'Password reset successful!',
  RESET_CODE_INVALID: 'This code is not correct or is no longer valid. Check it, or request a new code.',
  RESET_CODE_NEEDED: 'Enter the 6-digit code.',
  PASSWORD_CHANGED: 'Password updated successfully!',
  CURRENT_PASSWORD_WRONG: 'Your current password is not correct.',
  CURRENT_PASSWORD_NEEDED: 'Enter your current password.',
  CURRENT_PASSWORD_NEEDED_FOR_PHONE: 'Enter your current password to change your phone number.',
  CURRENT_PASSWORD_NEEDED_FOR_DELETE: 'Enter your current password to delete your account.',
  ACCOUNT_DELETED: 'Your account has been deleted.',
  PASSWORD_NEEDED: 'Enter a password.',
  PASSWORD_ENTER: 'Enter your password.',
  PASSWORD_TOO_SHORT: 'Use at least {{min}} characters.',
  TOO_LONG: 'Use at most {{max}} characters.',
  PASSWORD_TOO_COMMON: 'This password is too common. Choose one that is harder to guess.',
  PASSWORD_HAS_EMAIL: 'The password must not contain your email name.',
  PASSWORD_HAS_PHONE: 'The password must not contain your phone number.',
  // zxcvbn's advice follows in English; the code's own text stands for the whole message.
  PASSWORD_TOO_EASY: 'This password is too easy to guess.',
  TERMS_CHANGED: 'The Terms and Conditions have changed. Reload the page, read them and accept them again.',
  FSSAI_LICENCE_DIGITS: 'An FSSAI licence number has exactly 14 digits.',
  ROLE_CHOOSE: 'Choose Donor or Receiver.',
  PHONE_NEEDED: 'Enter a 10-digit Indian mobile number.',
  PHONE_INVALID: 'Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9.',
  EMAIL_NEEDED: 'Enter your email address.',
  EMAIL_TOO_LONG: 'An email address has at most 254 characters.',
  EMAIL_INVALID: 'Enter a valid email address.',
  LANGUAGE_CHOOSE: 'Choose one of: {{languages}}.',
  PROFILE_ACTIVE_CHOOSE: 'Choose active or inactive.',
  DIRECTORY_SHOW_CHOOSE: 'Choose whether to show your contact details in the directory.',
  PICTURE_UPLOAD_FIRST: 'Upload the picture first.',
  // Labelled texts, one code per label so every language words the whole sentence.
  FULL_NAME_REQUIRED: 'Full name is required.',
  FULL_NAME_TOO_LONG: 'Full name must be at most {{max}} characters.',
  LOCATION_REQUIRED: 'Location is required.',
  LOCATION_TOO_LONG: 'Location must be at most {{max}} characters.',
  NAME_REQUIRED: 'Name is required.',
  NAME_TOO_LONG: 'Name must be at most {{max}} characters.',
  SUBJECT_REQUIRED: 'Subject is required.',
  SUBJECT_TOO_LONG: 'Subject must be at most {{max}} characters.',
  MESSAGE_REQUIRED: 'Message is required.',
  MESSAGE_TOO_LONG: 'Message must be at most {{max}} characters.',
  REASON_REQUIRED: 'A reason is required.',
  REASON_TOO_LONG: 'A reason must be at most {{max}} characters.',
  CITY_REQUIRED: 'City is required.',
  CITY_TOO_LONG: 'City must be at most {{max}} characters.',
  NOTE_REQUIRED: 'A note is required.',
  NOTE_TOO_LONG: 'A note must be at most {{max}} characters.',
  ADDRESS_TOO_LONG: 'Address must be at most {{max}} characters.',
  DETAILS_TOO_LONG: 'Details must be at most {{max}} characters.',
  ALTERNATIVE_FOOD_TOO_LONG: 'Alternative food must be at most {{max}} characters.',
  FOOD_DESCRIPTION_TOO_LONG: 'Food description must be at most {{max}} characters.',
  TEXT_EXPECTED: '{{label}} must be text.',
  TRUE_OR_FALSE: '{{label}} must be true or false.',
  // Donations
  REQUIRED_FIELDS: 'Please fill all required fields.',
  PRICE_INVALID: 'Please enter a valid price greater than 0 for paid food.',
  REFRIGERATION_NEEDED: 'Please specify refrigeration availability for precooked food.',
  PICKUP_PIN_CODE_NEEDED: 'A valid 6-digit pin code is required in the Pickup Address.',
  EXPIRY_IN_PAST: 'The expiry must be in the future.',
  EXPIRY_TOO_FAR: 'The expiry can be at most 30 days ahead.',
  EXPIRY_NEEDED: 'Enter the expiry as a date and time.',
  LOCATION_POINT_INVALID: 'Enter the location as latitude,longitude.',
  DONATION_NOT_FOUND: 'Donation not found.',
  FREE_CHOOSE: 'Choose whether the food is free.',
  JAIN_CHOOSE: 'Say whether the food is Jain-friendly.',
  FOOD_TYPE_CHOOSE: 'Choose Pre-cooked or Raw.',
  DELIVERY_TYPE_CHOOSE: 'Choose self pickup, delivery partner or any.',
  DONATION_SORT_CHOOSE: 'Sort by ENDING_SOON, NEWEST, OLDEST or NEAREST.',
  PAGE_INVALID: 'The page is a whole number from 1.',
  PAGE_TOO_LARGE: 'The page is too large.',
  PAGE_SIZE_INVALID: 'The page size is a whole number from 1 to {{max}}.',
  SINCE_INVALID: 'Since is the newest id of an earlier answer.',
  DONATION_ID_INVALID: 'The donation is a whole number from 1.',
  WITHDRAW_DONOR_ONLY: 'Only the donor can withdraw this donation.',
  WITHDRAW_TOO_LATE: 'This donation can no longer be withdrawn.',
  // Food facts
  DIET_CHOOSE: 'Choose Veg, Egg, Non-veg or Vegan.',
  ALLERGENS_CHOOSE: 'Choose allergens from the FSSAI list.',
  SAFETY_CHECKS_CHOOSE: 'Choose points from the safety checklist.',
  DIET_NEEDED_COOKED: 'Choose Veg, Egg, Non-veg or Vegan for cooked food.',
  ALLERGENS_NEEDED_COOKED: 'Tick the allergens the food contains, or "None known", for cooked food.',
  PREPARED_AT_NEEDED: 'Enter when the food was cooked, as a date and time.',
  PREPARED_AT_FUTURE: 'The cooking time cannot be in the future.',
  PREPARED_AT_AFTER_EXPIRY: 'The cooking time must be before the expiry.',
  PREPARED_AT_TOO_OLD: 'Cooked food is listed for at most 4 hours after cooking; this food was cooked longer ago.',
  PREPARED_AT_RAW: 'Only cooked food has a cooking time.',
  SAFETY_CHECKLIST_NEEDED: 'Confirm each point of the safety checklist for cooked food.',
  SAFETY_CHECKLIST_RAW: 'The safety checklist is for cooked food only.',
  ALLERGEN_DUPLICATE: 'List each allergen once.',
  ALLERGEN_UNKNOWN: 'Allergens are any of {{allergens}}.',
  JAIN_DIET: 'Jain food is vegetarian: choose Veg or Vegan, or untick Jain.',
  DIET_ALLERGEN_CONTRADICTION: '{{diet}} food cannot contain {{allergen}}.',
  ALLERGENS_LIST: 'Give the allergens as a list, [] for none known.',
  // Requests and pickups
  REQUEST_OWN_DONATION: 'You cannot request your own donation.',
  DONATION_NOT_AVAILABLE: 'This donation is no longer available.',
  REQUEST_ALREADY_OPEN: 'You already have an open request for this donation.',
  REQUEST_NOT_FOUND: 'Request not found.',
  REQUEST_NOT_ACCEPTED_YET: 'The donor has not accepted this request yet.',
  PICKUP_CODE_WRONG: 'That pickup code is not right. Please check it with the receiver.',
  PICKUP_CODE_VOID: 'This pickup code is void after 5 wrong entries. The receiver can cancel this request and request the food again.',
  PICKUP_CODE_RENEW_LIMIT: 'A fresh code can be issued at most 3 times per request.',
  DONATION_EXPIRED: 'This donation has expired.',
  REQUEST_ALREADY_REJECTED: 'The donor has already turned down your request for this donation.',
  NO_SHOW_LIMIT:
    'This receiver missed 3 pickups in the last 30 days, so they can hold only one accepted request at a time until they complete a pickup. They already have one awaiting pickup.',
  OTP_NEEDED: 'Please enter the OTP.',
  PICKUP_CODE_DIGITS: 'The pickup code has 6 digits.',
  PAYMENT_METHOD_CHOOSE: 'Choose cash, UPI or card.',
  DONOR_ONLY_ACCEPT: 'Only the donor can accept this request.',
  DONOR_ONLY_REJECT: 'Only the donor can reject this request.',
  DONOR_ONLY_CONFIRM_PICKUP: 'Only the donor can confirm this pickup.',
  RECEIVER_ONLY_CANCEL: 'Only the receiver can cancel this request.',
  RECEIVER_ONLY_PICKUP_CODE: 'Only the receiver can see the pickup code.',
  RECEIVER_ONLY_FRESH_CODE: 'Only the receiver can ask for a fresh pickup code.',
  ANOTHER_REQUEST_ACCEPTED_OR_GONE: 'Another request for this donation has already been accepted, or the donation is no longer available.',
  ANOTHER_REQUEST_ACCEPTED: 'Another request for this donation has already been accepted.',
  ONLY_PENDING_ACCEPTED: 'Only a pending request can be accepted.',
  ONLY_PENDING_REJECTED: 'Only a pending request can be rejected.',
  CANCEL_TOO_LATE: 'This request can no longer be cancelled.',
  PICKUP_ALREADY_CONFIRMED: 'This pickup has already been confirmed.',
  NOT_AWAITING_PICKUP: 'This request is not awaiting pickup.',
  PICKUP_CODE_CHANGED: 'The pickup code changed meanwhile. Please try again.',
  PICKUP_ALREADY_COMPLETE: 'This pickup is already complete.',
  // Food needs (food requests)
  FOOD_REQUEST_SUBMITTED: 'Food request submitted successfully!',
  FOOD_REQUEST_FAILED: 'Failed to submit request.',
  FOOD_REQUEST_PIN_CODE: 'Add the 6-digit pin code to your location, for example "Aundh, Pune 411007": donors nearby find requests by pin code.',
  FOOD_REQUEST_FOOD_TYPE: 'Say what food you need in at most {{max}} characters, for example "Rice and dal".',
  FOOD_TYPE_CONTROL_CHARACTERS: 'The food type cannot contain line breaks or other control characters.',
  PEOPLE_RANGE: 'Enter the number of people, a whole number from {{min}} to {{max}}.',
  REQUIRED_BY_NEEDED: 'Enter when you need the food, as a date and time.',
  REQUEST_EXPIRY_NEEDED: 'Enter until when the request stays open, as a date and time.',
  REQUEST_EXPIRY_BEFORE_NEED: 'The request must stay open until after the time you need the food.',
  REQUEST_EXPIRY_PAST: 'The request must stay open until a time in the future.',
  REQUEST_EXPIRY_TOO_FAR: 'A request can stay open for at most 30 days.',
  OFFER_PRICE_RANGE: 'Enter an offer in rupees from 0 to {{max}}, with at most two decimals.',
  FOOD_REQUEST_NOT_FOUND: 'Food request not found.',
  FOOD_REQUEST_NOT_YOURS: 'Only the person who posted this food request can change it.',
  FOOD_REQUEST_NOT_OPEN: 'This food request is no longer open.',
  FOOD_REQUEST_EXPIRED: 'This food request has expired.',
  FOOD_REQUEST_SORT_CHOOSE: 'Sort by NEWEST or NEAREST.',
  // Places, maps, alerts
  LATITUDE_NEEDED: 'Enter a latitude.',
  LONGITUDE_NEEDED: 'Enter a longitude.',
  PIN_CODE_INVALID: 'A pin code is 6 digits and does not start with 0.',
  PIN_CODE_UNKNOWN: 'We do not know this pin code.',
  BBOX_INVALID: 'Give bbox as minLng,minLat,maxLng,maxLat with min below max.',
  AREA_TOO_LARGE: "The area is larger than India's; zoom in.",
  ZOOM_INVALID: 'Give zoom as a number from 0 to {{max}}.',
  LATITUDE_RANGE: 'Enter a latitude from -90 to 90.',
  LONGITUDE_RANGE: 'Enter a longitude from -180 to 180.',
  DISTANCE_NEEDS_LOCATION: 'A distance needs your location: give lat and lng.',
  NEAREST_NEEDS_LOCATION: 'Nearest needs your location (lat and lng).',
  ALERT_LATITUDE_INDIA: 'Choose a place in India (latitude {{min}} to {{max}}).',
  ALERT_LONGITUDE_INDIA: 'Choose a place in India (longitude {{min}} to {{max}}).',
  RADIUS_RANGE: 'Choose a radius from {{min}} to {{max}} km.',
  ALERT_FOOD_TYPE_CHOOSE: 'Choose Pre-cooked, Raw or any food.',
  ALERT_NAME_TOO_LONG: 'Use at most {{max}} characters for the name.',
  ALERT_LIMIT: 'You can keep at most {{max}} food alerts. Delete one to add another.',
  ALERTS_RECEIVERS_ONLY: 'Only receivers can save food alerts.',
  ALERT_NOT_FOUND: 'This food alert does not exist.',
  ALERT_DIET_LIST: 'Give diet as a list of VEG, EGG, NON_VEG and VEGAN.',
  ALERT_ALLERGENS_LIST: 'Give excludeAllergens as a list of FSSAI allergens.',
  // Contact
  CONTACT_SENT: 'Thank you! Your message has been sent. We will reply by email.',
  CONTACT_TOO_MANY: 'You have sent several messages in the last hour. Please wait a little before sending another.',
  // Directory
  DIRECTORY_ROLE_CHOOSE: 'Choose a role: All, Donor, Receiver, Volunteer or Admin.',
  // Reports, moderation, blocks
  REPORT_TARGET_CHOOSE: 'Choose what you report: a donation, a food need or a user.',
  REPORT_REASON_CHOOSE: 'Choose a reason from the list.',
  REPORT_TARGET_ID_INVALID: 'The target id is a positive whole number.',
  REPORT_SENT: 'Thank you. An admin will look at your report.',
  REPORT_DUPLICATE: 'You have already reported this, and an admin has not looked at it yet.',
  REPORT_OWN_TARGET: 'You cannot report yourself or your own listing.',
  NO_SUCH_DONATION: 'There is no such donation.',
  NO_SUCH_FOOD_NEED: 'There is no such food need.',
  NO_SUCH_USER: 'There is no such user.',
  MODERATION_ACTION_CHOOSE: 'Choose an action: dismiss, hide, restore or suspend.',
  SUSPENSION_DAYS_RANGE: 'Suspend for 1 to {{max}} days, or for good.',
  HIDE_LISTINGS_ONLY_SUSPEND_USER: 'Only a donation or a food need can be hidden; suspend a user instead.',
  SUSPEND_USERS_ONLY_HIDE_LISTING: 'Only a user can be suspended; hide a listing instead.',
  DURATION_SUSPENSION_ONLY: 'Only a suspension has a duration.',
  SUSPEND_SELF: 'You cannot suspend your own account.',
  SUSPEND_ADMIN: 'An admin account cannot be suspended here.',
  NO_OPEN_REPORTS: 'There are no open reports on this to dismiss.',
  HIDE_LISTINGS_ONLY: 'Only a donation or a food need can be hidden.',
  ALREADY_HIDDEN: 'This listing is hidden already.',
  NOT_SUSPENDED: 'This user is not suspended.',
  NOT_HIDDEN: 'This listing is not hidden.',
  SUSPEND_USERS_ONLY: 'Only a user can be suspended.',
  BLOCK_SELF: 'You cannot block yourself.',
  BLOCKED_REQUEST: 'You cannot request food from this donor.',
  // Organisations (issue 32)
  ORGANISATION_KIND_CHOOSE: 'Choose what kind of organisation this is.',
  DARPAN_ID_FORMAT: 'An NGO Darpan id is the state code, the year and 7 digits, like MH/2017/0123456.',
  ORGANISATION_ROLE_CHOOSE: 'Choose Coordinator or Member.',
  ORGANISATION_NOT_FOUND: 'Organisation not found.',
  ORGANISATION_COORDINATORS_ONLY: 'Only a coordinator of this organisation can do that.',
  LAST_COORDINATOR: 'An organisation needs a coordinator: make another member coordinator first.',
  MEMBER_NOT_FOUND: 'This person is not a member of the organisation.',
  ALREADY_MEMBER: 'You are already a member of this organisation.',
  INVITE_INVALID: 'This invitation is not valid: it was used, withdrawn or has expired. Ask a coordinator for a new one.',
  REVIEW_DECISION_CHOOSE: 'Choose Verified or More information needed.',
  ORGANISATION_NOT_AWAITING_REVIEW: 'This organisation is not waiting for a review.',
  // Admin
  NO_USER_WITH_ID: 'There is no user with this id.',
  DEACTIVATE_SELF: 'You cannot deactivate your own account.',
  ACCOUNT_DEACTIVATED_DONE: 'The account has been deactivated.',
  ACCOUNT_REACTIVATED_DONE: 'The account has been reactivated.',
  // Notifications, push
  ON_OR_OFF: 'Choose on or off.',
  SECURITY_EMAIL_REQUIRED: 'Security emails cannot be turned off: they tell you when someone else changes your account.',
  TIME_OF_DAY_INVALID: 'Give a time as HH:MM, from 00:00 to 23:59.',
  TIME_ZONE_CHOOSE: 'Choose a time zone from the list.',
  QUIET_HOURS_SAME: 'Quiet hours must end at another time than they start.',
  NOTIFICATION_KIND_UNKNOWN: 'This is not a kind of notification.',
  UNSUBSCRIBE_LINK_INVALID: 'This unsubscribe link is not valid. Change your emails in Notification settings instead.',
  CURSOR_INVALID: 'The cursor is the nextCursor of an earlier page.',
  LIMIT_RANGE: 'The limit is a whole number from 1 to {{max}}.',
  MARK_READ_IDS: 'Give the ids to mark read (1 to {{max}}), or all: true.',
  LAST_EVENT_ID_INVALID: 'Last-Event-ID is the id of an event this stream sent.',
  // WhatsApp and SMS (issue 31)
  PHONE_CODE_NEEDED: 'Enter the 6-digit code we sent to your phone by SMS.',
  PHONE_CODE_INVALID: 'This code is not correct or is no longer valid. Check it, or ask for a new code.',
  PHONE_ALREADY_VERIFIED: 'Your phone number is already verified.',
  PHONE_NOT_VERIFIED: 'Verify your phone number first: WhatsApp and SMS go only to a verified number.',
  SMS_NOT_SENT: 'We could not send the SMS just now. Please try again in a few minutes.',
  WEBHOOK_SIGNATURE_INVALID: 'The signature of this request is not valid.',
  WEBHOOK_VERIFY_TOKEN_WRONG: 'The verify token is not right.',
  OUTBOX_REFUSED: 'The outbox is shown only on this machine or to an admin.',
  PUSH_ENDPOINT_INVALID: 'The endpoint is the https address the browser gave for this subscription.',
  PUSH_ENDPOINT_TOO_LONG: 'The endpoint is at most {{max}} characters.',
  PUSH_ENDPOINT_NOT_URL: 'The endpoint is not a URL.',
  PUSH_ENDPOINT_NOT_HTTPS: 'The endpoint must be an https address of a push service.',
  PUSH_ENDPOINT_CREDENTIALS: 'The endpoint must not carry a user name or password.',
  PUSH_ENDPOINT_PORT: 'The endpoint must use the standard https port.',
  PUSH_ENDPOINT_PRIVATE: 'The endpoint must be a push service on the public internet.',
  // Ratings
  RATING_PICKUP_CHOOSE: 'Choose the pickup to rate.',
  RATING_STARS_NEEDED: 'Please select a star rating.',
  RATING_COMMENT_TOO_LONG: 'A comment has at most {{max}} characters.',
  RATING_NOT_COMPLETED: 'Only a completed pickup can be rated.',
  RATING_DUPLICATE: 'You have already rated this pickup.',
  RATING_PICKUP_INVALID: 'The pickup is a whole number.',
  // Volunteers and delivery runs (issue 32)
  TRAVEL_MODE_CHOOSE: 'Choose how you travel: on foot, cycle, two-wheeler or car.',
  WALKTHROUGH_ANSWER_NEEDED: 'Answer every question of the food-safety walkthrough.',
  WALKTHROUGH_ANSWER_WRONG: 'This answer is not right. Read the step again and choose again.',
  VOLUNTEER_TERMS_ACCEPT: 'Read and accept the volunteer terms.',
  VOLUNTEER_AREA_NEEDED: 'Name the area you can cover, for example Kothrud, Pune.',
  VOLUNTEER_POINT_NEEDED: 'Add the 6-digit pin code to your area, use your location, or mark its centre on the map.',
  VOLUNTEER_RADIUS_RANGE: 'Choose a distance from {{min}} to {{max}} km.',
  VOLUNTEER_DECISION_CHOOSE: 'Choose approve, reject or suspend.',
  VOLUNTEER_NOT_FOUND: 'This volunteer application was not found.',
  VOLUNTEER_SUSPENDED: 'Your volunteering is suspended. Please contact support.',
  VOLUNTEER_NOT_APPROVED: 'Only approved volunteers can carry food. Your application is waiting for an admin.',
  DELIVERY_CHOICE_CHOOSE: 'Choose "I will collect" or "Please deliver".',
  DELIVERY_NOT_OFFERED: 'The donor offers this food for self-pickup only.',
  DROPOFF_ADDRESS_NEEDED: 'Enter where the food should be delivered.',
  DROPOFF_PIN_CODE_NEEDED: 'Add the 6-digit pin code to the drop-off address.',
  KEPT_AS_CHOOSE: 'Choose hot, cold or room temperature.',
  RUN_VIEW_CHOOSE: 'View must be active or history.',
  HANDOVER_CODE_NEEDED: "Enter the volunteer's handover code.",
  HANDOVER_CODE_DIGITS: 'The handover code has 6 digits.',
  // Portions, the waitlist and fair shares (issue 33)
  PORTION_UNIT_CHOOSE: 'Choose plates, packets, boxes, kg or litres.',
  PORTIONS_TOTAL_INVALID: 'Enter a whole number of portions from 2 to 1000.',
  PORTIONS_MAX_INVALID: 'The most one receiver may ask for is a whole number from 1 to the number of portions.',
  PORTIONS_AUTO_ACCEPT_CHOOSE: 'Choose whether requests are accepted by themselves.',
  PORTIONS_HOLD_INVALID: 'Enter whole minutes from 0 to 120.',
  PORTIONS_ASKED_INVALID: 'Ask for a whole number of portions, at least 1.',
  PORTIONS_OVER_MAX: 'You can ask for at most {{max}} of this food.',
  PORTIONS_NOT_SHARED: 'This food goes to one receiver: it is not shared in portions.',
  NO_PORTIONS_LEFT: 'Nothing is left of this food. You can join the waitlist.',
  NOT_ENOUGH_PORTIONS_LEFT: 'Only {{left}} are left. Accept fewer.',
  ACCEPT_MORE_THAN_ASKED: 'You can accept at most the {{asked}} that were asked for.',
  COLLECTED_MORE_THAN_ACCEPTED: 'Record at most the {{accepted}} that were accepted.',
  PORTION_DAILY_CAP: 'One account can take at most {{cap}} portions in 24 hours, so that the food reaches more people. You can ask for {{left}} more now.',
  DONATION_HELD_FOR_ORGANISATIONS: 'This food is held for verified organisations at first. Anyone can ask from {{until}} (India time).',
  WAITLIST_NOT_NEEDED: 'Portions of this food are still left: request them instead.',
  WAITLIST_ALREADY_JOINED: 'You are already on the waitlist for this food.',
  WAITLIST_HAS_REQUEST: 'You already have a request for this food.',
  WAITLIST_ENTRY_NOT_FOUND: 'This place on the waitlist was not found.',
  WAITLIST_OFFER_GONE: 'This offer is no longer open: its time ran out, or the food is gone.',
  WAITLIST_NOT_WAITING: 'You are no longer waiting for this food.',
  HANDOVER_CODE_WRONG: 'This handover code is not correct. Ask the volunteer to read it again.',
  HANDOVER_CODE_VOID: 'Too many wrong handover codes: this run was released so another volunteer can take it.',
  TEMPERATURE_RANGE: 'Enter the temperature in °C, from -30 to 120.',
  DISPOSAL_REASON_NEEDED: 'Say why the food is no longer safe.',
  RUN_RATEE_CHOOSE: 'Choose whom to rate.',
  RUN_NOT_FOUND: 'This delivery was not found.',
  RUN_ALREADY_CLAIMED: 'Another volunteer has already taken this delivery.',
  RUN_OWN_HANDOVER: 'You cannot carry food you give or receive yourself.',
  RUN_NOT_CLAIMED_BY_YOU: 'Only the volunteer carrying this delivery can do that.',
  RUN_DONOR_ONLY: 'Only the donor enters the handover code at the pickup.',
  RUN_NOT_CLAIMED: 'No volunteer has taken this delivery yet.',
  RUN_RELEASE_TOO_LATE: 'The food is already with you: deliver it, or mark it for disposal if it is no longer safe.',
  RUN_NOT_PICKED_UP: 'The food has not been picked up from the donor yet.',
  RUN_ENDED: 'This delivery has ended.',
  RUN_IN_PROGRESS: 'A volunteer is carrying this food now: the receiver gets it from them.',
  RUN_RATING_NOT_DELIVERED: 'Only a delivered run can be rated.',
  RUN_RATING_DUPLICATE: 'You have already rated this person for this delivery.',
  RUN_RATEE_NOT_YOURS: 'You cannot rate yourself or someone who was not part of this delivery.',
  VOLUNTEER_COORDINATOR_ONLY: 'Only a coordinator of a verified organisation can decide on its members as volunteers.',
  VOLUNTEER_NOT_WAITING: 'This application is not waiting for a decision.',
  // Statistics
  REGION_CHOOSE: 'Region must be India or Global.',
  YEAR_RANGE: 'Year must be a whole number from {{min}} to {{max}}.',
  DATA_TYPE_CHOOSE: 'Data type must be both, hunger or foodWaste.',
  GROWTH_TYPE_CHOOSE: 'Type must be hunger or foodWaste.',
  START_AFTER_END: 'The start year must not be after the end year.',
  // Uploads
  PICTURE_CHOOSE: 'Choose a picture to upload.',
  PICTURE_TYPE: 'Upload a JPEG, PNG or WebP picture.',
  PICTURE_TOO_LARGE: 'The picture must be at most 5 MB.',
  PICTURE_UNREADABLE: 'This picture could not be read. Try another file.',
  // Requests as such (the error plugin, ids, rate limits, the server's state)
  NOT_FOUND: 'Not found.',
  TOO_MANY_ATTEMPTS: 'Too many attempts. Please wait and try again.',
  SERVER_BUSY: 'The server is busy right now. Please try again in a moment.',
  DATABASE_READ_ONLY: 'The database is not taking writes.',
  STORAGE_FULL: 'The server is out of storage space. Please try again later.',
  WELCOME: 'Welcome to Annadaan. Save Food, Save Lives.',
  ID_NOT_NUMBER: 'The id must be a number.',
  ID_NOT_WHOLE: 'The id must be a whole number.',
  ID_NOT_POSITIVE: 'The id must be positive.',
  ID_TOO_LARGE: 'The id is too large.',
  VALUE_INVALID: 'This value is not valid.',
  VALUE_NUL_CHARACTER: 'This value contains a character that is not allowed.',
  REQUEST_INVALID: 'The request is not valid.',
  REQUEST_PART_INVALID: 'The request {{part}} is not valid.',
  BODY_NOT_OBJECT: 'The request body must be a JSON object.',
  BODY_NOT_JSON: 'The request body is not valid JSON.',
  BODY_TOO_LARGE: 'The request body is too large.',
  CONTENT_TYPE_UNSUPPORTED: 'This content type is not supported here.',
  BODY_LENGTH_WRONG: 'The request body length is wrong.',
  FILE_TOO_LARGE: 'The file is too large.',
  REQUEST_NOT_UNDERSTOOD: 'The request could not be understood.',
  SERVER_ERROR: 'Something went wrong on our side. Please try again.',
  // The web client's own, for failures that bring no message from the server.
  NETWORK_ERROR: 'Network error. Check your connection and try again.',
  // A change asked for while the browser says it is offline (issue 18): refused before sending.
  OFFLINE: 'You are offline. This needs a connection: try again when you are back online.',
  REQUEST_FAILED: 'Request failed ({{status}}).',
  SOMETHING_WENT_WRONG: 'Something went wrong. Please try again.',
  FIELD_REQUIRED: 'This field is required.',
} as const;

export * from './coded-message';
import { type CodedMessage, type MessageCode, type MessageParams, wireParams } from './coded-message';

/** A code's English text with its values filled in (the catalog is the only home of the English). */
export function englishOf(message: CodedMessage): string {
  if (message.english !== undefined) return message.english;
  const params = message.params ?? {};
  return MESSAGES[message.code].replace(/\{\{(\w+)\}\}/g, (hole, name: string) => params[name] ?? hole);
}

/*
 * zod keeps a message as a string, so a schema's message is the code, or the code and its values as
 * JSON: `msg('TOO_LONG', { max: 300 })` gives `TOO_LONG {"max":"300"}`. `readMessage` is the one
 * reader of such a string (server error handler, web forms, CLI); zod's own default messages are no
 * code and stay as zod words them.
 */
const ENCODED = /^([A-Z][A-Z0-9_]*)(?: (\{.*\}))?$/s;

/** The code a zod message carries (`msg`), or null for any other text. */
export function readMessage(text: string): CodedMessage | null {
  const match = ENCODED.exec(text);
  if (!match || !isMessageCode(match[1])) return null;
  if (match[2] === undefined) return { code: match[1] };
  try {
    const params = JSON.parse(match[2]) as unknown;
    if (typeof params !== 'object' || params === null || Array.isArray(params)) return null;
    return { code: match[1], params: wireParams(params as Record<string, string>) ?? {} };
  } catch {
    return null;
  }
}

/** A message as a person reads it in English: a coded zod message rendered from the catalog, any other text as it is. */
export interface ReadMessage {
  english: string;
  code?: MessageCode;
  params?: MessageParams;
}

/** The one formatter of zod issue messages (the "error map" of decision 032), on both sides. */
export function issueMessage(text: string): ReadMessage {
  const found = readMessage(text);
  if (!found) return { english: text };
  return found.params ? { english: englishOf(found), code: found.code, params: found.params } : { english: englishOf(found), code: found.code };
}

export function isMessageCode(value: unknown): value is MessageCode {
  return typeof value === 'string' && Object.hasOwn(MESSAGES, value);
}
