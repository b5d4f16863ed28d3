import { useEffect, useState } from 'react';
import { Icon } from '@/components/Icon';
import { useTranslation } from '@/i18n/useTranslation';
import { throttle } from '@/lib/throttle';

export const BACK_TO_TOP_AFTER = 300;

export function BackToTop() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const onScroll = throttle(() => setVisible(window.scrollY > BACK_TO_TOP_AFTER), 100);
    window.addEventListener('scroll', onScroll, { passive: true });
    // The first look at the scroll position waits for the next frame: read while the page's first
    // render is being committed, it forced a layout of the whole page in that same long task.
    const frame = window.requestAnimationFrame(onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.cancelAnimationFrame(frame);
      onScroll.cancel();
    };
  }, []);

  if (!visible) return null;
  return (
    <button
      type="button"
      className="addme-back-to-top btn btn-accent"
      aria-label={t('footer.backToTop')}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <Icon name="up" />
    </button>
  );
}
