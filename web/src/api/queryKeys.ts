/**
 * Cache keys that more than one feature reads or invalidates. Keys starting with 'user' belong to
 * the signed-in member: logout and a lost session forget them.
 */

/** Every public list, profile, tag and country count. */
export const listingsKey = ['listings'] as const;

/** The member's own usernames. */
export const myUsernamesKey = ['user', 'usernames'] as const;
