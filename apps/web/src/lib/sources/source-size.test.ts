import { describe, expect, it } from 'vitest';
import { BYTES_PER_MB, formatMB, itemsSizeMB, meterFor, sizeMeter } from './source-size';

describe('the size meter', () => {
  it('counts a link as 0.5 MB and a file by its size', () => {
    expect(itemsSizeMB([])).toBe(0);
    expect(itemsSizeMB([{ kind: 'link' }, { kind: 'link' }])).toBe(1);
    expect(itemsSizeMB([{ kind: 'link' }, { kind: 'file', size: 3 * BYTES_PER_MB }])).toBe(3.5);
  });

  it('shows used of 60 MB with at most one decimal', () => {
    expect(sizeMeter(0).label).toBe('0 MB of 60 MB');
    expect(sizeMeter(0.5).label).toBe('0.5 MB of 60 MB');
    expect(sizeMeter(12.345).label).toBe('12.3 MB of 60 MB');
    expect(formatMB(59.96)).toBe('60');
  });

  it('colours by how full it is and caps the bar at 100%', () => {
    expect(sizeMeter(30).tone).toBe('ok');
    expect(sizeMeter(42).tone).toBe('warning');
    expect(sizeMeter(54).tone).toBe('full');
    const over = sizeMeter(75);
    expect(over).toMatchObject({ percent: 100, remainingMB: 0, overLimit: true, tone: 'full' });
    expect(sizeMeter(15, 60)).toMatchObject({ percent: 25, remainingMB: 45, overLimit: false });
  });

  it("adds what is being added to the deck's own size", () => {
    const items = [{ kind: 'link' as const }];
    expect(
      meterFor({ kind: 'loaded', size: { currentSizeMB: 10, maxSizeMB: 60 } }, items)?.label,
    ).toBe('10.5 MB of 60 MB');
    expect(meterFor({ kind: 'none' }, items)?.label).toBe('0.5 MB of 60 MB');
  });

  it('shows 0 of 60 MB when the deck size failed, and nothing after a 403', () => {
    expect(meterFor({ kind: 'failed' }, [])?.label).toBe('0 MB of 60 MB');
    expect(meterFor({ kind: 'hidden' }, [{ kind: 'link' }])).toBeNull();
  });
});
