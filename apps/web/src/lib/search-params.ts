/**
 * Search values arrive JSON-parsed by the router (?sourceFilter=123 becomes the number 123), so ids
 * are turned back into strings; empty strings and other shapes are dropped.
 */
export function searchString(value: unknown): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (Array.isArray(value)) return value.map(String).join(',') || undefined;
  return undefined;
}

/** ?flag=true (parsed to a boolean by the router) or the string 'true'. */
export function searchFlag(value: unknown): boolean {
  return value === true || value === 'true';
}
