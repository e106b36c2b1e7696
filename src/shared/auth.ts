import { z } from 'zod';

export const LoginSchema = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
});

export type Login = z.infer<typeof LoginSchema>;

export const AuthStatusSchema = z.object({
  isAuthenticated: z.boolean(),
  /** ISO 8601 time the session was created, or null when signed out. */
  loginTime: z.string().nullable(),
  /**
   * Only when signed in: echo it in the `x-csrf-token` header on state-changing calls that cannot
   * carry a same-origin Origin or Referer header.
   */
  csrfToken: z.string().optional(),
});

export type AuthStatus = z.infer<typeof AuthStatusSchema>;

export const LoginResultSchema = z.object({
  success: z.literal(true),
  /** ISO 8601 time the new session was created. */
  loginTime: z.string(),
});

export type LoginResult = z.infer<typeof LoginResultSchema>;

export const LogoutResultSchema = z.object({
  success: z.literal(true),
});

export type LogoutResult = z.infer<typeof LogoutResultSchema>;
