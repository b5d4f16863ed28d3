import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { trapTabInModals } from '@/lib/modals';
import { Dialog } from './Dialog';

function Page({ escapable }: { escapable: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Dialog show={open} labelledBy="t" onEscape={escapable ? () => setOpen(false) : undefined}>
        <h2 id="t">Question</h2>
        <button type="button">First</button>
        <button type="button" onClick={() => setOpen(false)}>
          Last
        </button>
      </Dialog>
    </>
  );
}

// jsdom lays nothing out: every control counts as shown for the Tab trap.
const rects = HTMLElement.prototype.getClientRects;
let untrap = () => {};
beforeEach(() => {
  HTMLElement.prototype.getClientRects = () => [{}] as unknown as DOMRectList;
  untrap = trapTabInModals();
});
afterEach(() => {
  HTMLElement.prototype.getClientRects = rects;
  untrap();
});

describe('dialog', () => {
  it('is a labelled modal that takes focus, keeps Tab inside and holds the page still', async () => {
    const user = userEvent.setup();
    render(<Page escapable />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Question' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveFocus();
    expect(document.body).toHaveClass('modal-open');
    await user.tab();
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Last' })).toHaveFocus();
  });

  it('closes on Escape and on the backdrop, giving focus back to what opened it', async () => {
    const user = userEvent.setup();
    render(<Page escapable />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
    expect(document.body).not.toHaveClass('modal-open');

    await user.click(opener);
    fireEvent.mouseDown(screen.getByRole('dialog'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('without onEscape (the age gate) stays until answered', async () => {
    const user = userEvent.setup();
    render(<Page escapable={false} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Escape}');
    fireEvent.mouseDown(screen.getByRole('dialog'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Last' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
