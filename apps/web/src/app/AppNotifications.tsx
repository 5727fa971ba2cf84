// Toasts (spec section 8) with their container loaded on demand: the container's code (positions, animations,
// swipe to dismiss) is needed only once a toast shows, so the first page does not load it
// (docs/decisions/0018-page-weight-and-accessibility.md). A toast shown before the container loaded waits in
// Mantine's store and appears with it.
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useNotifications } from '@mantine/notifications';
import { importWithTimeout } from '../lib/lazy-import';

const ToastContainer = lazy<ComponentType>(() =>
  importWithTimeout(() => import('./ToastContainer')).then(
    (module) => ({ default: module.ToastContainer }),
    (error: unknown) => {
      // Without the container the app still works; only toasts stay invisible until the next page load.
      console.warn('The toast container could not be loaded', error);
      return { default: () => null };
    },
  ),
);

export function AppNotifications() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
