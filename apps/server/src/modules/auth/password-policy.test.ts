import { type CodedMessage, englishOf } from '@annadaan/contract/message-codes';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashSecret, verifySecret } from './password-hashing';
import { commonPasswordCount, isCommonPassword, passwordProblem } from './password-policy';

const shown = (problem: CodedMessage | null) => (problem ? englishOf(problem) : null);

describe('password policy', () => {
  // zxcvbn loads with the first password checked and builds its estimator then: seconds on a busy
  // machine, which is not what each test's time limit is for.
  beforeAll(async () => {
    await passwordProblem('Tamarind-Sunrise-42', {});
  }, 120_000);

  it('ships at least 10,000 common passwords', () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(10_000);
  });

  it('refuses common passwords whatever their case', async () => {
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('Password1')).toBe(true);
    expect(isCommonPassword('qwertyuiop')).toBe(true);
    expect(await passwordProblem('iloveyou', {})).toEqual({ code: 'PASSWORD_TOO_COMMON' });
  });

  it('refuses a password containing the email name or the phone digits', async () => {
    const person = { email: 'Ravi.Kumar@example.in', contactNumber: '+919876543210' };
    expect(await passwordProblem('my-ravi.kumar-pass', person)).toEqual({ code: 'PASSWORD_HAS_EMAIL' });
    expect(await passwordProblem('x9876543210y', person)).toEqual({ code: 'PASSWORD_HAS_PHONE' });
    expect(await passwordProblem('x98765-43210y', person)).toEqual({ code: 'PASSWORD_HAS_PHONE' });
    expect(await passwordProblem('Tamarind-Sunrise-42', person)).toBeNull();
  });

  it.each(['aaaaaaaa', 'Passw0rd!', 'india@123', '12345678a'])('refuses the easily guessed %s, saying why', async (password) => {
    expect(shown(await passwordProblem(password, {}))).toMatch(/^This password is too (common|easy to guess)/);
  });

  it('refuses a password built from the person’s name', async () => {
    expect(await passwordProblem('Zorawarbhattacharjee', {})).toBeNull();
    expect(shown(await passwordProblem('Zorawarbhattacharjee', { fullName: 'Zorawar Bhattacharjee' }))).toMatch(/personal/);
  });

  it('does not treat a very short email name as personal', async () => {
    expect(await passwordProblem('abundant-mango-tree', { email: 'ab@example.in' })).toBeNull();
  });
});

describe('password hashing', () => {
  it('uses argon2id with the OWASP profile and verifies', async () => {
    const stored = await hashSecret('Tamarind-Sunrise-42');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifySecret(stored, 'Tamarind-Sunrise-42')).toBe(true);
    expect(await verifySecret(stored, 'tamarind-sunrise-42')).toBe(false);
    expect(await verifySecret('not a hash', 'anything')).toBe(false);
  });
});
