import { notifications } from '@mantine/notifications';
import { vi, type Mock } from 'vitest';

/** What the screen said in its toasts, by kind: each a mock called with the toast's message. */
type Said = Mock<(message: unknown) => void>;
export type Toasts = { success: Said; error: Said; warning: Said };

/**
 * Listens to the toasts a screen shows (`lib/notify`'s colours), which still show. A spy on the
 * notifications store rather than a mock of `lib/notify`, so it holds when the test files share
 * their loaded modules.
 */
export function spyOnToasts(): Toasts {
  const said = (): Said => vi.fn<(message: unknown) => void>();
  const toasts: Toasts = { success: said(), error: said(), warning: said() };
  const byColor: Record<string, Said> = {
    teal: toasts.success,
    red: toasts.error,
    orange: toasts.warning,
  };
  const show = notifications.show.bind(notifications);
  vi.spyOn(notifications, 'show').mockImplementation((toast) => {
    byColor[toast.color ?? '']?.(toast.message);
    return show(toast);
  });
  return toasts;
}
