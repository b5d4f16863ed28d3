import { z } from '@/lib/zod';

/** The group form's rules, mirroring groups/schemas.py; the server's 422s land on the same fields. */
export const GROUP_MIN_MEMBERS = 2;
export const GROUP_MAX_MEMBERS = 10_000;

export const groupSchema = z.object({
  app: z.enum(['snapchat', 'telegram', 'kik'], { message: 'community.groupForm.errors.app' }),
  name: z
    .string()
    .trim()
    .min(3, 'community.groupForm.errors.name')
    .max(60, 'community.groupForm.errors.name'),
  username: z
    .string()
    .trim()
    .min(2, 'community.groupForm.errors.username')
    .max(200, 'community.groupForm.errors.username')
    .regex(/^\S+$/, 'community.groupForm.errors.spaces')
    .refine(
      (v) => !v.includes('://') || /^https:\/\//i.test(v),
      'community.groupForm.errors.https',
    ),
  description: z.string().max(1000, 'community.groupForm.errors.description'),
  max_members: z
    .number({ message: 'community.groupForm.errors.maxMembers' })
    .int('community.groupForm.errors.maxMembers')
    .min(GROUP_MIN_MEMBERS, 'community.groupForm.errors.maxMembers')
    .max(GROUP_MAX_MEMBERS, 'community.groupForm.errors.maxMembers'),
});

export type GroupValues = z.output<typeof groupSchema>;
export type GroupInput = z.input<typeof groupSchema>;
