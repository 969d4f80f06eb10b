import { describe, expect, it } from 'vitest';
import {
  isMobileDevice,
  isMobileUserAgent,
  keepsAppMounted,
  shouldShowDesktopAdvice,
} from './mobile';

const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

describe('mobile detection', () => {
  it.each([
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/140 Mobile Safari/537.36'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15'],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15'],
    ['Mozilla/5.0 (iPod touch; CPU iPhone OS 12_0 like Mac OS X)'],
    ['Mozilla/5.0 (webOS/1.4.0; U; en-US) AppleWebKit/532.2'],
    ['Mozilla/5.0 (BlackBerry; U; BlackBerry 9900; en)'],
    ['Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950)'],
    ['Some browser MOBILE edition'],
  ])('treats %s as a mobile user agent', (ua) => {
    expect(isMobileUserAgent(ua)).toBe(true);
  });

  it('treats a desktop user agent as not mobile', () => {
    expect(isMobileUserAgent(DESKTOP_UA)).toBe(false);
  });

  it('counts a window of 768 px or less as mobile whatever the user agent', () => {
    expect(isMobileDevice(DESKTOP_UA, 768)).toBe(true);
    expect(isMobileDevice(DESKTOP_UA, 500)).toBe(true);
    expect(isMobileDevice(DESKTOP_UA, 769)).toBe(false);
    expect(isMobileDevice('iPhone', 1400)).toBe(true);
  });
});

describe('desktop-advice rule', () => {
  it.each([
    '/',
    '/info',
    '/plans',
    '/affiliate',
    '/mobile-invite',
    '/terms',
    '/privacy',
    '/reset-password',
    '/info/',
  ])('lets mobile visitors use %s', (path) => {
    expect(shouldShowDesktopAdvice(path, true)).toBe(false);
  });

  it.each([
    '/create-flashcards',
    '/library',
    '/explore',
    '/deck/abc/summary',
    '/help',
    '/settings',
    '/plans/extra',
  ])('shows the desktop advice to mobile visitors on %s', (path) => {
    expect(shouldShowDesktopAdvice(path, true)).toBe(true);
  });

  it('never shows it on a desktop', () => {
    expect(shouldShowDesktopAdvice('/library', false)).toBe(false);
  });
});

describe('the app under the desktop advice', () => {
  it('stays mounted when the window narrows on the page that was on screen', () => {
    expect(keepsAppMounted(false, false)).toBe(true);
    expect(keepsAppMounted(true, true)).toBe(true);
  });

  it('is not mounted for a page never shown on a wide window (a phone)', () => {
    expect(keepsAppMounted(true, false)).toBe(false);
  });
});
