import { useTitle } from '@/hooks/useTitle';

/** The centred card every auth page sits in. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: React.ReactNode;
}) {
  useTitle(title);
  return (
    <div className="addme-auth mx-auto">
      <div className="addme-card p-4 p-sm-5">
        <h1 className="h3 mb-1">{title}</h1>
        {subtitle && <p className="text-body-secondary mb-4">{subtitle}</p>}
        {!subtitle && <div className="mb-4" />}
        {children}
      </div>
    </div>
  );
}
