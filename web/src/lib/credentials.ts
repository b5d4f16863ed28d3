import { z } from '@/lib/zod';

/** Client checks mirror the server's (security.md: 8 to 128 characters, no composition rules). */
export const email = z.string().trim().min(1, 'form.required').email('form.email');
export const password = z.string().min(8, 'form.passwordMin').max(128, 'form.passwordMax');

const passwordFields = { password, password_confirmation: z.string().min(1, 'form.required') };

const passwordsMatch = (v: { password: string; password_confirmation: string }) =>
  v.password === v.password_confirmation;
const mismatch = { path: ['password_confirmation'], message: 'form.passwordMismatch' };

export const loginSchema = z.object({
  email,
  password: z.string().min(1, 'form.required'),
});

export const registerSchema = z
  .object({
    email,
    ...passwordFields,
    terms: z.boolean().refine((v) => v, 'form.termsRequired'),
    captcha_token: z.string().min(1, 'form.captcha'),
  })
  .refine(passwordsMatch, mismatch);

export const forgotSchema = z.object({ email });

export const resetSchema = z.object(passwordFields).refine(passwordsMatch, mismatch);

export const changePasswordSchema = z
  .object({ current_password: z.string().min(1, 'form.required'), ...passwordFields })
  .refine(passwordsMatch, mismatch);

export type LoginValues = z.infer<typeof loginSchema>;
export type RegisterValues = z.infer<typeof registerSchema>;
export type ForgotValues = z.infer<typeof forgotSchema>;
export type ResetValues = z.infer<typeof resetSchema>;
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;
