/**
 * /card-issue/detail/:productId: opens the issue form for the product in the route (none: "please select");
 * an issued card opens its own screen (in place of this one).
 */
import { sample } from 'effector';
import { $issuedCard, issueFormClosed, issueFormOpened } from '@/features/card/issue';
import { routePaths } from '@/shared/config';
import { createPageLifecycle, navigateFx } from '@/shared/lib';

export const cardIssueDetailPage = createPageLifecycle<{ productId: string }>('cardIssueDetailPage');

sample({ clock: cardIssueDetailPage.opened, fn: ({ productId }) => productId || null, target: issueFormOpened });
sample({ clock: cardIssueDetailPage.closed, target: issueFormClosed });
sample({
  clock: $issuedCard,
  filter: Boolean,
  fn: (card) => ({ to: routePaths.card(card.id), replace: true }),
  target: navigateFx,
});
