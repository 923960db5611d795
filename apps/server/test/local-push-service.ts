import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service on loopback for tests, playing the part FCM or Mozilla's autopush play for a
 * browser: it hands out subscriptions (a P-256 key pair and an auth secret of its own, as a
 * browser makes them), and for each message posted to an endpoint it checks the VAPID
 * authorisation (RFC 8292: an ES256 JWT for this origin, signed by the key in `k`, matching the
 * key the subscription was made with) and decrypts the body (RFC 8291, aes128gcm) with the
 * subscription's private key. Only what decrypts is kept as received. It can be told to answer a
 * subscription with 410 (gone) or to fail its next messages (429/5xx), as real services do.
 */

export interface LocalSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  subscriptionId: string;
  /** The decrypted body, as text. */
  payload: string;
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
  /** The VAPID JWT's claims, checked. */
  claims: { aud: string; exp: number; sub: string };
}

interface Held {
  ecdh: crypto.ECDH;
  publicKey: Buffer;
  auth: Buffer;
  /** The applicationServerKey given when subscribing: messages must be signed by it. */
  serverKey: Buffer | null;
  gone: boolean;
  failures: number[];
}

const b64url = (bytes: Buffer) => bytes.toString('base64url');

export interface LocalPushService {
  origin: string;
  /** A new subscription, as pushManager.subscribe would give it; `applicationServerKey` in base64url. */
  subscribe(applicationServerKey?: string): LocalSubscription;
  /** Every message that arrived, authorised and decrypted, oldest first. */
  received(): ReceivedPush[];
  /** Every request that was refused, with the reason (bad signature, cannot decrypt, gone). */
  refused(): { subscriptionId: string; status: number; reason: string }[];
  /** Resolves with the first received message (already there or yet to come) that `match` accepts. */
  nextMessage(match?: (message: ReceivedPush) => boolean): Promise<ReceivedPush>;
  /** From now on the subscription is gone: 410 Gone to every message. */
  expire(endpoint: string): void;
  /** The next messages to this subscription get these statuses (e.g. 429, 503) instead of being taken. */
  failNext(endpoint: string, ...statuses: number[]): void;
  /** How many POSTs reached the service at all (taken, refused or failed). */
  requestCount(): number;
  close(): Promise<void>;
}

function verifyVapid(authorization: string | undefined, origin: string, held: Held): { claims: ReceivedPush['claims'] } | string {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match?.[1] || !match[2]) return 'Authorization is not "vapid t=..., k=..."';
  const [header, body, signature] = match[1].split('.');
  if (!header || !body || !signature) return 'the JWT has not three parts';
  const key = Buffer.from(match[2], 'base64url');
  if (key.length !== 65 || key[0] !== 4) return 'k is not an uncompressed P-256 key';
  if (held.serverKey && !held.serverKey.equals(key)) return 'k is not the applicationServerKey of this subscription';
  const publicKey = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(key.subarray(1, 33)), y: b64url(key.subarray(33, 65)) },
    format: 'jwk',
  });
  const signed = crypto.verify('sha256', Buffer.from(`${header}.${body}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) return 'the JWT signature does not verify';
  const alg = (JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string }).alg;
  if (alg !== 'ES256') return 'the JWT is not ES256';
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ReceivedPush['claims'];
  if (claims.aud !== origin) return `aud is ${claims.aud}, not ${origin}`;
  const now = Math.floor(Date.now() / 1000);
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) return 'exp is not within the next 24 hours';
  if (!/^(mailto:|https:)/.test(claims.sub)) return 'sub is not mailto: or https:';
  return { claims };
}

/** RFC 8291 with RFC 8188 records: the receiving side, as a browser does it. */
export function decryptAes128gcm(body: Buffer, held: { ecdh: crypto.ECDH; publicKey: Buffer; auth: Buffer }): Buffer {
  if (body.length < 21) throw new Error('body shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  if (idLength !== 65) throw new Error("keyid is not the sender's 65-byte public key");
  const ciphertext = body.subarray(21 + idLength);

  const shared = held.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), held.publicKey, senderKey]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', shared, held.auth, keyInfo, 32));
  const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const baseNonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));

  const parts: Buffer[] = [];
  let sequence = 0;
  for (let offset = 0; offset < ciphertext.length; offset += recordSize, sequence += 1) {
    const record = ciphertext.subarray(offset, offset + recordSize);
    const nonce = Buffer.from(baseNonce);
    // The record's sequence number is XORed into the nonce's low bytes (records here are few, so 32 bits do).
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ sequence) >>> 0, 8);
    const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // Padding: the content, one delimiter (2 in the last record, 1 before), then zeros.
    let end = plain.length - 1;
    while (end >= 0 && plain[end] === 0) end -= 1;
    const last = offset + recordSize >= ciphertext.length;
    if (plain[end] !== (last ? 2 : 1)) throw new Error('bad padding delimiter');
    parts.push(plain.subarray(0, end));
  }
  return Buffer.concat(parts);
}

export async function startLocalPushService(port = 0): Promise<LocalPushService> {
  const held = new Map<string, Held>();
  const received: ReceivedPush[] = [];
  const refused: { subscriptionId: string; status: number; reason: string }[] = [];
  const waiters: { match: (message: ReceivedPush) => boolean; resolve: (message: ReceivedPush) => void }[] = [];
  let requests = 0;
  let origin = '';

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = (status: number) => {
        response.writeHead(status, { 'content-length': '0' });
        response.end();
      };
      const id = /^\/push\/([A-Za-z0-9_-]+)$/.exec(request.url ?? '')?.[1];
      if (request.method !== 'POST' || !id) return answer(404);
      requests += 1;
      const subscription = held.get(id);
      const refuse = (status: number, reason: string) => {
        refused.push({ subscriptionId: id, status, reason });
        answer(status);
      };
      if (!subscription) return refuse(404, 'no such subscription');
      if (subscription.gone) return refuse(410, 'gone');
      const failure = subscription.failures.shift();
      if (failure !== undefined) return refuse(failure, 'told to fail');
      const vapid = verifyVapid(request.headers.authorization, origin, subscription);
      if (typeof vapid === 'string') return refuse(403, vapid);
      if (request.headers['content-encoding'] !== 'aes128gcm') return refuse(415, 'Content-Encoding is not aes128gcm');
      const ttl = Number(request.headers.ttl);
      if (!Number.isInteger(ttl) || ttl < 0) return refuse(400, 'no TTL header');
      let payload: string;
      try {
        payload = decryptAes128gcm(Buffer.concat(chunks), subscription).toString('utf8');
      } catch (error) {
        return refuse(400, `cannot decrypt: ${error instanceof Error ? error.message : String(error)}`);
      }
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : undefined;
      };
      const message: ReceivedPush = { subscriptionId: id, payload, ttl, urgency: header('urgency'), topic: header('topic'), claims: vapid.claims };
      received.push(message);
      for (const waiter of [...waiters]) {
        if (waiter.match(message)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(message);
        }
      }
      answer(201);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const idOf = (endpoint: string) => {
    const id = endpoint.slice(endpoint.lastIndexOf('/') + 1);
    const subscription = held.get(id);
    if (!subscription) throw new Error(`No subscription at ${endpoint}`);
    return subscription;
  };

  return {
    origin,
    subscribe(applicationServerKey) {
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const id = crypto.randomBytes(12).toString('base64url');
      const publicKey = ecdh.getPublicKey();
      const auth = crypto.randomBytes(16);
      held.set(id, {
        ecdh,
        publicKey,
        auth,
        serverKey: applicationServerKey ? Buffer.from(applicationServerKey, 'base64url') : null,
        gone: false,
        failures: [],
      });
      return { endpoint: `${origin}/push/${id}`, keys: { p256dh: b64url(publicKey), auth: b64url(auth) } };
    },
    received: () => [...received],
    refused: () => [...refused],
    nextMessage(match = () => true) {
      const found = received.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
    expire(endpoint) {
      idOf(endpoint).gone = true;
    },
    failNext(endpoint, ...statuses) {
      idOf(endpoint).failures.push(...statuses);
    },
    requestCount: () => requests,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A port the system just handed out and nobody holds now: for "a listed origin where nothing listens". */
export async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
