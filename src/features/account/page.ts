/**
 * Account's screens: my profile and change password. A public entry of its own, imported only by the lazy
 * components of /profile and /change/password, so forms, the cropper and the country search stay out of every
 * first load; their texts are in the screens catalog (locale/screens/, src/ui/screen-catalog.tsx).
 */
export { ChangePasswordForm } from './screens/change-password-form.tsx';
export { ProfilePage } from './screens/profile-page.tsx';
