import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/api/errors';
import { LanguageProvider } from '@/i18n/useTranslation';
import { clearToasts, getToasts } from '@/toasts/toastStore';
import { AuditedEditor } from './editor';

type Item = { id: number; name: string };
type Draft = { name: string; reason: string };

function mutation(error: unknown = null) {
  return { mutate: vi.fn(), isPending: false, error };
}

/** An editor with one field, as the ads page's (its texts: ads.admin.*). */
function editor({
  item,
  save = mutation(),
  remove = mutation(),
  onDone = vi.fn(),
}: {
  item?: Item;
  save?: ReturnType<typeof mutation>;
  remove?: ReturnType<typeof mutation>;
  onDone?: () => void;
}) {
  render(
    <LanguageProvider>
      <AuditedEditor<Draft, { name: string; reason: string }, Item>
        ns="ads.admin"
        prefix="ad"
        item={item}
        empty={{ name: '', reason: '' }}
        draftOf={(i) => ({ name: i.name, reason: '' })}
        bodyOf={(d) => ({ name: d.name.trim(), reason: d.reason })}
        save={save}
        remove={remove}
        onDone={onDone}
      >
        {({ draft, set, field }) => (
          <>
            <label htmlFor={field('name')}>Name</label>
            <input
              id={field('name')}
              value={draft.name}
              onChange={(e) => set('name', e.target.value)}
            />
          </>
        )}
      </AuditedEditor>
    </LanguageProvider>,
  );
  return { save, remove, onDone };
}

beforeEach(() => clearToasts());

describe('an audited editor', () => {
  it('creates the item, says so, and starts again from an empty form', async () => {
    const user = userEvent.setup();
    const { save, onDone } = editor({});
    await user.type(screen.getByLabelText('Name'), ' Summer ');
    await user.type(screen.getByLabelText('Reason (saved in the audit log)'), 'new season');
    // A new item has no cancel nor delete.
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create the ad' }));
    expect(save.mutate).toHaveBeenCalledWith(
      { id: undefined, body: { name: 'Summer', reason: 'new season' } },
      expect.anything(),
    );
    save.mutate.mock.calls[0][1].onSuccess();
    expect(getToasts().map((t) => t.message)).toEqual(['Ad saved.']);
    expect(onDone).toHaveBeenCalledOnce();
    expect(await screen.findByLabelText('Name')).toHaveValue('');
  });

  it("shows the server's field messages in the editor when it refuses the change", () => {
    const refused = new ApiError('http', 'Invalid input', {
      status: 422,
      fieldErrors: { name: ['An ad needs a name.'], spots: ['Pick a spot.'] },
    });
    editor({ item: { id: 7, name: 'Old' }, save: mutation(refused) });
    expect(screen.getByRole('alert')).toHaveTextContent('An ad needs a name. Pick a spot.');
  });

  it("shows the server's message when it names no field", () => {
    editor({ item: { id: 7, name: 'Old' }, remove: mutation(new ApiError('http', 'Gone.')) });
    expect(screen.getByRole('alert')).toHaveTextContent('Gone.');
  });

  it('fills the form from a saved item and asks a reason, then a confirmation, to delete it', async () => {
    const user = userEvent.setup();
    const { remove, onDone } = editor({ item: { id: 7, name: 'Old' } });
    expect(screen.getByLabelText('Name')).toHaveValue('Old');
    expect(screen.getByRole('button', { name: 'Save' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(getToasts().map((t) => t.message)).toEqual([
      'Write a reason (3 characters or more) to delete.',
    ]);
    clearToasts();
    await user.type(screen.getByLabelText('Reason (saved in the audit log)'), '  expired  ');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const [ask] = getToasts();
    expect(ask.message).toBe('Delete this ad? Visitors stop seeing it on their next visit.');
    expect(remove.mutate).not.toHaveBeenCalled();
    ask.confirm?.onConfirm();
    expect(remove.mutate).toHaveBeenCalledWith({ id: 7, reason: 'expired' }, expect.anything());
    remove.mutate.mock.calls[0][1].onSuccess();
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('cancels an edit without saving', async () => {
    const { save, onDone } = editor({ item: { id: 7, name: 'Old' } });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onDone).toHaveBeenCalledOnce();
    expect(save.mutate).not.toHaveBeenCalled();
  });
});
