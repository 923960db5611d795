import { passwordStrength } from '@annadaan/contract/password-strength';
import { expect, it } from 'vitest';
import { i18n, loadLanguage } from '../i18n/i18n';

const WEAK = ['aaaaaaaa', 'Passw0rd!', 'india@123', 'qwertyuiop', 'Krishna#2024', 'abcabcabc', 'Zorawarbhattacharjee'];

it('words the reasons in English exactly as the server does, and in Hindi without English', async () => {
  await Promise.all([loadLanguage('en', ['auth']), loadLanguage('hi', ['auth'])]);
  const english = i18n.getFixedT('en', 'auth');
  const hindi = i18n.getFixedT('hi', 'auth');
  for (const password of WEAK) {
    const strength = passwordStrength(password, ['Zorawar Bhattacharjee']);
    expect(strength.reasons.length).toBeGreaterThan(1);
    const say = (t: typeof english) => strength.reasons.map((reason) => t(`strength.feedback.${reason}` as never)).join(' ');
    expect(say(english)).toBe(strength.message);
    // Hindi keeps the examples zxcvbn quotes ("aaa", '@'), nothing else in Latin letters.
    expect(say(hindi).replace(/"[a-z]+"|'[a-z@]'/g, '')).not.toMatch(/[A-Za-z]{3}/);
  }
});
