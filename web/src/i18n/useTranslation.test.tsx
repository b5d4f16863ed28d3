import { act, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { addArea } from '@/i18n';
import { LanguageProvider, useTranslation } from './useTranslation';

function Label({ k, count }: { k: string; count?: number }) {
  const { t } = useTranslation();
  return <p>{count === undefined ? t(k) : t(k, { count })}</p>;
}

describe('useTranslation', () => {
  afterEach(() => act(() => i18n.changeLanguage('en')));

  it('shows a label in the reader language, and again in French once they switch', async () => {
    render(
      <LanguageProvider>
        <Label k="footer.backToTop" />
      </LanguageProvider>,
    );
    expect(screen.getByText('Back to top')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('fr'));
    expect(screen.getByText('Haut de page')).toBeInTheDocument();
  });

  it('still counts and formats a text with a value', () => {
    addArea('counted', { items_one: '{{count}} item', items_other: '{{count}} items' });
    render(<Label k="counted.items" count={12345} />);
    expect(screen.getByText('12,345 items')).toBeInTheDocument();
    render(<Label k="counted.items" count={1} />);
    expect(screen.getByText('1 item')).toBeInTheDocument();
  });

  it('reads a label again once the code that brings its words has loaded', () => {
    const { rerender } = render(<Label k="lateArea.hello" />);
    // Not there yet: i18next shows the key, as before.
    expect(screen.getByText('lateArea.hello')).toBeInTheDocument();
    addArea('lateArea', { hello: 'Hello from a later chunk' });
    rerender(<Label k="lateArea.hello" />);
    expect(screen.getByText('Hello from a later chunk')).toBeInTheDocument();
  });

  it('falls back to English for a label French does not have', async () => {
    addArea('englishOnly', { note: 'Only in English' });
    await act(() => i18n.changeLanguage('fr'));
    render(<Label k="englishOnly.note" />);
    expect(screen.getByText('Only in English')).toBeInTheDocument();
  });

  it('words a text with values as i18next does, and again once its words change', async () => {
    addArea('memo', {
      greeting: 'Hi {{name}}, {{count}} new',
      greeting_one: 'Hi {{name}}, one new',
    });
    const { t } = i18n;
    function Greeting({ name, count }: { name: string; count: number }) {
      const { t: ours } = useTranslation();
      return <p>{ours('memo.greeting', { name, count })}</p>;
    }
    const { rerender } = render(<Greeting name="Ana" count={3} />);
    expect(screen.getByText('Hi Ana, 3 new')).toBeInTheDocument();
    expect(t('memo.greeting', { name: 'Ana', count: 3 })).toBe('Hi Ana, 3 new');
    // Other values, another text; the same values again, the same text.
    rerender(<Greeting name="Bo" count={1} />);
    expect(screen.getByText('Hi Bo, one new')).toBeInTheDocument();
    rerender(<Greeting name="Ana" count={3} />);
    expect(screen.getByText('Hi Ana, 3 new')).toBeInTheDocument();
    // New words for the area (a later chunk, a correction): read again, not from memory.
    addArea('memo', { greeting_other: 'Hello {{name}}: {{count}} new' });
    rerender(<Greeting name="Ana" count={4} />);
    rerender(<Greeting name="Ana" count={3} />);
    expect(screen.getByText('Hello Ana: 3 new')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('fr'));
    expect(screen.getByText('Hello Ana: 3 new')).toBeInTheDocument();
  });
});
