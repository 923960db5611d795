import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { STYLES_FILE, neededStylesheets, stylesFileText } from '../../../../scripts/mantine-styles.mjs';

/*
 * The app loads only the @mantine/core stylesheets it uses (issue 18). A component used for the
 * first time, directly or inside another (Select inside a filter), must bring its stylesheet, or
 * it shows unstyled: this fails until `node scripts/mantine-styles.mjs --write` has been run.
 */
describe('Mantine stylesheets', () => {
  it('app/mantine-styles.css imports exactly the stylesheets of the components the app uses', () => {
    expect(fs.readFileSync(STYLES_FILE, 'utf8')).toBe(stylesFileText());
  });

  it('follow a component to the parts it is built from, in the order of Mantine’s own styles.css', () => {
    const sheets = neededStylesheets();
    // The browse filters' Select is an Input with a Combobox in a Popover that scrolls.
    for (const part of ['Input.css', 'Combobox.css', 'Popover.css', 'ScrollArea.css']) expect(sheets).toContain(part);
    // The toasts come from @mantine/notifications, drawn with core's Notification.
    expect(sheets).toContain('Notification.css');
    expect(sheets.slice(0, 3)).toEqual(['baseline.css', 'default-css-variables.css', 'global.css']);
    expect(sheets.indexOf('Input.css')).toBeLessThan(sheets.indexOf('Combobox.css'));
    // Components the app never draws are left out.
    expect(sheets).not.toContain('ColorPicker.css');
    expect(sheets).not.toContain('Stepper.css');
  });
});
