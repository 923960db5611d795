import { expect, it } from 'vitest';
import { positionFailureMessage } from './use-current-position';

it('explains a refusal in plain words and says what to do instead', () => {
  const refused = positionFailureMessage(1);
  expect(refused).toMatch(/^Unable to retrieve your location: /);
  expect(refused).toContain('not allowed to share where you are');
  expect(refused).toContain('Type your address with its 6-digit pin code instead');
  expect(positionFailureMessage(3)).toContain('took too long');
  expect(positionFailureMessage(2)).toContain('could not tell where it is');
});
