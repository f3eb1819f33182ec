import { afterEach, describe, expect, it } from 'vitest';
import { focusInOwnDialog } from './focus-in-own-dialog';

function page() {
  document.body.innerHTML = `
    <button id="opener">Issue Form</button>
    <section role="dialog"><button id="close">Close</button><textarea id="scan"></textarea></section>
    <textarea id="loose"></textarea>`;
  const byId = (id: string) => document.getElementById(id) as HTMLElement;
  return { opener: byId('opener'), close: byId('close'), scan: byId('scan'), loose: byId('loose') };
}

describe('focusInOwnDialog', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('moves the focus within the dialog that holds it', () => {
    const { close, scan } = page();
    close.focus();
    focusInOwnDialog(scan);
    expect(document.activeElement).toBe(scan);
  });

  it('focuses when nothing has the focus', () => {
    const { scan } = page();
    focusInOwnDialog(scan);
    expect(document.activeElement).toBe(scan);
  });

  it('leaves the focus where the closed panel gave it back', () => {
    const { opener, scan } = page();
    opener.focus();
    focusInOwnDialog(scan);
    expect(document.activeElement).toBe(opener);
  });

  it('focuses an element outside any dialog', () => {
    const { opener, loose } = page();
    opener.focus();
    focusInOwnDialog(loose);
    expect(document.activeElement).toBe(loose);
  });
});
