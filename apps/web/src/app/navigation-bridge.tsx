import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { registerNavigator } from '@/lib/navigation';

/** Hands the router to code outside React (API client, session watcher). */
export function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    registerNavigator((to, options) => void navigate(to, options));
    return () => registerNavigator(null);
  }, [navigate]);
  return null;
}
