import type { components } from '@/api/schema.gen';

export type MyUsername = components['schemas']['MyUsername'];
export type MyUsernames = components['schemas']['MyUsernames'];
export type MyUsernamesMeta = components['schemas']['MyUsernamesMeta'];
export type UsernameAction = MyUsername['actions'][number];
