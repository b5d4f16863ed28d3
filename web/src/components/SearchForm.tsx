import { useState } from 'react';
import { Form } from 'react-bootstrap';

/**
 * The admin tables' search box: typed freely, sent on Enter or the button, trimmed; an empty
 * search clears the filter (null).
 */
export function SearchForm({
  label,
  submitText,
  initial,
  onSearch,
  className = 'mb-3',
}: {
  label: string;
  submitText: string;
  initial: string;
  onSearch: (q: string | null) => void;
  className?: string;
}) {
  const [draft, setDraft] = useState(initial);
  return (
    <Form
      role="search"
      className={`d-flex gap-2 ${className}`}
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(draft.trim() || null);
      }}
    >
      <Form.Control
        aria-label={label}
        placeholder={label}
        value={draft}
        maxLength={100}
        onChange={(e) => setDraft(e.target.value)}
      />
      <button type="submit" className="btn btn-accent btn-touch">
        {submitText}
      </button>
    </Form>
  );
}
