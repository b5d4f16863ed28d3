import { Form } from 'react-bootstrap';
import { SearchForm } from '@/components/SearchForm';
import { useTranslation } from '@/i18n/useTranslation';
import { SelectOptions } from './SelectOptions';

/**
 * An admin table's search box, and beside it a filter when the table has one (wrapping under it
 * on a phone).
 */
export function FilterBar<F extends string>({
  label,
  initial,
  onSearch,
  filter,
}: {
  /** The search box's label (and placeholder). */
  label: string;
  initial: string;
  onSearch: (q: string | null) => void;
  filter?: {
    label: string;
    value: F;
    values: readonly F[];
    text: (value: F) => string;
    onChange: (value: F) => void;
  };
}) {
  const { t } = useTranslation();
  const search = (className?: string) => (
    <SearchForm
      className={className}
      label={label}
      submitText={t('catalog.common.find')}
      initial={initial}
      onSearch={onSearch}
    />
  );
  if (!filter) return search();
  return (
    <div className="d-flex flex-wrap gap-2 align-items-start">
      {search('mb-3 flex-grow-1')}
      <Form.Select
        aria-label={filter.label}
        className="w-auto mb-3"
        value={filter.value}
        onChange={(e) => filter.onChange(e.target.value as F)}
      >
        <SelectOptions values={filter.values} text={filter.text} />
      </Form.Select>
    </div>
  );
}
