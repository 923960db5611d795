// Types of local-messaging-provider.mjs, for the server's tests.
export interface ReceivedWhatsApp {
  channel: 'whatsapp';
  id: string;
  to: string;
  template: string;
  language: string;
  params: string[];
  buttons: string[];
  idempotencyKey: string | null;
  at: string;
}
export interface ReceivedSms {
  channel: 'sms';
  id: string;
  to: string;
  templateId: string;
  vars: string[];
  shortUrl: string | null;
  idempotencyKey: string | null;
  at: string;
}
export type Received = ReceivedWhatsApp | ReceivedSms;
export interface Delivered {
  status: number;
  body: string;
}
export interface LocalMessagingProvider {
  url: string;
  whatsappApiUrl: string;
  msg91BaseUrl: string;
  credentials: typeof LOCAL_CREDENTIALS;
  received: Received[];
  setAppUrl(url: string): void;
  refuse(number: string, channel?: 'whatsapp' | 'sms'): void;
  failNext(count: number): void;
  hold(): void;
  release(): void;
  waitForCount(count: number): Promise<void>;
  signWhatsApp(value: Record<string, unknown>): { raw: string; signature: string };
  whatsappStatus(messageId: string, status: string, recipient?: string): Promise<Delivered>;
  whatsappReply(from: string, reply: { text?: string; payload?: string }): Promise<Delivered & { message: { id: string }; raw: string; signature: string }>;
  smsReport(requestId: string, status: string, description?: string): Promise<Delivered>;
  smsReply(from: string, text: string): Promise<Delivered>;
  env(): Record<string, string>;
  close(): Promise<void>;
}
export declare const LOCAL_CREDENTIALS: {
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
  authKey: string;
  smsWebhookSecret: string;
  dltEntityId: string;
  senderId: string;
};
export declare function startLocalMessagingProvider(options?: {
  port?: number;
  host?: string;
  appUrl?: string;
  credentials?: Partial<typeof LOCAL_CREDENTIALS>;
}): Promise<LocalMessagingProvider>;
