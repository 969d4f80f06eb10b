/**
 * 32-bit FNV-1a over `text.slice(start, end)` (without making the slice) over UTF-16 code units, then murmur3's finaliser so every output bit depends on
 * every input bit (plain FNV-1a is weak in its low bits, which a modulo would use).
 */
export function hash32(text: string, seed = 0x811c9dc5, start = 0, end = text.length): number {
  let h = seed >>> 0;
  for (let i = start; i < end; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
