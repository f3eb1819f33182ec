import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * For a route whose whole content is a side panel (`/profile`, `/shopUpdate`): closing the panel
 * goes back to where the user opened it from, or to the start page when the panel was the first
 * thing this tab showed (a bookmark, a reload).
 */
export function useLeavePanelRoute(): () => void {
  const navigate = useNavigate();
  const { key } = useLocation();
  return useCallback(() => {
    if (key !== 'default') void navigate(-1);
    else void navigate('/', { replace: true });
  }, [key, navigate]);
}
