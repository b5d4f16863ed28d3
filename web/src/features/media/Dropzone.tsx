import { useId, useRef, useState } from 'react';
import { useTranslation } from '@/i18n/useTranslation';

/** Drag-and-drop or the file picker (the picker is a real button: keyboard and screen readers). */
export function Dropzone({
  multiple,
  disabled,
  onFiles,
  label,
  hint,
  testId,
}: {
  multiple: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
  label: string;
  hint: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hintId = useId();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the drop target; the button inside is the control.
    <div
      className={`dropzone ${over ? 'is-over' : ''}`}
      data-testid={testId}
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        if (!disabled) onFiles(Array.from(e.dataTransfer.files));
      }}
    >
      <p className="mb-2 fw-medium">{t('community.media.drop')}</p>
      <button
        type="button"
        className="btn btn-accent btn-touch"
        disabled={disabled}
        aria-describedby={hintId}
        onClick={() => input.current?.click()}
      >
        {label}
      </button>
      <p className="small text-body-secondary mb-0 mt-2" id={hintId}>
        {hint}
      </p>
      <input
        ref={input}
        type="file"
        className="d-none"
        accept="image/jpeg,image/png,image/webp,image/gif"
        multiple={multiple}
        aria-label={label}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          e.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </div>
  );
}
