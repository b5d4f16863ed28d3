import { render, screen } from '@testing-library/react';
import { version } from 'react';
import { version as domVersion } from 'react-dom';
import { Link, MemoryRouter } from 'react-router';
import { expect, it } from 'vitest';

// The build ships React 19 and react-dom (no alias to another runtime, vite.config.ts): the tests
// must render with them too, libraries included, or they would test another program.
it('renders with react-dom, as the build ships, through the libraries too', () => {
  render(
    <MemoryRouter>
      <p>hello</p>
      <Link to="/list">list</Link>
    </MemoryRouter>,
  );
  const link = screen.getByRole('link', { name: 'list' });
  expect(link).toHaveAttribute('href', '/list');
  // react-dom marks every element it commits with its fiber; another runtime would not.
  for (const node of [screen.getByText('hello'), link]) {
    expect(Object.keys(node).some((key) => key.startsWith('__reactFiber$'))).toBe(true);
  }
  expect(version).toMatch(/^19\./);
  expect(domVersion).toBe(version);
});

it('cannot reach Preact: it is not installed for any library of the app to resolve', async () => {
  for (const name of ['preact', 'preact/compat']) {
    await expect(import(/* @vite-ignore */ name)).rejects.toThrow();
  }
});
