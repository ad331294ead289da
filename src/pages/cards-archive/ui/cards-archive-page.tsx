import { useTranslation } from '@/shared/i18n';
import { usePageLifecycle } from '@/shared/lib';
import { Page } from '@/shared/ui';
import { ArchivedCardList, cardListTexts } from '@/widgets/card-list';
import { cardsArchivePage } from '../model/cards-archive-page';

/** /cards/archive (issue #14): closed, blocked, rejected and failed cards; each still opens with its history. */
export function CardsArchivePage() {
  usePageLifecycle(cardsArchivePage);
  const { t } = useTranslation(cardListTexts.ns);
  return (
    <Page title={t('archive.title')} safeArea={false}>
      <ArchivedCardList />
    </Page>
  );
}
