import { describe, expect, it } from 'vitest';
import { endpointProblem, isPublicAddress } from './push-endpoint-guard';

describe('push endpoint guard', () => {
  it('tells public addresses from the rest, IPv4-mapped and NAT64 forms included', () => {
    for (const address of ['142.250.183.10', '8.8.8.8', '2607:f8b0:4004:c07::5f', '[2a00:1450:4001:82b::200a]']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.31.255.255',
      '192.168.0.10',
      '169.254.169.254',
      '100.100.100.200',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::a9fe:a9fe',
      'fd12:3456::1',
      'fe80::1',
      'ff02::1',
      '2001:db8::1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('judges names on subscribing but leaves them to the resolved address on sending', () => {
    expect(endpointProblem('https://localhost/push', [], 'subscribe')).toBe('PUSH_ENDPOINT_PRIVATE');
    expect(endpointProblem('https://localhost/push', [], 'send')).toBeNull();
    // IP literals, schemes and ports are refused at both stages.
    for (const stage of ['subscribe', 'send'] as const) {
      expect(endpointProblem('https://127.0.0.1/push', [], stage)).toBe('PUSH_ENDPOINT_PRIVATE');
      expect(endpointProblem('http://fcm.googleapis.com/x', [], stage)).toBe('PUSH_ENDPOINT_NOT_HTTPS');
      expect(endpointProblem('https://fcm.googleapis.com:444/x', [], stage)).toBe('PUSH_ENDPOINT_PORT');
      expect(endpointProblem('https://fcm.googleapis.com/fcm/send/x', [], stage)).toBeNull();
    }
    expect(endpointProblem('http://127.0.0.1:3312/push/x', ['http://127.0.0.1:3312'], 'subscribe')).toBeNull();
    expect(endpointProblem('http://127.0.0.1:3313/push/x', ['http://127.0.0.1:3312'], 'subscribe')).toBe('PUSH_ENDPOINT_NOT_HTTPS');
  });
});
