/**
 * Auth's screens: the frame and the three forms. A public entry of its own, imported only by the lazy components of
 * /login, /register and /forget, so form code, validation rules and the country list stay out of the first load of
 * the signed-in pages (index.ts is the light part everyone else imports).
 */
export { AuthShell } from './components/auth-shell.tsx';
export { ForgetForm } from './components/forget-form.tsx';
export { LoginForm } from './components/login-form.tsx';
export { RegisterForm } from './components/register-form.tsx';
