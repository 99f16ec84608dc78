/**
 * Push's public surface for app/: the start-up sync of this device's subscription and its end at sign-out, imported lazily (push code stays
 * out of every first load). The settings screens are `./panels.ts`.
 */
export { disablePush, syncPush } from './push.device.ts';
