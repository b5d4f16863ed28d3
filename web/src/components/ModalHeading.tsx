import { Modal } from 'react-bootstrap';
import { useTranslation } from '@/i18n/useTranslation';

/** A modal's title bar: its heading (the id the modal is labelled by) and the close button. */
export function ModalHeading({
  id,
  title,
  closeLabel,
}: {
  id: string;
  title: string;
  closeLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <Modal.Header closeButton closeLabel={closeLabel ?? t('toast.close')}>
      <Modal.Title id={id} as="h2" className="h5">
        {title}
      </Modal.Title>
    </Modal.Header>
  );
}
