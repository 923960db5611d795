import { describe, expect, it } from 'vitest';
import { MIN_PASSWORD_SCORE, passwordStrength } from './password-strength';

describe('passwordStrength', () => {
  it.each(['aaaaaaaa', 'Passw0rd!', 'india@123', '12345678a', 'Sairam@1234', 'Krishna#2024', 'mumbai2024!', 'qwertyuiop'])(
    'refuses %s with a reason',
    (password) => {
      const strength = passwordStrength(password);
      expect(strength.score).toBeLessThan(MIN_PASSWORD_SCORE);
      expect(strength.acceptable).toBe(false);
      expect(strength.message).toMatch(/^This password is too easy to guess\. \S/);
    },
  );

  it.each(['Tamarind-Sunrise-42', 'Monsoon-Lantern-Orbit-77', 'correct horse battery staple'])('accepts %s', (password) => {
    const strength = passwordStrength(password);
    expect(strength.acceptable).toBe(true);
    expect(strength.score).toBeGreaterThanOrEqual(MIN_PASSWORD_SCORE);
    expect(strength.message).toBeNull();
  });

  it('gives the reasons by key as well, for the screens in other languages', () => {
    expect(passwordStrength('aaaaaaaa').reasons).toEqual(expect.arrayContaining(['tooEasy', 'warnings.simpleRepeat', 'suggestions.repeated']));
    expect(passwordStrength('aaaaaaaa').reasons[0]).toBe('tooEasy');
    expect(passwordStrength('Passw0rd!').reasons).toContain('warnings.similarToCommon');
    expect(passwordStrength('Tamarind-Sunrise-42').reasons).toEqual([]);
  });

  it('says what is wrong', () => {
    expect(passwordStrength('aaaaaaaa').message).toContain('Repeated characters');
    expect(passwordStrength('Passw0rd!').message).toContain('commonly used password');
  });

  it('counts the person’s own details against the password', () => {
    const password = 'Zorawarbhattacharjee';
    expect(passwordStrength(password).acceptable).toBe(true);
    const personal = passwordStrength(password, ['Zorawar Bhattacharjee', 'zorawar.b@example.in']);
    expect(personal.acceptable).toBe(false);
    expect(personal.message).toContain('personal');
  });
});
