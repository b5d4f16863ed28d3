import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, renderRoutes } from '@/test/render';
import { MyUsernames } from './MyUsernames';

vi.mock('@/api/myUsernames', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/api/myUsernames')>()),
  myUsernamesQuery: {
    queryKey: ['test-my-usernames'],
    queryFn: async () => {
      throw new Error('down');
    },
  },
}));

describe('MyUsernames', () => {
  it('says when my usernames could not be loaded, with a retry, instead of showing nothing', async () => {
    const user = makeUser({ usernames_count: 1, max_usernames: 2 });
    renderRoutes([{ path: '/user', element: <MyUsernames user={user} /> }], {
      path: '/user',
      user,
    });
    const error = await screen.findByTestId('mine-error');
    expect(error).toHaveTextContent('Your usernames could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(screen.queryByTestId('mine-empty')).toBeNull();
  });
});
