import { describe, expect, it } from 'vitest';
import { isPlainlyPrivate } from './links';

describe('isPlainlyPrivate', () => {
  it('refuses loopback, private, link-local and intranet hosts, and takes public ones', () => {
    for (const url of [
      'http://127.0.0.1/',
      'http://localhost:3000/',
      'http://[::1]/',
      'http://10.1.2.3/',
      'http://169.254.169.254/latest/meta-data',
      'http://intranet/wiki',
      'http://2130706433/',
    ]) {
      expect(isPlainlyPrivate(url), url).toBe(true);
    }
    expect(isPlainlyPrivate('https://en.wikipedia.org/wiki/Cell')).toBe(false);
  });

  it('lets an allow-listed host or host:port through, and only that one', () => {
    const allow = ['127.0.0.1:4837', 'docs.local'];
    expect(isPlainlyPrivate('http://127.0.0.1:4837/page', allow)).toBe(false);
    expect(isPlainlyPrivate('http://127.0.0.1:4838/page', allow)).toBe(true);
    expect(isPlainlyPrivate('http://docs.local/a', allow)).toBe(false);
    expect(isPlainlyPrivate('http://127.0.0.1/page', allow)).toBe(true);
  });
});
