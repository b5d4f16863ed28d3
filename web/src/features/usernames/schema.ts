import type { AppName } from '@/config/options';
import { GENDERS, ORIENTATIONS, TYPES } from '@/config/options';
import { z } from '@/lib/zod';

/**
 * The submit/edit form's rules, mirroring the server's (listings/constants.py and validation.py).
 * The server stays the authority: its 422 field errors land under the same fields.
 */
export const MIN_AGE = 18;
export const MAX_AGE = 99;
export const MAX_TAGS = 5;
export const DESCRIPTION_MAX = 1000;
export const LINK_TYPES = ['onlyfans', 'fansly', 'mym', 'chaturbate', 'linktree'] as const;
export type LinkType = (typeof LINK_TYPES)[number];

export const USERNAME_RULES: Record<AppName, RegExp> = {
  snapchat: /^[A-Za-z0-9._-]{3,15}$/,
  telegram: /^[A-Za-z0-9_]{5,32}$/,
  kik: /^[A-Za-z0-9._]{2,20}$/,
};

/** True when the handle has the app's format. */
export function isValidUsername(app: AppName, username: string): boolean {
  return USERNAME_RULES[app].test(username);
}

/** Tags as the server stores them: lowercase, no '#', words joined by '-'. */
export function normalizeTag(raw: string): string {
  return raw
    .normalize('NFKC')
    .trim()
    .replace(/^#+/, '')
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const TAG_OK = /^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u;
export function isValidTag(tag: string): boolean {
  return TAG_OK.test(tag) && tag.length >= 2 && tag.length <= 30;
}

export const usernameFormSchema = z
  .object({
    app: z.enum(['snapchat', 'telegram', 'kik'], { message: 'form.required' }),
    username: z.string().trim().min(1, 'form.required'),
    age: z
      .number({ message: 'listings.form.errors.age' })
      .int('listings.form.errors.age')
      .min(MIN_AGE, 'listings.form.errors.ageMin')
      .max(MAX_AGE, 'listings.form.errors.age'),
    gender: z.enum(GENDERS, { message: 'form.required' }),
    orientation: z.enum(ORIENTATIONS, { message: 'form.required' }),
    type: z.enum(TYPES),
    country_code: z.string(),
    description: z.string().max(DESCRIPTION_MAX, 'form.tooLong'),
    tags: z.array(z.string()).max(MAX_TAGS, 'listings.form.errors.tooManyTags'),
    link: z.string().trim(),
    link_type: z.union([z.enum(LINK_TYPES), z.literal('')]),
    paid_content: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.username && !isValidUsername(v.app, v.username)) {
      ctx.addIssue({
        code: 'custom',
        path: ['username'],
        message: `listings.form.format.${v.app}`,
      });
    }
    if (v.link) {
      if (!/^https:\/\/[^\s/]+/.test(v.link)) {
        ctx.addIssue({ code: 'custom', path: ['link'], message: 'listings.form.errors.linkHttps' });
      }
      if (!v.link_type) {
        ctx.addIssue({
          code: 'custom',
          path: ['link_type'],
          message: 'listings.form.errors.linkType',
        });
      }
    }
  });

export type UsernameFormValues = z.infer<typeof usernameFormSchema>;

export const FORM_FIELDS = [
  'app',
  'username',
  'age',
  'gender',
  'orientation',
  'type',
  'country_code',
  'description',
  'tags',
  'link',
  'link_type',
  'paid_content',
] as const satisfies readonly (keyof UsernameFormValues)[];

export const EMPTY_FORM = (app: AppName): Partial<UsernameFormValues> => ({
  app,
  username: '',
  type: 'Clean',
  country_code: '',
  description: '',
  tags: [],
  link: '',
  link_type: '',
  paid_content: false,
});
