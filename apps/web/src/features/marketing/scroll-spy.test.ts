import { describe, expect, it } from 'vitest';
import { activeNav, pageNavKey, type SpiedSection } from './scroll-spy';

const sections: SpiedSection[] = [
  { nav: 'features', top: 100, bottom: 900 },
  { nav: 'schools', top: 900, bottom: 1500 },
  { nav: 'features', top: 1500, bottom: 2000 },
];

const shifted = (by: number) =>
  sections.map((s) => ({ ...s, top: s.top - by, bottom: s.bottom - by }));

describe('scroll-spy', () => {
  it('activates the section crossing the line 200 px from the top', () => {
    expect(activeNav(shifted(0), 'features')).toBe('features');
    expect(activeNav(shifted(699), 'features')).toBe('features');
    expect(activeNav(shifted(700), 'features')).toBe('schools');
    expect(activeNav(shifted(1299), 'features')).toBe('schools');
    expect(activeNav(shifted(1300), 'features')).toBe('features');
  });

  it("keeps the page's own link above the first section", () => {
    expect(activeNav([{ nav: 'schools', top: 600, bottom: 900 }], 'plans')).toBe('plans');
  });

  it('knows which link each public page belongs to', () => {
    expect(pageNavKey('/')).toBe('features');
    expect(pageNavKey('/info')).toBe('features');
    expect(pageNavKey('/plans')).toBe('plans');
    expect(pageNavKey('/affiliate/')).toBe('affiliate');
    expect(pageNavKey('/terms')).toBeNull();
  });
});
