import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/Icon';
import { throttle } from '@/lib/throttle';

export const BACK_TO_TOP_AFTER = 300;

export function BackToTop() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const onScroll = throttle(() => setVisible(window.scrollY > BACK_TO_TOP_AFTER), 100);
    window.addEventListener('scroll', onScroll, { passive: true });
    onScroll();
    return () => {
      window.removeEventListener('scroll', onScroll);
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
