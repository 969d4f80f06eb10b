import type { Page } from '@playwright/test';

/**
 * Starts recording whether any dialog gets marked closing (`data-closing="true"`, the 200 ms
 * fade-out). A loaded machine can take longer than the fade to poll the attribute, so an observer
 * in the page records it; the returned function reads the record once the dialog is gone.
 */
export async function watchDialogClosing(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate(() => {
    const seen = { closing: false };
    (window as unknown as { __dialogClosing: typeof seen }).__dialogClosing = seen;
    new MutationObserver((records) => {
      for (const r of records) {
        if ((r.target as Element).getAttribute?.('data-closing') === 'true') seen.closing = true;
      }
    }).observe(document.body, { attributes: true, subtree: true, attributeFilter: ['data-closing'] });
  });
  return () =>
    page.evaluate(
      () => (window as unknown as { __dialogClosing: { closing: boolean } }).__dialogClosing.closing,
    );
}
