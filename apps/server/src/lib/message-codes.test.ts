import { fileURLToPath } from 'node:url';
import { MESSAGES, codeOfMessage } from '@annadaan/contract/message-codes';
import { describe, expect, it } from 'vitest';
import { HOLE, scanEnglishMessages } from '../../test/english-message-scan';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const registered = Object.values(MESSAGES) as string[];

/** A found text with `${...}` holes as a pattern over the registry's texts, whose values are `{{name}}` or a concrete word. */
function asPattern(text: string): RegExp {
  return new RegExp(`^${text.split(HOLE).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+')}$`, 's');
}

describe('the message registry', () => {
  const found = scanEnglishMessages(root, ['packages/contract/src', 'apps/server/src']);

  it('finds the messages in the source (the scan itself works)', () => {
    expect(found.length).toBeGreaterThan(200);
    expect(found.map((message) => message.text)).toEqual(expect.arrayContaining(['Donation not found.', `Use at least ${HOLE} characters.`]));
  });

  it('has a code for every English message the server or the contract can give a person', () => {
    const missing = found
      .filter(({ text }) => (text.includes(HOLE) ? !registered.some((english) => asPattern(text).test(english)) : codeOfMessage(text) === null))
      .map(({ file, line, text }) => `${file}:${line} ${JSON.stringify(text.replaceAll(HOLE, '${…}'))}`);
    expect(missing, 'add these to packages/contract/src/message-codes.ts (and errors.json in every language)').toEqual([]);
  });

  it('lists each text once, under codes in UPPER_SNAKE_CASE', () => {
    expect(new Set(registered).size).toBe(registered.length);
    for (const code of Object.keys(MESSAGES)) expect(code).toMatch(/^[A-Z][A-Z0-9_]*$/);
  });
});

describe('codeOfMessage', () => {
  it('finds a fixed message', () => {
    expect(codeOfMessage('Donation not found.')).toEqual({ code: 'DONATION_NOT_FOUND' });
    expect(codeOfMessage('Invalid email or password.')).toEqual({ code: 'INVALID_LOGIN' });
  });

  it('finds a message with values and gives the values back', () => {
    expect(codeOfMessage('Use at least 8 characters.')).toEqual({ code: 'PASSWORD_TOO_SHORT', params: { min: '8' } });
    expect(codeOfMessage('Enter the number of people, a whole number from 1 to 10000.')).toEqual({
      code: 'PEOPLE_RANGE',
      params: { min: '1', max: '10000' },
    });
    expect(codeOfMessage('The request querystring is not valid.')).toEqual({ code: 'REQUEST_PART_INVALID', params: { part: 'querystring' } });
  });

  it('prefers the labelled message over the general one', () => {
    expect(codeOfMessage('Full name must be at most 100 characters.')).toEqual({ code: 'FULL_NAME_TOO_LONG', params: { max: '100' } });
    expect(codeOfMessage('Location must be text.')).toEqual({ code: 'TEXT_EXPECTED', params: { label: 'Location' } });
  });

  it('takes a message that starts with a prefix code', () => {
    expect(codeOfMessage('This password is too easy to guess. Add another word or two that are less common.')).toEqual({ code: 'PASSWORD_TOO_EASY' });
    expect(codeOfMessage('This password is too easy to guess.')).toEqual({ code: 'PASSWORD_TOO_EASY' });
  });

  it('knows nothing of other texts', () => {
    expect(codeOfMessage('Invalid input: expected string, received number')).toBeNull();
    expect(codeOfMessage('')).toBeNull();
  });
});
