import { ReminderModal } from '@/features/reminders/ReminderModal';
import { NotEnoughTopUpsModal } from './NotEnoughTopUpsModal';

/** The economy modals a layout hosts: not-enough-Top-Ups (opened by actions) and the reminders. */
export function WalletHost() {
  return (
    <>
      <NotEnoughTopUpsModal />
      <ReminderModal />
    </>
  );
}
