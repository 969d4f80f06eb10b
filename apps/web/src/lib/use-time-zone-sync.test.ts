import { describe, expect, it } from 'vitest';
import { browserTimeZone, timeZoneToSend } from './use-time-zone-sync';

describe('time zone sync', () => {
  it('sends the browser zone only when it differs from the stored one', () => {
    expect(timeZoneToSend('UTC', 'Europe/Paris')).toBe('Europe/Paris');
    expect(timeZoneToSend('Europe/Paris', 'Europe/Paris')).toBeNull();
    expect(timeZoneToSend('UTC', null)).toBeNull();
  });

  it('reads a zone name from the runtime', () => {
    expect(browserTimeZone()).toMatch(/\S/);
  });
});
