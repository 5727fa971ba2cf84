// The app's toast container (loaded with the first toast, see AppNotifications.tsx).
import { Notifications } from '@mantine/notifications';

export function ToastContainer() {
  return <Notifications position="top-right" limit={4} />;
}
