import { z } from 'zod';

export const LoginSchema = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
});

export type Login = z.infer<typeof LoginSchema>;

export const AuthStatusSchema = z.object({
  isAuthenticated: z.boolean(),
  /** ISO 8601 time the session was created, or null when signed out. */
  loginTime: z.string().nullable(),
});

export type AuthStatus = z.infer<typeof AuthStatusSchema>;
