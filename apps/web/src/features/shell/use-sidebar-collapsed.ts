import { useCallback, useState } from 'react';
import { LOCAL_KEYS, browserLocalStorage, readKey, writeKey } from '../../lib/storage-keys';

/** The sidebar's collapsed state, remembered in localStorage across visits (spec 01 §2.4). */
export function useSidebarCollapsed(): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState(
    () => readKey(browserLocalStorage(), LOCAL_KEYS.sidebarCollapsed) === 'true',
  );
  const toggle = useCallback(() => {
    const next = !collapsed;
    writeKey(browserLocalStorage(), LOCAL_KEYS.sidebarCollapsed, String(next));
    setCollapsed(next);
  }, [collapsed]);
  return [collapsed, toggle];
}
