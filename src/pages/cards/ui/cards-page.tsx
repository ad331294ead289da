import { useUnit } from 'effector-react';
import { $cards } from '@/entities/card';
import { routePaths } from '@/shared/config';
import { useTranslation } from '@/shared/i18n';
import { usePageLifecycle } from '@/shared/lib';
import { LinkButton, Page } from '@/shared/ui';
import { CardList, cardListTexts } from '@/widgets/card-list';
import { cardsPage } from '../model/cards-page';
import { cardsPageTexts } from '../i18n/texts';

function PlusIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden focusable={false}>
      <path d="M12 5v14M5 12h14" />
    </svg>
  );
}

/** /cards tab (SPEC §2): the user's cards, and the way to issue a new one. */
export function CardsPage() {
  usePageLifecycle(cardsPage);
  const { t } = useTranslation([cardsPageTexts.ns, cardListTexts.ns]);
  const cards = useUnit($cards);
  return (
    <Page
      title={t(`${cardsPageTexts.ns}:title`)}
      safeArea={false}
      footer={
        cards.length > 0 ? (
          <LinkButton to={routePaths.cardIssue} fullWidth icon={<PlusIcon />}>
            {t(`${cardsPageTexts.ns}:issueNew`)}
          </LinkButton>
        ) : undefined
      }
    >
      <CardList />
      <LinkButton to={routePaths.cardsArchive} variant="plain" size="m" fullWidth>
        {t(`${cardListTexts.ns}:archive.link`)}
      </LinkButton>
    </Page>
  );
}
