import { useState } from 'react';
import { useTranslation } from '@/i18n/useTranslation';
import { avatarGradient, initials } from './avatar';
import './cards.css';

/** A square avatar: the member's picture, or initials on a gradient when there is none. */
export function Avatar({
  username,
  picture,
  size,
  eager = false,
}: {
  username: string;
  picture?: string | null;
  size?: 'sm';
  eager?: boolean;
}) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState(false);
  const className = `uavatar ${size === 'sm' ? 'uavatar-sm' : ''}`;
  if (picture && !broken) {
    return (
      <div className={className}>
        <img
          src={picture}
          alt={t('listings.card.pictureAlt', { username })}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          onError={() => setBroken(true)}
        />
      </div>
    );
  }
  return (
    <div className={className} style={{ background: avatarGradient(username) }} aria-hidden="true">
      <span className="uavatar-initials">{initials(username)}</span>
    </div>
  );
}
