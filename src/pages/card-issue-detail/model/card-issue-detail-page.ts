/** /card-issue/detail/:productId: opens the issue form for the product in the route (none: "please select"). */
import { sample } from 'effector';
import { createGate } from 'effector-react';
import { issueFormClosed, issueFormOpened } from '@/features/card-issue';

export const CardIssueDetailGate = createGate<{ productId: string }>({ name: 'CardIssueDetailGate', defaultState: { productId: '' } });

sample({ clock: CardIssueDetailGate.state.updates, filter: CardIssueDetailGate.status, fn: ({ productId }) => productId || null, target: issueFormOpened });
sample({ clock: CardIssueDetailGate.close, target: issueFormClosed });
