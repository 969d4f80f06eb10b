import { describe, expect, it } from 'vitest';
import { decodeEntities } from './youtube.service';

describe('decodeEntities', () => {
  it('turns the HTML escapes YouTube sends in titles back into text', () => {
    expect(decodeEntities('Rock &amp; Roll: Don&#39;t &quot;stop&quot; &lt;3')).toBe('Rock & Roll: Don\'t "stop" <3');
    expect(decodeEntities('&#x1F600; caf&#233;')).toBe('😀 café');
  });

  it('leaves anything that is not an escape it knows as it is', () => {
    expect(decodeEntities('AT&T &unknown; &#0; & ;')).toBe('AT&T &unknown; &#0; & ;');
  });
});
