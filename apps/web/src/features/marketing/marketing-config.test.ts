import { describe, expect, it } from 'vitest';
import { DEFAULT_AFFILIATE_PORTAL_URL, affiliatePortalUrl } from './marketing-config';

describe('affiliate portal address', () => {
  it('uses the configured absolute address', () => {
    expect(affiliatePortalUrl('https://partners.example.com/join')).toBe(
      'https://partners.example.com/join',
    );
  });

  it.each([undefined, '', '   ', 'partners/join', 'javascript:alert(1)', 42])(
    'falls back to the default for %s',
    (value) => {
      expect(affiliatePortalUrl(value)).toBe(DEFAULT_AFFILIATE_PORTAL_URL);
    },
  );
});
