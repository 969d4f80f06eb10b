/**
 * Scales a vector to length 1, so cosine similarity is a dot product and vectors of every provider
 * compare alike. A zero vector stays zero: it has no direction to keep.
 */
export function unitLength(vector: readonly number[]): number[] {
  let sum = 0;
  for (const x of vector) sum += x * x;
  const norm = Math.sqrt(sum);
  return norm === 0 ? [...vector] : vector.map((x) => x / norm);
}
