import { describe, expect, it } from 'vitest';
import { readBrowseFilters, writeBrowseFilters } from './browse-params';

describe("Browse's filters in the URL", () => {
  it('reads the filters and falls back to the defaults for what it does not know', () => {
    expect(readBrowseFilters(new URLSearchParams('foodName=rice&location=560034&foodType=RAW&sort=NEWEST&page=2'))).toEqual({
      foodName: 'rice',
      location: '560034',
      foodType: 'RAW',
      sort: 'NEWEST',
      page: 2,
    });
    expect(readBrowseFilters(new URLSearchParams('foodType=SOUP&sort=CHEAPEST&page=-1'))).toEqual({
      foodName: '',
      location: '',
      foodType: '',
      sort: 'ENDING_SOON',
      page: 1,
    });
  });

  it('keeps what is already in the address bar when a select changes after the typed words were written', () => {
    const typed = writeBrowseFilters(new URLSearchParams('near=me&diet=VEG%2CVEGAN'), { foodName: 'biryani', location: '560034' });
    const chosen = writeBrowseFilters(typed, { foodType: 'PRECOOKED' });
    expect(readBrowseFilters(chosen)).toMatchObject({ foodName: 'biryani', location: '560034', foodType: 'PRECOOKED' });
    expect(chosen.get('near')).toBe('me');
    expect(chosen.get('diet')).toBe('VEG,VEGAN');
  });

  it('leaves defaults and cleared text out, and starts again from page 1 on any change of filter', () => {
    const onPage3 = writeBrowseFilters(new URLSearchParams('foodName=dal&sort=NEWEST'), { page: 3 });
    expect(onPage3.toString()).toBe('foodName=dal&sort=NEWEST&page=3');
    expect(writeBrowseFilters(onPage3, { foodName: '', sort: 'ENDING_SOON' }).toString()).toBe('');
    expect(writeBrowseFilters(onPage3, { page: 1 }).toString()).toBe('foodName=dal&sort=NEWEST');
  });
});
