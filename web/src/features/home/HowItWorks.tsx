import { Icon, type IconName } from '@/components/Icon';
import { useTranslation } from '@/i18n/useTranslation';

const STEPS: { key: string; icon: IconName }[] = [
  { key: 'browse', icon: 'search' },
  { key: 'add', icon: 'chat' },
  { key: 'list', icon: 'zap' },
  { key: 'safe', icon: 'shield' },
];

export function HowItWorks() {
  const { t } = useTranslation();
  return (
    <section className="container-xl py-5">
      <h2 className="h4 mb-4 text-center">{t('home.howTitle')}</h2>
      <div className="row g-3">
        {STEPS.map((step) => (
          <div key={step.key} className="col-12 col-sm-6 col-lg-3">
            <div className="addme-card p-4 h-100">
              <div className="addme-feature-icon mb-3">
                <Icon name={step.icon} />
              </div>
              <h3 className="h6">{t(`home.steps.${step.key}.title`)}</h3>
              <p className="text-body-secondary small mb-0">{t(`home.steps.${step.key}.text`)}</p>
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
