import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '@/i18n/useTranslation';
import { positionKey, stackOffsets, type Toast } from './toastOptions';
import { dismissToast, getToasts, subscribe } from './toastStore';

const TYPE_CLASS: Record<Toast['type'], string> = {
  default: 'toast-default',
  info: 'text-bg-info',
  primary: 'text-bg-primary',
  danger: 'text-bg-danger',
  warning: 'text-bg-warning',
  success: 'text-bg-success',
};

function ToastItem({
  toast,
  offset,
  onHeight,
}: {
  toast: Toast;
  offset: number;
  onHeight: (id: number, height: number) => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    if (ref.current) onHeight(toast.id, ref.current.offsetHeight);
  });

  // A click anywhere on the toast closes it (the close button is the keyboard way); a confirm
  // toast waits for Cancel or Confirm instead.
  useEffect(() => {
    const el = ref.current;
    if (!el || toast.confirm) return;
    const onClick = () => dismissToast(toast.id);
    el.addEventListener('click', onClick);
    return () => el.removeEventListener('click', onClick);
  }, [toast.id, toast.confirm]);

  const style: React.CSSProperties = { [toast.vertical]: offset };
  const urgent = toast.type === 'danger' || toast.type === 'warning';
  const close = () => dismissToast(toast.id);

  return (
    <div
      ref={ref}
      className={`addme-toast toast show ${TYPE_CLASS[toast.type]} addme-toast-${toast.horizontal}`}
      style={style}
      role={urgent ? 'alert' : 'status'}
      aria-live={urgent ? 'assertive' : 'polite'}
      data-testid="toast"
      data-type={toast.type}
    >
      <div className="d-flex align-items-start gap-2 p-3">
        <div className="flex-grow-1">
          {toast.title && <div className="fw-semibold mb-1">{toast.title}</div>}
          <div className="addme-toast-message">{toast.message}</div>
          {toast.confirm && (
            <div className="d-flex gap-2 justify-content-end mt-3">
              <button
                type="button"
                className="btn btn-light btn-touch"
                onClick={() => {
                  close();
                  toast.confirm?.onCancel?.();
                }}
              >
                {toast.confirm.cancelLabel ?? t('toast.cancel')}
              </button>
              <button
                type="button"
                className="btn btn-dark btn-touch"
                onClick={() => {
                  close();
                  toast.confirm?.onConfirm();
                }}
              >
                {toast.confirm.confirmLabel ?? t('toast.confirm')}
              </button>
            </div>
          )}
        </div>
        <button
          type="button"
          className="btn-close addme-toast-close"
          aria-label={t('toast.close')}
          onClick={(e) => {
            e.stopPropagation();
            close();
          }}
        />
      </div>
    </div>
  );
}

export function ToastStack() {
  const toasts = useSyncExternalStore(subscribe, getToasts, getToasts);
  const [heights, setHeights] = useState<Record<number, number>>({});

  const onHeight = (id: number, height: number) => {
    setHeights((prev) => (prev[id] === height ? prev : { ...prev, [id]: height }));
  };

  const groups = new Map<string, Toast[]>();
  for (const toast of toasts) {
    const key = positionKey(toast);
    groups.set(key, [...(groups.get(key) ?? []), toast]);
  }

  return (
    <div className="addme-toasts">
      {[...groups.values()].flatMap((group) => {
        const offsets = stackOffsets(group.map((t) => heights[t.id] ?? 0));
        return group.map((toast, i) => (
          <ToastItem key={toast.id} toast={toast} offset={offsets[i]} onHeight={onHeight} />
        ));
      })}
    </div>
  );
}
