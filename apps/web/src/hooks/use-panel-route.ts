import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useOpenedAfterMount } from './use-opened-after-mount';

/**
 * For a route whose whole content is a side panel (`/profile`, `/shopUpdate`): closing the panel
 * goes back to where the user opened it from, or to the start page when the panel was the first
 * thing this tab showed (a bookmark, a reload).
 */
function useLeavePanelRoute(): () => void {
  const navigate = useNavigate();
  const { key } = useLocation();
  return useCallback(() => {
    if (key !== 'default') void navigate(-1);
    else void navigate('/', { replace: true });
  }, [key, navigate]);
}

/**
 * The panel of such a route (`/profile`, `/shopUpdate`). It opens just after the route shows, so
 * the drawer notes the element that had the focus (the user menu's button) and gives the focus
 * back to it when it closes; the route is left once the panel has slid out.
 *
 * ```tsx
 * const panel = usePanelRoute();
 * <Drawer opened={panel.opened} onClose={panel.close} onExitTransitionEnd={panel.onClosed} … />
 * ```
 */
export function usePanelRoute() {
  const leave = useLeavePanelRoute();
  const [isClosed, setIsClosed] = useState(false);
  const opened = useOpenedAfterMount(!isClosed);
  const close = useCallback(() => setIsClosed(true), []);
  return { opened, close, onClosed: leave };
}
