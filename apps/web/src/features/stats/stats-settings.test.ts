import { describe, expect, it } from 'vitest';
import { settingsBody } from './stats-page';

describe('the review settings form', () => {
  it('turns the percentage into a share and keeps whole limits', () => {
    expect(settingsBody({ desiredRetention: '85', newPerDay: '10', reviewsPerDay: '150' })).toEqual(
      {
        ok: true,
        body: { desiredRetention: 0.85, newPerDay: 10, reviewsPerDay: 150 },
      },
    );
  });

  it('refuses a retention outside 70-97% and limits that are not whole numbers', () => {
    expect(settingsBody({ desiredRetention: '99', newPerDay: '10', reviewsPerDay: '1' })).toEqual({
      ok: false,
      error: 'Desired retention must be between 70% and 97%.',
    });
    expect(settingsBody({ desiredRetention: 'x', newPerDay: '10', reviewsPerDay: '1' }).ok).toBe(
      false,
    );
    expect(settingsBody({ desiredRetention: '90', newPerDay: '2.5', reviewsPerDay: '1' })).toEqual({
      ok: false,
      error: 'New cards per day must be a whole number from 0 to 1000.',
    });
    expect(settingsBody({ desiredRetention: '90', newPerDay: '1', reviewsPerDay: '-1' }).ok).toBe(
      false,
    );
  });
});
