import { useState } from 'react';
import { useTranslation } from '@/i18n/useTranslation';
import { toast } from '@/toasts/toastStore';

/** Copies a value; a refused clipboard gets the spec's "Oops, unable to copy". */
export async function copyText(value: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
    await navigator.clipboard.writeText(value);
    return true;
  } catch {
    return false;
  }
}

export function CopyButton({
  value,
  label,
  className = 'btn btn-outline-secondary btn-touch',
}: {
  value: string;
  label: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className={className}
      aria-label={label}
      onClick={async () => {
        if (await copyText(value)) {
          setCopied(true);
          toast.success(t('shop.copy.done'));
          setTimeout(() => setCopied(false), 2000);
        } else {
          toast.danger(t('shop.copy.failed'));
        }
      }}
    >
      {copied ? t('shop.copy.copied') : t('shop.copy.copy')}
    </button>
  );
}
