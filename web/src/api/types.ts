import type { components } from './schema.gen';

export type UsernameCard = components['schemas']['UsernameCard'];
export type UsernamePage = components['schemas']['UsernamePage'];
export type UsernameProfile = components['schemas']['UsernameProfile'];
export type TagCount = components['schemas']['TagCount'];
export type CountryCount = components['schemas']['CountryCount'];
export type UsernameStatus = components['schemas']['UsernameStatus'];
