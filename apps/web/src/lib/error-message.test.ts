import { MESSAGES, msg } from '@annadaan/contract/message-codes';
import { RegisterInputSchema } from '@annadaan/contract/auth';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import englishErrors from '../i18n/locales/en/errors.json';
import { i18n, loadLanguage } from '../i18n/i18n';
import { ApiError, apiRequest, errorMessage, serverMessage, setApiFetch } from './api-client';
import { messageText } from './error-message';
import { contractMessage, serverFieldErrors, splitSummary, zodFormErrors } from './form-errors';

beforeAll(async () => {
  await loadLanguage('hi');
});

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const hindi = async () => {
  await i18n.changeLanguage('hi');
};

// First in the file: English's catalog must not be in memory yet (nothing bundles it).
describe('English error messages', () => {
  afterEach(() => {
    setApiFetch((input, init) => fetch(input, init));
  });

  it('are fetched when a failure needs them: a refusal says its wait', async () => {
    expect(i18n.hasResourceBundle('en', 'errors')).toBe(false);
    // Without the catalog the wait is left out, never shown as its key.
    const refusal = { english: 'Too many attempts. Please wait and try again.', code: 'TOO_MANY_ATTEMPTS', params: { minutes: '5' } };
    expect(messageText(refusal, 'en')).toBe('Too many attempts. Please wait and try again.');

    setApiFetch(async () =>
      Response.json({ code: 'RATE_LIMITED', message: refusal.english, messageCode: refusal.code, params: refusal.params }, { status: 429 }),
    );
    const error: unknown = await apiRequest('/api/auth/login', { method: 'POST', body: {} }).catch((caught: unknown) => caught);
    expect(i18n.hasResourceBundle('en', 'errors')).toBe(true);
    expect(errorMessage(error)).toBe('Too many attempts. Please wait and try again. Try again in 5 minutes.');
  });
});

describe('the errors catalog', () => {
  it('has in English exactly the registry’s texts, and only the wait besides', () => {
    const { retryIn_one: one, retryIn_other: other, ...codes } = englishErrors;
    expect(codes).toEqual(MESSAGES);
    expect([one, other]).toEqual(['Try again in {{count}} minute.', 'Try again in {{count}} minutes.']);
  });
});

describe('messageText', () => {
  it('gives the English as it came in English', () => {
    expect(messageText({ english: 'Donation not found.', code: 'DONATION_NOT_FOUND' }, 'en')).toBe('Donation not found.');
  });

  it('gives the code’s text in Hindi, with its values in Indian grouping', () => {
    expect(messageText({ english: 'Donation not found.', code: 'DONATION_NOT_FOUND' }, 'hi')).toBe('दान नहीं मिला।');
    expect(messageText({ english: 'x', code: 'PEOPLE_RANGE', params: { min: '1', max: '10000' } }, 'hi')).toBe('लोगों की संख्या डालें, 1 से 10,000 तक की पूरी संख्या।');
  });

  it('falls back to the English for a message with no code or an unknown one', () => {
    expect(messageText({ english: 'Invalid input: expected string' }, 'hi')).toBe('Invalid input: expected string');
    expect(messageText({ english: 'Something new.', code: 'NO_SUCH_CODE' }, 'hi')).toBe('Something new.');
  });

  it('says the food words of a contradiction in Hindi', () => {
    expect(
      messageText({ english: 'Vegan food cannot contain Milk.', code: 'DIET_ALLERGEN_CONTRADICTION', params: { diet: 'Vegan', allergen: 'Milk' } }, 'hi'),
    ).toBe('वीगन खाने में दूध नहीं हो सकता।');
  });

  it('shows a suspension’s end as a date in the reader’s language', () => {
    const text = messageText({ english: 'x', code: 'ACCOUNT_SUSPENDED_UNTIL', params: { until: '2026-12-01T06:30:00.000Z' } }, 'hi');
    expect(text).toMatch(/^यह अकाउंट 1 दिस\S* 2026, 12:00 /);
    expect(text).not.toMatch(/[A-Za-z]{3}/);
  });

  it('adds the wait of a rate limit in minutes', () => {
    expect(messageText({ english: 'Too many attempts. Please wait and try again.', code: 'TOO_MANY_ATTEMPTS', params: { minutes: '3' } }, 'hi')).toBe(
      'बहुत ज़्यादा कोशिशें हो गईं। थोड़ी देर बाद फिर कोशिश करें। 3 मिनट बाद फिर कोशिश करें।',
    );
    expect(messageText({ english: 'Too many attempts. Please wait and try again.', code: 'TOO_MANY_ATTEMPTS', params: { minutes: '1' } }, 'en')).toBe(
      'Too many attempts. Please wait and try again. Try again in 1 minute.',
    );
  });
});

describe('ApiError', () => {
  const wrongLogin = new ApiError(401, 'Invalid email or password.', 'INVALID_CREDENTIALS', {}, 'Invalid email or password.', 'INVALID_LOGIN');

  it('keeps the English message and shows the reader’s language', async () => {
    expect(wrongLogin.message).toBe('Invalid email or password.');
    expect(errorMessage(wrongLogin)).toBe('Invalid email or password.');
    await hindi();
    expect(wrongLogin.message).toBe('Invalid email or password.');
    expect(wrongLogin.shownMessage).toBe('ईमेल या पासवर्ड ग़लत है।');
    expect(errorMessage(wrongLogin)).toBe('ईमेल या पासवर्ड ग़लत है।');
    expect(serverMessage(wrongLogin)).toBe('ईमेल या पासवर्ड ग़लत है।');
  });

  it('gives a network failure its own text', async () => {
    await hindi();
    const offline = new ApiError(0, 'Network error. Check your connection and try again.', 'NETWORK_ERROR', {}, null, 'NETWORK_ERROR');
    expect(errorMessage(offline)).toBe('नेटवर्क में दिक्कत है। अपना इंटरनेट कनेक्शन देखें और फिर से कोशिश करें।');
    expect(serverMessage(offline)).toBeNull();
  });

  it('shows the server’s field errors by their codes, only for the form’s fields', async () => {
    const taken = new ApiError(
      409,
      'This email is already registered.',
      'EMAIL_TAKEN',
      { email: 'This email is already registered.', other: 'x' },
      'This email is already registered.',
      'EMAIL_TAKEN',
      {},
      {
        email: { code: 'EMAIL_TAKEN' },
      },
    );
    expect(serverFieldErrors(taken, ['email'])).toEqual({ email: 'This email is already registered.' });
    await hindi();
    expect(serverFieldErrors(taken, ['email'])).toEqual({ email: 'यह ईमेल पहले से रजिस्टर है।' });
  });
});

describe('form errors from the contract’s schemas', () => {
  const badSignUp = { fullName: '', email: 'not an email', password: 'short', contactNumber: '12', location: 'Pune', role: 'DONOR' };

  it('are the contract’s English in English', () => {
    const errors = zodFormErrors(RegisterInputSchema, badSignUp);
    expect(errors.email).toBe('Enter a valid email address.');
    expect(errors.password).toBe('Use at least 8 characters.');
  });

  it('are in Hindi by the English text’s code, values included', async () => {
    await hindi();
    const errors = zodFormErrors(RegisterInputSchema, badSignUp);
    expect(errors.fullName).toBe('पूरा नाम ज़रूरी है।');
    expect(errors.email).toBe('सही ईमेल पता डालें।');
    expect(errors.password).toBe('कम से कम 8 अक्षर रखें।');
    expect(contractMessage(msg('FULL_NAME_TOO_LONG', { max: 100 }))).toBe('पूरा नाम ज़्यादा से ज़्यादा 100 अक्षर का हो सकता है।');
  });

  it('split a summary that sits on every field, in either language', async () => {
    await hindi();
    const summary = msg('REQUIRED_FIELDS');
    const errors = { foodName: contractMessage(summary), quantity: 'कुछ और' };
    expect(splitSummary(errors, summary, {})).toEqual({
      fieldErrors: { foodName: 'यह जानकारी ज़रूरी है।', quantity: 'कुछ और' },
      summary: 'कृपया सभी ज़रूरी जानकारी भरें।',
    });
  });
});
