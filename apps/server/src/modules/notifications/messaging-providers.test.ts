import { describe, expect, it } from 'vitest';
import { providerReason } from './messaging-providers';

describe("a provider's reason for a refusal", () => {
  it('keeps the words, masks any number it echoes to its last 4 digits, and stays short', () => {
    expect(providerReason('Recipient not on WhatsApp')).toBe(': Recipient not on WhatsApp');
    expect(providerReason('Number 919876543210 is in DND')).toBe(': Number …3210 is in DND');
    expect(providerReason('Invalid mobile +91 98765-43210')).toBe(': Invalid mobile …3210');
    expect(providerReason('Template 1107173000000000105 rejected')).toBe(': Template …0105 rejected');
    expect(providerReason('x'.repeat(500))).toHaveLength(122);
    expect(providerReason(undefined)).toBe('');
    expect(providerReason('  ')).toBe('');
    expect(providerReason({ message: 'not text' })).toBe('');
  });
});
