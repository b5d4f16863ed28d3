import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RangePicker } from './RangePicker';
import { lastDays } from './range';

/** What a browser sends when a date is picked: `input`, then `change`. */
function pick(field: HTMLElement, value: string) {
  fireEvent.input(field, { target: { value } });
  fireEvent.change(field, { target: { value } });
}

describe('RangePicker', () => {
  it('shows the range and applies a valid one', () => {
    const onChange = vi.fn();
    render(<RangePicker range={{ start: '2026-01-01', end: '2026-01-31' }} onChange={onChange} />);
    expect(screen.getByLabelText('From')).toHaveValue('2026-01-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-01-31');
    pick(screen.getByLabelText('From'), '2026-01-15');
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(onChange).toHaveBeenCalledWith({ start: '2026-01-15', end: '2026-01-31' });
  });

  it('refuses a start after the end, saying why', () => {
    const onChange = vi.fn();
    render(<RangePicker range={{ start: '2026-01-01', end: '2026-01-31' }} onChange={onChange} />);
    pick(screen.getByLabelText('From'), '2026-02-15');
    expect(screen.getByRole('button', { name: 'Show' })).toBeDisabled();
    expect(screen.getByRole('alert')).toHaveTextContent('at most 400 days apart');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('marks the preset in use and applies another', () => {
    const onChange = vi.fn();
    render(<RangePicker range={lastDays(30)} onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    expect(onChange).toHaveBeenCalledWith(lastDays(7));
  });
});
