import { Notifications } from '@mantine/notifications';

/**
 * Where toasts appear: top centre (SPEC 8). Loaded after the first paint; toasts raised before
 * it arrives wait in the notifications store and show as soon as it mounts.
 */
export function Toaster() {
  return <Notifications position="top-center" limit={4} zIndex={1000} />;
}
