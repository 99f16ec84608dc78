/**
 * Auth's screens: the frame and the three forms. A public entry of its own, imported only by the lazy components of
 * /login, /register and /forget, so form code, validation rules and the country list stay out of the first load of
 * the signed-in pages (index.ts is the light part everyone else imports).
 */

// The pieces the account screens (profile, change password) share with these forms.
export {
  type ChangePasswordValues,
  type EmailChangeValues,
  type Errors,
  hasErrors,
  validateChangePassword,
  validateEmailChange,
} from './auth.rules.ts';
export { AuthShell } from './components/auth-shell.tsx';
export { ForgetForm } from './components/forget-form.tsx';
export { errorText, FormError, focusFirstError } from './components/form-error.tsx';
export { LoginForm } from './components/login-form.tsx';
export { BirthdayField, GenderHeightWeight, UsernameField } from './components/member-fields.tsx';
export { PasswordPair } from './components/password-pair.tsx';
export { RegisterForm } from './components/register-form.tsx';
export { CodeField, ResendButton, useResendCountdown } from './components/verification-code.tsx';
export { countryNameEn, countryOptions } from './countries.ts';
