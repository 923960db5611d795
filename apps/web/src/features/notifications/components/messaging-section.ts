/** The id of the notification settings page's WhatsApp and SMS section, which the profile's and Home's links lead to. */
export const MESSAGING_SECTION_ID = 'whatsapp-and-sms';
