import { findLayoutProblems } from './support/layout';
import { expect, test } from './support/test';

/*
 * The layout check every journey runs (support/layout.ts), checked on a page made for it: it must
 * name what a person sees cut off, and must not name what a person cannot see, such as a toast
 * that has faded out and waits a moment to be unmounted (max-height 0, padding, opacity 0).
 */
test('the layout check names clipped text a person sees and passes over text that is not seen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.setContent(`
    <main>
      <div id="cut" style="overflow: hidden; max-height: 0; padding: 8px">Seen, and cut off at the bottom</div>
      <div id="gone" style="overflow: hidden; max-height: 0; padding: 8px; opacity: 0">Faded out, waiting to be removed</div>
      <div style="opacity: 0"><p style="overflow: hidden; white-space: nowrap; width: 40px">Inside a faded-out part</p></div>
      <p style="overflow: hidden; white-space: nowrap; width: 40px">A label too long for its box</p>
    </main>`);
  const problems = await findLayoutProblems(page);
  // The sizes in the messages depend on the fonts installed; what is named does not.
  expect(problems).toEqual([
    expect.stringMatching(/^cut off at the bottom \(\d+ > 16 px\): <div> "Seen, and cut off at the bottom"$/),
    expect.stringMatching(/^cut off sideways \(\d+ > 40 px\): <p> "A label too long for its box"$/),
  ]);
});
