/** The review queue: users under verification, longest waiting first; a decision takes the user off it. */
import { sample } from 'effector';
import { opsKycQueue } from '@/shared/contract/ops';
import { createPageLifecycle } from '@/shared/lib';
import { kycDecision } from '@/ops/features/kyc-decision';
import { createPagedList } from '@/ops/shared/api';

export const kycQueuePage = createPageLifecycle('opsKycQueuePage');
export const queueList = createPagedList(opsKycQueue, 'ops.kyc.queue', 'ops-kyc:loadFailed');

sample({ clock: kycQueuePage.opened, fn: () => ({ query: { limit: 20 } }), target: queueList.loaded });
sample({ clock: kycDecision.done, target: queueList.reloaded });
