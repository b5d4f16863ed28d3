import { render, screen } from '@testing-library/react';
import { type Options, options } from 'preact';
import { Link, MemoryRouter } from 'react-router';
import { afterEach, expect, it } from 'vitest';

// The build ships Preact (preact/compat under the names react and react-dom, vite.config.ts):
// the tests must render with it too, libraries included, or they would test another program.
const previous = options.diffed;
afterEach(() => {
  options.diffed = previous;
});

it('renders with Preact, as the build ships, through the libraries too', () => {
  const rendered: string[] = [];
  options.diffed = ((vnode) => {
    if (typeof vnode.type === 'string') rendered.push(vnode.type);
    previous?.(vnode);
  }) as Options['diffed'];
  render(
    <MemoryRouter>
      <p>hello</p>
      <Link to="/list">list</Link>
    </MemoryRouter>,
  );
  expect(screen.getByText('hello')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'list' })).toHaveAttribute('href', '/list');
  expect(rendered).toEqual(expect.arrayContaining(['p', 'a']));
});
