import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastStack } from './ToastStack';
import { InvalidToastOptions, stackOffsets, validateToastOptions } from './toastOptions';
import { clearToasts, toast } from './toastStore';

describe('toast rules', () => {
  it('stacks toasts 20 px from the edge, then previous heights plus 10 px each', () => {
    expect(stackOffsets([])).toEqual([]);
    expect(stackOffsets([50])).toEqual([20]);
    expect(stackOffsets([50, 80, 30])).toEqual([20, 80, 170]);
  });

  it('refuses invalid options with a reason per field', () => {
    expect(validateToastOptions({ message: 'ok' })).toEqual([]);
    // @ts-expect-error: checking what a JavaScript caller could pass
    expect(validateToastOptions({ message: 'x', type: 'fatal' })[0]).toMatch(/type must be one of/);
    // @ts-expect-error: idem
    expect(validateToastOptions({ message: 'x', vertical: 'middle' })[0]).toMatch(/vertical/);
    // @ts-expect-error: idem
    expect(validateToastOptions({ message: 'x', horizontal: 'up' })[0]).toMatch(/horizontal/);
    expect(validateToastOptions({ message: 'x', timeout: -1 })[0]).toMatch(/timeout/);
    expect(validateToastOptions({ message: 'x', timeout: Number.NaN })[0]).toMatch(/timeout/);
    expect(validateToastOptions({ message: '' })[0]).toMatch(/message/);
    expect(() => toast.show({ message: 'x', timeout: -5 })).toThrow(InvalidToastOptions);
  });
});

describe('toasts on screen', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    act(() => clearToasts());
    vi.useRealTimers();
  });

  it('shows one error once: the same message again keeps the toast on screen, not a copy', () => {
    render(<ToastStack />);
    act(() => {
      toast.danger('This key has already been used.');
      toast.danger('This key has already been used.');
    });
    expect(screen.getAllByText('This key has already been used.')).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(3000);
      toast.danger('This key has already been used.');
      vi.advanceTimersByTime(3000);
    });
    // Its time starts again with the repeat: still there 6 s after the first.
    expect(screen.getAllByText('This key has already been used.')).toHaveLength(1);
    act(() => {
      toast.danger('Another problem.');
    });
    expect(screen.getAllByTestId('toast')).toHaveLength(2);
  });

  it('starts below the header, and at the bottom of a phone screen', () => {
    const header = document.createElement('nav');
    header.className = 'addme-navbar';
    header.getBoundingClientRect = () => ({ bottom: 72 }) as DOMRect;
    document.body.append(header);
    const width = window.innerWidth;
    try {
      Object.defineProperty(window, 'innerWidth', { value: 1366, configurable: true });
      const { unmount } = render(<ToastStack />);
      act(() => {
        toast.info('Saved.');
      });
      expect(screen.getByTestId('toast').style.top).toBe('92px');
      unmount();
      act(() => clearToasts());
      Object.defineProperty(window, 'innerWidth', { value: 390, configurable: true });
      render(<ToastStack />);
      act(() => {
        toast.info('Saved.');
      });
      expect(screen.getByTestId('toast').style.bottom).toBe('20px');
      expect(screen.getByTestId('toast').style.top).toBe('');
    } finally {
      Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
      header.remove();
    }
  });

  it('closes after the default 5000 ms', () => {
    render(<ToastStack />);
    act(() => {
      toast.success('Username submitted.');
    });
    expect(screen.getByText('Username submitted.')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(4900);
    });
    expect(screen.getByText('Username submitted.')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('Username submitted.')).not.toBeInTheDocument();
  });

  it('stays on screen with timeout 0 until closed with its button', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<ToastStack />);
    act(() => {
      toast.show({ message: 'Sticky', timeout: 0, type: 'info' });
    });
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByText('Sticky')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Sticky')).not.toBeInTheDocument();
  });

  it('closes when clicked', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<ToastStack />);
    act(() => {
      toast.info('Click me');
    });
    await user.click(screen.getByText('Click me'));
    expect(screen.queryByText('Click me')).not.toBeInTheDocument();
  });

  it('asks with Cancel and Confirm, and runs the action only on Confirm', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const onConfirm = vi.fn();
    render(<ToastStack />);
    act(() => {
      toast.confirm('Delete this username?', onConfirm);
    });
    await user.click(screen.getByText('Delete this username?'));
    expect(screen.getByText('Delete this username?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByText('Delete this username?')).not.toBeInTheDocument();

    act(() => {
      toast.confirm('Really delete?', onConfirm);
    });
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.queryByText('Really delete?')).not.toBeInTheDocument();
  });

  it('shows danger and warning toasts as alerts with their colour', () => {
    render(<ToastStack />);
    act(() => {
      toast.danger('Boom', 'Internal Error');
    });
    const el = screen.getByRole('alert');
    expect(el).toHaveTextContent('Internal Error');
    expect(el).toHaveClass('text-bg-danger');
  });

  it('places toasts on the requested side, stacked from the edge', () => {
    render(<ToastStack />);
    act(() => {
      toast.show({ message: 'First', vertical: 'bottom', horizontal: 'left' });
      toast.show({ message: 'Second', vertical: 'bottom', horizontal: 'left' });
    });
    const [first, second] = screen.getAllByTestId('toast');
    expect(first).toHaveClass('addme-toast-left');
    expect(first.style.bottom).toBe('20px');
    // jsdom has no layout: heights are 0, so the next one sits 10 px further.
    expect(second.style.bottom).toBe('30px');
  });
});
