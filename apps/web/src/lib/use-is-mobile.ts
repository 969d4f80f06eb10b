import { useSyncExternalStore } from 'react';
import { isMobileDevice } from './mobile';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  window.addEventListener('orientationchange', onChange);
  return () => {
    window.removeEventListener('resize', onChange);
    window.removeEventListener('orientationchange', onChange);
  };
}

const snapshot = () => isMobileDevice(navigator.userAgent, window.innerWidth);

/** Whether the device counts as mobile right now; follows window resizes. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
