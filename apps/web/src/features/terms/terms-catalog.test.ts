import { ACCOUNT_DELETION_TERMS, TERMS } from '@annadaan/contract/terms';
import { describe, expect, it } from 'vitest';
import enPages from '../../i18n/locales/en/pages.json';

/*
 * What people agree to at sign-up is versioned in the contract (TERMS_VERSION). The English
 * catalog must say exactly that text, so a change to one without the other (and without a new
 * version) fails here; the Hindi catalog follows the English keys (i18n.test.ts).
 */
describe('the terms in the English catalog', () => {
  it('are the contract’s five terms, word for word', () => {
    expect(enPages.terms.list).toEqual(TERMS.map((term) => ({ title: term.title, text: term.text })));
  });

  it('are the contract’s section on deleting an account, word for word', () => {
    expect(enPages.terms.deletion).toEqual({ title: ACCOUNT_DELETION_TERMS.title, paragraphs: [...ACCOUNT_DELETION_TERMS.paragraphs] });
  });
});
