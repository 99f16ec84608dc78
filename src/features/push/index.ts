/**
 * Push's public surface for app/: the start-up sync of this device's subscription, imported lazily (push code stays
 * out of every first load). The settings screens are `./panels.ts`.
 */
export { syncPush } from './push.device.ts';
