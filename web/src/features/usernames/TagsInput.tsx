import { useState } from 'react';
import { ErrorText } from '@/components/FormField';
import { useTranslation } from '@/i18n/useTranslation';
import { isValidTag, MAX_TAGS, normalizeTag } from './schema';

/** Tags as chips: Enter, comma or Tab adds one; Backspace on an empty field removes the last. */
export function TagsInput({
  id,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  id: string;
  value: string[];
  onChange: (tags: string[]) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const full = value.length >= MAX_TAGS;

  const add = (raw: string) => {
    const tag = normalizeTag(raw);
    if (!tag) return true;
    if (value.includes(tag)) {
      setDraft('');
      return true;
    }
    if (full) {
      setProblem(t('listings.form.errors.tagsMax', { count: MAX_TAGS }));
      return false;
    }
    if (!isValidTag(tag)) {
      setProblem(t('listings.form.errors.tag'));
      return false;
    }
    onChange([...value, tag]);
    setDraft('');
    setProblem(null);
    return true;
  };

  return (
    <>
      <div className={`form-control chips-input ${invalid || problem ? 'is-invalid' : ''}`}>
        {value.map((tag) => (
          <span key={tag} className="tag-chip">
            #{tag}
            <button
              type="button"
              className="chip-remove"
              aria-label={t('listings.form.removeTag', { tag })}
              onClick={(e) => {
                e.stopPropagation();
                onChange(value.filter((x) => x !== tag));
              }}
            >
              ×
            </button>
          </span>
        ))}
        <input
          id={id}
          value={draft}
          disabled={full}
          placeholder={full ? t('listings.form.tagsFull') : t('listings.form.tagsPlaceholder')}
          aria-describedby={describedBy}
          autoComplete="off"
          enterKeyHint="enter"
          onChange={(e) => {
            const next = e.target.value;
            if (next.endsWith(',')) add(next.slice(0, -1));
            else setDraft(next);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || (e.key === 'Tab' && draft.trim())) {
              if (draft.trim()) {
                e.preventDefault();
                add(draft);
              } else if (e.key === 'Enter') e.preventDefault();
            } else if (e.key === 'Backspace' && !draft && value.length > 0) {
              onChange(value.slice(0, -1));
            }
          }}
          onBlur={() => draft.trim() && add(draft)}
        />
      </div>
      <ErrorText text={problem} />
    </>
  );
}
