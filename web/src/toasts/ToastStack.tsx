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

/** Below this width the header's menu collapses: a phone, where toasts sit at the bottom. */
const PHONE_MAX = 991.98;

/** Where a toast goes on this screen: on a phone, a top toast goes to the bottom, clear of the
 * header's menu button, search and account menu. */
const placed = (toast: Toast, phone: boolean): Toast =>
  phone && toast.vertical === 'top' ? { ...toast, vertical: 'bottom' } : toast;

/** How far down the header's controls reach (the sticky header, and anything above it in view). */
function headerBottom(): number {
  const header = document.querySelector('.addme-navbar');
  return header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
}

/** The header's bottom edge and whether this is a phone, kept while toasts are shown. */
function useScreen(active: boolean) {
  const [screen, setScreen] = useState({ header: 0, phone: false });
  useLayoutEffect(() => {
    if (!active) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const next = { header: headerBottom(), phone: window.innerWidth <= PHONE_MAX };
      setScreen((prev) => (prev.header === next.header && prev.phone === next.phone ? prev : next));
    };
    const later = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', later, { passive: true });
    window.addEventListener('resize', later);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', later);
      window.removeEventListener('resize', later);
    };
  }, [active]);
  return screen;
}

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

  const screen = useScreen(toasts.length > 0);
  const groups = new Map<string, Toast[]>();
  for (const shown of toasts) {
    const toast = placed(shown, screen.phone);
    const key = positionKey(toast);
    groups.set(key, [...(groups.get(key) ?? []), toast]);
  }

  return (
    <div className="addme-toasts">
      {[...groups.values()].flatMap((group) => {
        const offsets = stackOffsets(group.map((t) => heights[t.id] ?? 0));
        // Top toasts start below the header, never over its search and Account menu.
        const below = (toast: Toast) => (toast.vertical === 'top' ? screen.header : 0);
        return group.map((toast, i) => (
          <ToastItem
            key={toast.id}
            toast={toast}
            offset={(offsets[i] ?? 0) + below(toast)}
            onHeight={onHeight}
          />
        ));
      })}
    </div>
  );
}
