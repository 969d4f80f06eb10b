import { expect, test } from '@playwright/test';
import { FakeDeckApi, fakeSource, serveThumbnails } from './fake-deck-api';

// Issue 18.7: a video thumbnail that cannot load (offline: the fake aborts every i.ytimg.com
// request) is a placeholder tile, never the browser's broken-image icon. One shared component
// (components/thumbnail.tsx) does it for the video browser, the library and Explore.

test('offline video thumbnails on the creation page and in the library are placeholder tiles', async ({
  page,
}) => {
  const api = new FakeDeckApi({ signedIn: true });
  api.addDeck('Neural networks', {
    sources: [
      fakeSource({
        type: 'youtube',
        url: 'https://www.youtube.com/watch?v=aircAruvnKk',
        processingStatus: 'completed',
      }),
    ],
  });
  await api.install(page);

  await page.goto('/create-flashcards');
  const browser = page.getByRole('region', { name: 'Find videos' });
  const videos = browser.getByRole('list', { name: 'Videos' }).getByRole('listitem');
  await expect(videos).toHaveCount(5);
  await expect(browser.locator('[data-thumbnail="placeholder"]')).toHaveCount(5);
  await expect(browser.locator('img')).toHaveCount(0);
  await browser.scrollIntoViewIfNeeded();

  await page.goto('/library');
  const card = page.getByRole('link', { name: /Neural networks/ });
  await expect(card.locator('[data-thumbnail="placeholder"]')).toHaveCount(1);
  await expect(card.locator('img')).toHaveCount(0);
});

test('a thumbnail that loads stays a picture', async ({ page }) => {
  const api = new FakeDeckApi({ signedIn: false });
  await api.install(page);
  await serveThumbnails(page);
  await page.goto('/create-flashcards');
  const browser = page.getByRole('region', { name: 'Find videos' });
  const images = browser.locator('img[data-thumbnail="image"]');
  await expect(images).toHaveCount(5);
  await expect(browser.locator('[data-thumbnail="placeholder"]')).toHaveCount(0);
  await expect
    .poll(() => images.first().evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBe(1);
});
