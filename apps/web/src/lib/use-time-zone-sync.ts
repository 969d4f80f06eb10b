import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { logWarning } from './log';
import { reviewApi, reviewSettingsQueryKey } from './review';
import { useSession } from './session/session-context';

/** The browser's IANA time zone, or null when the runtime does not say. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/** The time zone to send: the browser's when it differs from the stored one, else null. */
export function timeZoneToSend(stored: string, browser: string | null): string | null {
  return browser && browser !== stored ? browser : null;
}

/** GET /review/settings for a visitor with a session (a user or a guest). */
export function useReviewSettings() {
  const { session } = useSession();
  return useQuery({
    queryKey: reviewSettingsQueryKey,
    queryFn: ({ signal }) => reviewApi.settings(signal),
    enabled: session.status === 'authenticated' || session.status === 'anonymous',
    staleTime: 5 * 60_000,
  });
}

/**
 * Days roll over at 4 a.m. in the learner's time zone (issue 20), which the server only knows from
 * the browser: once the settings have loaded, a different browser zone is sent with PUT.
 */
export function useTimeZoneSync(): void {
  const settings = useReviewSettings();
  const queryClient = useQueryClient();
  const stored = settings.data?.settings.timeZone;
  useEffect(() => {
    if (stored === undefined) return;
    const timeZone = timeZoneToSend(stored, browserTimeZone());
    if (!timeZone) return;
    reviewApi.updateSettings({ timeZone }).then(
      (answer) => {
        queryClient.setQueryData(reviewSettingsQueryKey, answer);
        // The learner's day may have moved: what is due today with it.
        void queryClient.invalidateQueries({ queryKey: ['review'] });
      },
      (error: unknown) => logWarning('Failed to save the time zone', error),
    );
  }, [stored, queryClient]);
}
