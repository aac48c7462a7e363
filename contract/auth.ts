import { z } from 'zod';
import { requiredText } from './text';

export const loginInput = z.object({
  username: requiredText('Username'),
  password: requiredText('Password', { trim: false }),
});
export type LoginInput = z.infer<typeof loginInput>;

/** The stored login record (SPEC §3), kept under `user-token`. */
export const storedTokenSchema = z.object({
  type: z.string().min(1),
  token: z.string().min(1),
  expires_at: z.string().optional(),
});
export type StoredToken = z.infer<typeof storedTokenSchema>;

export const loginResultSchema = z.object({
  data: z.object({ type: z.literal('Bearer'), token: z.string(), expires_at: z.string() }),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/** Same wording whether the user exists or not, so the answer says nothing about usernames. */
export const WRONG_CREDENTIALS = 'Wrong username or password.';
