import { useUnit } from 'effector-react';
import { useId, type FormEvent } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Button } from '@/shared/ui';
import { ErrorText } from '@/ops/shared/ui';
import { $note, $noteError, addNoteMutation, noteChanged, noteSubmitted } from '../model/user-note';
import styles from './add-note.module.css';

export function AddNote({ userId }: { userId: string }) {
  const { t } = useTranslation('ops-users');
  const id = useId();
  const [note, error, pending] = useUnit([$note, $noteError, addNoteMutation.$pending]);
  const events = useUnit({ noteChanged, noteSubmitted });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    events.noteSubmitted({ userId });
  };
  return (
    <form className={styles.form} onSubmit={submit}>
      <label htmlFor={id} className={styles.label}>
        {t('notes.add')}
      </label>
      <textarea id={id} className={styles.text} value={note} onChange={(e) => events.noteChanged(e.target.value)} rows={3} maxLength={2000} />
      <ErrorText message={error} />
      <div>
        <Button type="submit" size="m" loading={pending} disabled={!note.trim()}>
          {t('notes.save')}
        </Button>
      </div>
    </form>
  );
}
