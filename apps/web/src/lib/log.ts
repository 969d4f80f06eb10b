/**
 * The app's only console access. The spec asks for some failures to be "only logged" (the mobile
 * send-link form, the library search box); they go through here so the rule has one exception.
 */
export function logWarning(message: string, detail?: unknown): void {
  // eslint-disable-next-line no-console -- the browser console is the intended sink (spec 01 §4.6)
  console.warn(`[mnemo] ${message}`, detail ?? '');
}

export function logInfo(message: string, detail?: unknown): void {
  // eslint-disable-next-line no-console -- see above
  console.info(`[mnemo] ${message}`, detail ?? '');
}
