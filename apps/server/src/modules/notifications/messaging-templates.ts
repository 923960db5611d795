import type { Language } from '@annadaan/contract/language';
import type { MessagingChannel } from '@annadaan/contract/messaging';
import { NOTIFICATION_KINDS } from '@annadaan/contract/notification-preferences';
import type { NotificationKind } from '@annadaan/contract/notifications';
import { paths } from '@annadaan/contract/paths';

/**
 * Every WhatsApp and SMS message Annadaan can send, as registered with Meta and on India's DLT
 * platform (issue 31; decision 049): one home for the names, ids and exact approved texts. A
 * text here must match the approved one character for character, or the operator drops the SMS;
 * changing a text means registering it again and changing its id here.
 *
 * - SMS: the DLT template id (also the MSG91 template id it is mapped to), the exact text with
 *   `{#var#}` where a value goes, and the DLT category: Service Implicit for messages about the
 *   person's own food, requests and account, Service Explicit for alerts (which need the
 *   person's explicit opt-in). The sender's entity id and header are configuration.
 * - WhatsApp: the template's name, language code, body (with `{{1}}`, `{{2}}`, …), the ordered
 *   values for the body, and quick-reply buttons.
 *
 * Values are what the recipient already sees in the app: the food's name, a short line of the
 * notification, a link into the app, and (only in REQUEST_ACCEPTED, to the receiver whose request
 * it is) the pickup code. Never a phone number, address or another person's name.
 */

/** What goes into a template's slots. */
export type TemplateVar = 'food' | 'subject' | 'code' | 'link';

/** The most characters one DLT variable may carry. */
export const SMS_VAR_MAX = 40;
/** WhatsApp refuses a template body over this. */
export const WHATSAPP_BODY_MAX = 1024;

export type DltCategory = 'SERVICE_IMPLICIT' | 'SERVICE_EXPLICIT';

export interface SmsTemplate {
  /** The DLT content template id, mapped to the same id in MSG91. */
  templateId: string;
  text: string;
  vars: readonly TemplateVar[];
  category: DltCategory;
}

export interface QuickReply {
  text: string;
  action: 'accept' | 'decline';
}

export interface WhatsAppTemplate {
  name: string;
  languageCode: 'en' | 'hi';
  body: string;
  params: readonly TemplateVar[];
  buttons: readonly QuickReply[];
}

/** Messages that are not notifications: codes, STOP/START confirmations, answers to a button. */
export const SYSTEM_TEMPLATES = ['PHONE_CODE', 'RESET_CODE', 'CHANNEL_OFF', 'CHANNEL_ON', 'REPLY_ACCEPTED', 'REPLY_DECLINED', 'REPLY_REFUSED'] as const;
export type SystemTemplate = (typeof SYSTEM_TEMPLATES)[number];
export type TemplateKey = NotificationKind | SystemTemplate;

interface TemplateEntry {
  sms?: { id: string; category: DltCategory; vars: readonly TemplateVar[]; text: Record<Language, string> };
  whatsapp?: { name: string; params: readonly TemplateVar[]; body: Record<Language, string>; buttons?: Record<Language, readonly QuickReply[]> };
}

const FOOD_LINK = ['food', 'link'] as const;
const SUBJECT_LINK = ['subject', 'link'] as const;
const implicit = 'SERVICE_IMPLICIT';

const REGISTRY: Record<TemplateKey, TemplateEntry> = {
  REQUEST_RECEIVED: {
    sms: {
      id: '1107173000000000101',
      category: implicit,
      vars: FOOD_LINK,
      text: {
        en: 'Annadaan: someone asked for your food {#var#}. Accept or decline it soon: {#var#}',
        hi: 'अन्नदान: किसी ने आपका खाना {#var#} माँगा है। जल्दी स्वीकार करें या मना करें: {#var#}',
      },
    },
    whatsapp: {
      name: 'annadaan_request_received',
      params: FOOD_LINK,
      body: {
        en: 'Someone asked for your food *{{1}}*. Cooked food does not keep, so please answer soon: tap a button below or open {{2}}',
        hi: 'किसी ने आपका खाना *{{1}}* माँगा है। पका खाना ज़्यादा देर नहीं टिकता, कृपया जल्दी जवाब दें: नीचे का बटन दबाएँ या {{2}} खोलें',
      },
      buttons: {
        en: [
          { text: 'Accept', action: 'accept' },
          { text: 'Decline', action: 'decline' },
        ],
        hi: [
          { text: 'स्वीकार करें', action: 'accept' },
          { text: 'मना करें', action: 'decline' },
        ],
      },
    },
  },
  REQUEST_WAITING: {
    sms: {
      id: '1107173000000000102',
      category: implicit,
      vars: FOOD_LINK,
      text: {
        en: 'Annadaan: a request for {#var#} has waited 15 minutes for your answer. Open {#var#}',
        hi: 'अन्नदान: {#var#} का अनुरोध 15 मिनट से आपके जवाब की राह देख रहा है। खोलें {#var#}',
      },
    },
    whatsapp: {
      name: 'annadaan_request_waiting',
      params: FOOD_LINK,
      body: {
        en: 'A request for *{{1}}* has waited 15 minutes for your answer. Please accept or decline it: {{2}}',
        hi: '*{{1}}* का अनुरोध 15 मिनट से आपके जवाब की राह देख रहा है। कृपया स्वीकार करें या मना करें: {{2}}',
      },
    },
  },
  REQUEST_CANCELLED: {
    sms: {
      id: '1107173000000000103',
      category: implicit,
      vars: FOOD_LINK,
      text: {
        en: 'Annadaan: a receiver withdrew their request for {#var#}. Details: {#var#}',
        hi: 'अन्नदान: एक प्राप्तकर्ता ने {#var#} का अनुरोध वापस ले लिया। विवरण: {#var#}',
      },
    },
    whatsapp: {
      name: 'annadaan_request_cancelled',
      params: FOOD_LINK,
      body: { en: 'A receiver withdrew their request for *{{1}}*. Details: {{2}}', hi: 'एक प्राप्तकर्ता ने *{{1}}* का अनुरोध वापस ले लिया। विवरण: {{2}}' },
    },
  },
  REQUEST_ACCEPTED: {
    sms: {
      id: '1107173000000000104',
      category: implicit,
      vars: ['food', 'code', 'link'],
      text: {
        en: 'Annadaan: your request for {#var#} was accepted. Your pickup code is {#var#}; show it to the donor at pickup. Details: {#var#}',
        hi: 'अन्नदान: {#var#} का आपका अनुरोध स्वीकार हुआ। आपका पिकअप कोड {#var#} है; पिकअप पर दाता को दिखाएँ। विवरण: {#var#}',
      },
    },
    whatsapp: {
      name: 'annadaan_request_accepted',
      params: ['food', 'code', 'link'],
      body: {
        en: 'Good news: the donor accepted your request for *{{1}}*.\n\nYour pickup code is *{{2}}*. Show it to the donor when you collect the food; do not share it with anyone else.\n\nAddress and details: {{3}}',
        hi: 'अच्छी ख़बर: दाता ने *{{1}}* का आपका अनुरोध स्वीकार कर लिया।\n\nआपका पिकअप कोड *{{2}}* है। खाना लेते समय इसे दाता को दिखाएँ; किसी और को न बताएँ।\n\nपता और विवरण: {{3}}',
      },
    },
  },
  REQUEST_REJECTED: {
    sms: {
      id: '1107173000000000105',
      category: implicit,
      vars: FOOD_LINK,
      text: {
        en: 'Annadaan: your request for {#var#} was not accepted this time. Find more food: {#var#}',
        hi: 'अन्नदान: {#var#} का आपका अनुरोध इस बार स्वीकार नहीं हुआ। और खाना खोजें: {#var#}',
      },
    },
    whatsapp: {
      name: 'annadaan_request_rejected',
      params: FOOD_LINK,
      body: {
        en: 'Your request for *{{1}}* was not accepted this time. Find more food: {{2}}',
        hi: '*{{1}}* का आपका अनुरोध इस बार स्वीकार नहीं हुआ। और खाना खोजें: {{2}}',
      },
    },
  },
  DONATION_CANCELLED: {
    sms: {
      id: '1107173000000000106',
      category: implicit,
      vars: FOOD_LINK,
      text: {
        en: 'Annadaan: the donor withdrew {#var#}, so your request was cancelled. Please do not go to collect it. Details: {#var#}',
        hi: 'अन्नदान: दाता ने {#var#} वापस ले लिया, इसलिए आपका अनुरोध रद्द हुआ। कृपया इसे लेने न जाएँ। विवरण: {#var#}',
      },
    },
    whatsapp: {
      name: 'annadaan_donation_cancelled',
      params: FOOD_LINK,
      body: {
        en: 'The donor withdrew *{{1}}*, so your request was cancelled. Please do not go to collect it. Details: {{2}}',
        hi: 'दाता ने *{{1}}* वापस ले लिया, इसलिए आपका अनुरोध रद्द हुआ। कृपया इसे लेने न जाएँ। विवरण: {{2}}',
      },
    },
  },
  DONATION_EXPIRED: {
    sms: {
      id: '1107173000000000107',
      category: implicit,
      vars: FOOD_LINK,
      text: {
        en: 'Annadaan: {#var#} expired before pickup, so your request was closed. Details: {#var#}',
        hi: 'अन्नदान: {#var#} पिकअप से पहले ख़राब होने के समय तक पहुँच गया, इसलिए आपका अनुरोध बंद हुआ। विवरण: {#var#}',
      },
    },
    whatsapp: {
      name: 'annadaan_donation_expired',
      params: FOOD_LINK,
      body: {
        en: '*{{1}}* expired before pickup, so your request was closed. Details: {{2}}',
        hi: '*{{1}}* पिकअप से पहले ख़राब होने के समय तक पहुँच गया, इसलिए आपका अनुरोध बंद हुआ। विवरण: {{2}}',
      },
    },
  },
  PICKUP_COMPLETED: {
    sms: {
      id: '1107173000000000108',
      category: implicit,
      vars: FOOD_LINK,
      text: {
        en: 'Annadaan: the pickup of {#var#} is complete. Thank you! Please rate it: {#var#}',
        hi: 'अन्नदान: {#var#} का पिकअप पूरा हुआ। धन्यवाद! कृपया रेटिंग दें: {#var#}',
      },
    },
    whatsapp: {
      name: 'annadaan_pickup_completed',
      params: FOOD_LINK,
      body: { en: 'The pickup of *{{1}}* is complete. Thank you! Please rate it: {{2}}', hi: '*{{1}}* का पिकअप पूरा हुआ। धन्यवाद! कृपया रेटिंग दें: {{2}}' },
    },
  },
  PICKUP_REMINDER: {
    sms: {
      id: '1107173000000000109',
      category: implicit,
      vars: FOOD_LINK,
      text: {
        en: 'Annadaan: {#var#} expires in 30 minutes. Pickup details: {#var#}',
        hi: 'अन्नदान: {#var#} 30 मिनट में ख़राब होने के समय तक पहुँचेगा। पिकअप विवरण: {#var#}',
      },
    },
    whatsapp: {
      name: 'annadaan_pickup_reminder',
      params: FOOD_LINK,
      body: {
        en: '*{{1}}* expires in 30 minutes. Pickup details: {{2}}',
        hi: '*{{1}}* 30 मिनट में ख़राब होने के समय तक पहुँचेगा। पिकअप विवरण: {{2}}',
      },
    },
  },
  NEARBY_DONATION: {
    sms: {
      id: '1107173000000000110',
      category: 'SERVICE_EXPLICIT',
      vars: SUBJECT_LINK,
      text: {
        en: 'Annadaan alert: {#var#}. Request it before it is gone: {#var#} Reply STOP to stop SMS.',
        hi: 'अन्नदान सूचना: {#var#}। ख़त्म होने से पहले माँगें: {#var#} SMS बंद करने के लिए STOP भेजें।',
      },
    },
    whatsapp: {
      name: 'annadaan_food_near_you',
      params: SUBJECT_LINK,
      body: {
        en: '{{1}}. Request it before it is gone: {{2}}\n\nReply STOP to stop WhatsApp messages.',
        hi: '{{1}}। ख़त्म होने से पहले माँगें: {{2}}\n\nWhatsApp संदेश बंद करने के लिए STOP भेजें।',
      },
    },
  },
  ACCOUNT_SECURITY: {
    sms: {
      id: '1107173000000000111',
      category: implicit,
      vars: SUBJECT_LINK,
      text: {
        en: 'Annadaan account notice: {#var#}. If this was not you, open {#var#}',
        hi: 'अन्नदान खाता सूचना: {#var#}। अगर यह आपने नहीं किया, तो खोलें {#var#}',
      },
    },
    whatsapp: {
      name: 'annadaan_account_notice',
      params: SUBJECT_LINK,
      body: { en: 'Account notice: {{1}}. If this was not you, open {{2}}', hi: 'खाता सूचना: {{1}}। अगर यह आपने नहीं किया, तो खोलें {{2}}' },
    },
  },
  REPORT_OUTCOME: {
    sms: {
      id: '1107173000000000112',
      category: implicit,
      vars: SUBJECT_LINK,
      text: { en: 'Annadaan: {#var#}. Read more: {#var#}', hi: 'अन्नदान: {#var#}। और पढ़ें: {#var#}' },
    },
    whatsapp: {
      name: 'annadaan_report_outcome',
      params: SUBJECT_LINK,
      body: { en: '{{1}}. Read more: {{2}}', hi: '{{1}}। और पढ़ें: {{2}}' },
    },
  },
  LISTING_HIDDEN: {
    sms: {
      id: '1107173000000000113',
      category: implicit,
      vars: SUBJECT_LINK,
      text: { en: 'Annadaan: {#var#}. Read why: {#var#}', hi: 'अन्नदान: {#var#}। कारण पढ़ें: {#var#}' },
    },
    whatsapp: {
      name: 'annadaan_listing_hidden',
      params: SUBJECT_LINK,
      body: { en: '{{1}}. Read why: {{2}}', hi: '{{1}}। कारण पढ़ें: {{2}}' },
    },
  },
  RUN_AVAILABLE: {
    sms: {
      id: '1107173000000000131',
      category: 'SERVICE_EXPLICIT',
      vars: SUBJECT_LINK,
      text: {
        en: 'Annadaan volunteers: {#var#}. Take it: {#var#} Reply STOP to stop SMS.',
        hi: 'अन्नदान स्वयंसेवक: {#var#}। इसे लें: {#var#} SMS बंद करने के लिए STOP भेजें।',
      },
    },
    whatsapp: {
      name: 'annadaan_run_available',
      params: SUBJECT_LINK,
      body: { en: '{{1}}. Take it: {{2}}', hi: '{{1}}। इसे लें: {{2}}' },
    },
  },
  RUN_UPDATE: {
    sms: {
      id: '1107173000000000132',
      category: implicit,
      vars: SUBJECT_LINK,
      text: { en: 'Annadaan: {#var#}. See it: {#var#}', hi: 'अन्नदान: {#var#}। देखें: {#var#}' },
    },
    whatsapp: {
      name: 'annadaan_run_update',
      params: SUBJECT_LINK,
      body: { en: '{{1}}. See it: {{2}}', hi: '{{1}}। देखें: {{2}}' },
    },
  },
  VOLUNTEERING: {
    sms: {
      id: '1107173000000000133',
      category: implicit,
      vars: SUBJECT_LINK,
      text: { en: 'Annadaan: {#var#}. See it: {#var#}', hi: 'अन्नदान: {#var#}। देखें: {#var#}' },
    },
    whatsapp: {
      name: 'annadaan_volunteering',
      params: SUBJECT_LINK,
      body: { en: '{{1}}. See it: {{2}}', hi: '{{1}}। देखें: {{2}}' },
    },
  },
  WAITLIST: {
    sms: {
      id: '1107173000000000135',
      category: implicit,
      vars: SUBJECT_LINK,
      text: { en: 'Annadaan: {#var#}. Take it: {#var#}', hi: 'अन्नदान: {#var#}। इसे लें: {#var#}' },
    },
    whatsapp: {
      name: 'annadaan_waitlist',
      params: SUBJECT_LINK,
      body: { en: '{{1}}. Take it: {{2}}', hi: '{{1}}। इसे लें: {{2}}' },
    },
  },
  ORGANISATION: {
    sms: {
      id: '1107173000000000114',
      category: implicit,
      vars: SUBJECT_LINK,
      text: { en: 'Annadaan: {#var#}. Open: {#var#}', hi: 'अन्नदान: {#var#}। खोलें: {#var#}' },
    },
    whatsapp: {
      name: 'annadaan_organisation',
      params: SUBJECT_LINK,
      body: { en: '{{1}}. Open: {{2}}', hi: '{{1}}। खोलें: {{2}}' },
    },
  },
  PHONE_CODE: {
    sms: {
      id: '1107173000000000121',
      category: implicit,
      vars: ['code'],
      text: {
        en: '{#var#} is your Annadaan code to verify this phone number. It is valid for 10 minutes. Do not share it with anyone.',
        hi: '{#var#} इस फ़ोन नंबर को सत्यापित करने का आपका अन्नदान कोड है। यह 10 मिनट तक मान्य है। इसे किसी को न बताएँ।',
      },
    },
  },
  RESET_CODE: {
    sms: {
      id: '1107173000000000122',
      category: implicit,
      vars: ['code'],
      text: {
        en: '{#var#} is your Annadaan password reset code. It is valid for 15 minutes. Do not share it with anyone.',
        hi: '{#var#} आपका अन्नदान पासवर्ड रीसेट कोड है। यह 15 मिनट तक मान्य है। इसे किसी को न बताएँ।',
      },
    },
  },
  CHANNEL_OFF: {
    sms: {
      id: '1107173000000000123',
      category: implicit,
      vars: ['subject'],
      text: {
        en: 'Annadaan: you will get no more {#var#} messages from us. Reply START to switch them on again.',
        hi: 'अन्नदान: अब आपको हमसे {#var#} संदेश नहीं मिलेंगे। फिर चालू करने के लिए START भेजें।',
      },
    },
    whatsapp: {
      name: 'annadaan_channel_off',
      params: ['subject'],
      body: {
        en: 'You will get no more {{1}} messages from Annadaan. Reply START to switch them on again.',
        hi: 'अब आपको अन्नदान से {{1}} संदेश नहीं मिलेंगे। फिर चालू करने के लिए START भेजें।',
      },
    },
  },
  CHANNEL_ON: {
    sms: {
      id: '1107173000000000124',
      category: implicit,
      vars: ['subject'],
      text: {
        en: 'Annadaan: {#var#} messages are on again. Reply STOP to switch them off.',
        hi: 'अन्नदान: {#var#} संदेश फिर चालू हो गए। बंद करने के लिए STOP भेजें।',
      },
    },
    whatsapp: {
      name: 'annadaan_channel_on',
      params: ['subject'],
      body: { en: '{{1}} messages from Annadaan are on again. Reply STOP to switch them off.', hi: 'अन्नदान के {{1}} संदेश फिर चालू हो गए। बंद करने के लिए STOP भेजें।' },
    },
  },
  REPLY_ACCEPTED: {
    whatsapp: {
      name: 'annadaan_reply_accepted',
      params: FOOD_LINK,
      body: {
        en: 'Done: you accepted the request for *{{1}}*. The receiver now gets their pickup code. Details: {{2}}',
        hi: 'हो गया: आपने *{{1}}* का अनुरोध स्वीकार किया। प्राप्तकर्ता को अब पिकअप कोड मिलेगा। विवरण: {{2}}',
      },
    },
  },
  REPLY_DECLINED: {
    whatsapp: {
      name: 'annadaan_reply_declined',
      params: FOOD_LINK,
      body: { en: 'Done: you declined the request for *{{1}}*. Details: {{2}}', hi: 'हो गया: आपने *{{1}}* का अनुरोध मना किया। विवरण: {{2}}' },
    },
  },
  REPLY_REFUSED: {
    whatsapp: {
      name: 'annadaan_reply_refused',
      params: ['link'],
      body: {
        en: 'That button no longer works: the request was already answered, or the food has expired. Nothing was changed. See your requests: {{1}}',
        hi: 'वह बटन अब काम नहीं करता: अनुरोध का जवाब पहले ही दिया जा चुका है, या खाने का समय निकल गया। कुछ नहीं बदला। अपने अनुरोध देखें: {{1}}',
      },
    },
  },
};

/** The kinds a channel may carry: every notification kind, on both channels. */
export const MESSAGING_KINDS: readonly NotificationKind[] = NOTIFICATION_KINDS;

export function smsTemplate(key: TemplateKey, language: Language): SmsTemplate | null {
  const entry = REGISTRY[key].sms;
  if (!entry) return null;
  return { templateId: entry.id, text: entry.text[language], vars: entry.vars, category: entry.category };
}

export function whatsappTemplate(key: TemplateKey, language: Language): WhatsAppTemplate | null {
  const entry = REGISTRY[key].whatsapp;
  if (!entry) return null;
  return { name: entry.name, languageCode: language, body: entry.body[language], params: entry.params, buttons: entry.buttons?.[language] ?? [] };
}

/**
 * Cuts a value to fit one variable, on a character (code point) boundary, with three dots: "…"
 * is not in GSM-7 and would turn an English SMS into Unicode (70 characters a part, not 160).
 */
export function fit(value: string, max = SMS_VAR_MAX): string {
  const characters = [...value.trim()];
  return characters.length <= max
    ? characters.join('')
    : `${characters
        .slice(0, max - 3)
        .join('')
        .trimEnd()}...`;
}

export type TemplateValues = Partial<Record<TemplateVar, string>>;

export interface RenderedSms {
  templateId: string;
  /** var1, var2, … in the template's order, each at most SMS_VAR_MAX characters. */
  vars: string[];
  /** The text as the phone shows it. */
  text: string;
  /** Hindi (anything outside GSM-7) goes as Unicode. */
  unicode: boolean;
  category: DltCategory;
}

export function renderSms(key: TemplateKey, language: Language, values: TemplateValues): RenderedSms | null {
  const template = smsTemplate(key, language);
  if (!template) return null;
  const vars = template.vars.map((name) => fit(values[name] ?? ''));
  let index = 0;
  const text = template.text.replace(/\{#var#\}/g, () => vars[index++] ?? '');
  return { templateId: template.templateId, vars, text, unicode: !isGsm7(text), category: template.category };
}

export interface RenderedWhatsApp {
  name: string;
  languageCode: string;
  params: string[];
  body: string;
  buttons: readonly QuickReply[];
}

export function renderWhatsApp(key: TemplateKey, language: Language, values: TemplateValues): RenderedWhatsApp | null {
  const template = whatsappTemplate(key, language);
  if (!template) return null;
  // WhatsApp refuses parameters with new lines or runs of spaces.
  const params = template.params.map((name) => fit((values[name] ?? '').replace(/\s+/g, ' '), 200));
  const body = template.body.replace(/\{\{(\d+)\}\}/g, (_, n: string) => params[Number(n) - 1] ?? '');
  return { name: template.name, languageCode: template.languageCode, params, body, buttons: template.buttons };
}

/** GSM 03.38's basic characters: anything else makes an SMS Unicode (70 characters a part). */
const GSM7 = /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà^{}\\[~\]|€]*$/;
export function isGsm7(text: string): boolean {
  return GSM7.test(text);
}

/** The template keys a channel may be asked to send: every notification kind and its system messages. */
export function keysSentOn(channel: MessagingChannel): TemplateKey[] {
  const system: readonly SystemTemplate[] =
    channel === 'sms'
      ? ['PHONE_CODE', 'RESET_CODE', 'CHANNEL_OFF', 'CHANNEL_ON']
      : ['CHANNEL_OFF', 'CHANNEL_ON', 'REPLY_ACCEPTED', 'REPLY_DECLINED', 'REPLY_REFUSED'];
  return [...MESSAGING_KINDS, ...system];
}

/**
 * What an enabled channel lacks: the server refuses to start with any (main.ts), since a kind
 * without an approved template would be dropped by the provider at send time.
 */
export function missingTemplates(channel: MessagingChannel, languages: readonly Language[]): string[] {
  return keysSentOn(channel).flatMap((key) =>
    languages
      .filter((language) => (channel === 'sms' ? smsTemplate(key, language) : whatsappTemplate(key, language)) === null)
      .map((language) => `${key}/${language}`),
  );
}

/**
 * Short links into the app for messages (one SMS variable holds at most 40 characters):
 * `PUBLIC_URL/s/<letter>` redirects to the page. A notification's link picks its letter by page.
 */
export const SHORT_LINKS = {
  r: paths.myReceivedRequests,
  o: paths.myOrders,
  b: paths.browse,
  p: paths.profile,
  n: paths.notifications,
  d: paths.dashboard,
  v: paths.volunteer,
} as const;
export type ShortLink = keyof typeof SHORT_LINKS;

export function shortLinkFor(link: string): ShortLink {
  const page = link.split(/[?#]/)[0]?.toLowerCase() ?? '';
  const found = (Object.entries(SHORT_LINKS) as [ShortLink, string][]).find(([, path]) => path.toLowerCase() === page);
  if (found) return found[0];
  if (page.startsWith('/request-donation/')) return 'b';
  if (page.startsWith('/runs/')) return 'v';
  return 'n';
}

export function shortUrl(publicBaseUrl: string, alias: ShortLink): string {
  return `${publicBaseUrl}/s/${alias}`;
}
