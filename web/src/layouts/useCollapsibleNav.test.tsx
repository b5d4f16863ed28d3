import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCollapsibleNav } from './useCollapsibleNav';

const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter>{children}</MemoryRouter>;

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

describe('the collapsible navbar on a phone', () => {
  afterEach(() => {
    vi.useRealTimers();
    scrollTo(0);
  });

  it('stays open when the page only shifts a few pixels, closes on a real scroll', () => {
    vi.useFakeTimers();
    Object.defineProperty(window, 'innerWidth', { value: 390, configurable: true });
    const { result } = renderHook(() => useCollapsibleNav(), { wrapper });
    act(() => result.current.setExpanded(true));
    act(() => {
      scrollTo(12);
      vi.advanceTimersByTime(200);
    });
    expect(result.current.expanded).toBe(true);
    act(() => {
      scrollTo(400);
      vi.advanceTimersByTime(200);
    });
    expect(result.current.expanded).toBe(false);
  });

  it('closes on a click outside the menu', () => {
    const { result } = renderHook(() => useCollapsibleNav(), { wrapper });
    const nav = document.createElement('nav');
    document.body.append(nav);
    (result.current.ref as { current: HTMLElement | null }).current = nav;
    act(() => result.current.setExpanded(true));
    act(() => {
      nav.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    expect(result.current.expanded).toBe(true);
    act(() => {
      document.body.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    });
    expect(result.current.expanded).toBe(false);
    nav.remove();
  });
});
