/** Lazy entry of the push feature: the device's notification settings (/profile) and the notification button's dialog. */
export { PushDialog } from './screens/push-dialog.tsx';
export { PushSettings } from './screens/push-settings.tsx';
