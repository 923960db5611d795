import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { splitSummary, submitFailure } from './form-errors';

const REQUIRED = 'Please fill all required fields.';

describe('splitSummary', () => {
  it('puts the whole-form message once and each field its own text', () => {
    const result = splitSummary({ foodName: REQUIRED, quantity: REQUIRED, price: 'Please enter a valid price greater than 0 for paid food.' }, REQUIRED, {
      foodName: 'Enter the food name.',
    });
    expect(result.summary).toBe(REQUIRED);
    expect(result.fieldErrors).toEqual({
      foodName: 'Enter the food name.',
      quantity: 'This field is required.',
      price: 'Please enter a valid price greater than 0 for paid food.',
    });
    expect(Object.values(result.fieldErrors)).not.toContain(REQUIRED);
  });

  it('gives no summary when nothing repeats it', () => {
    expect(splitSummary({ price: 'x' }, REQUIRED, {})).toEqual({ fieldErrors: { price: 'x' }, summary: null });
  });
});

describe('submitFailure', () => {
  const taken = new ApiError(409, 'This email is already registered.', 'EMAIL_TAKEN', { email: 'This email is already registered.', other: 'not on the form' });

  it('shows a server error on its field only, in the wording the form asks for', () => {
    expect(submitFailure(taken, ['email'], 'Registration failed: ...', (message) => `Registration failed: ${message}`)).toEqual({
      fieldErrors: { email: 'Registration failed: This email is already registered.' },
      formError: null,
    });
  });

  it('shows the form message when no field is to blame', () => {
    expect(submitFailure(new TypeError('Failed to fetch'), ['email'], 'Failed to submit request.')).toEqual({
      fieldErrors: {},
      formError: 'Failed to submit request.',
    });
  });

  it('says a change refused offline needs a connection, instead of the form message', () => {
    const offline = new ApiError(0, 'You are offline. This needs a connection: try again when you are back online.', 'OFFLINE', {}, null, 'OFFLINE');
    expect(submitFailure(offline, ['email'], 'Failed to submit request.')).toEqual({
      fieldErrors: {},
      formError: 'You are offline. This needs a connection: try again when you are back online.',
    });
  });
});
